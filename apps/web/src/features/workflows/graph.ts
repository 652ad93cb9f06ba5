import { nextStepsOf, type WorkflowDefinition, type WorkflowStep } from '@leadloom/core';

/**
 * The builder's edits as pure functions of the definition: the definition is the one state, and
 * the canvas's nodes and edges are drawn from it, so what is saved is what is shown.
 */

export type StepType = WorkflowStep['type'];
export type AddableType = Exclude<StepType, 'trigger'>;
/** A way out of a step: `next`, a condition's `then`/`else`, an event wait's `timeoutNext`. */
export type Branch = 'next' | 'then' | 'else' | 'timeoutNext';

export const BRANCH_WORDS: Record<Branch, string> = {
  next: 'Next',
  then: 'Then',
  else: 'Else',
  timeoutNext: 'Timeout',
};

/** How a branch reads on a step: an event wait's `next` is taken when the event comes. */
export function branchWord(step: WorkflowStep, branch: Branch): string {
  if (step.type === 'wait' && step.wait.kind === 'event' && branch === 'next') return 'Next';
  return BRANCH_WORDS[branch];
}

export function branchesOf(step: WorkflowStep): { branch: Branch; stepId: string | null }[] {
  return nextStepsOf(step) as { branch: Branch; stepId: string | null }[];
}

/** An edge of the canvas: from a step's branch to a step. */
export interface StepEdge {
  id: string;
  source: string;
  sourceHandle: Branch;
  target: string;
}

export const edgeId = (source: string, branch: Branch) => `${source}:${branch}`;

export function edgesOf(def: WorkflowDefinition): StepEdge[] {
  const edges: StepEdge[] = [];
  for (const [source, step] of Object.entries(def.steps)) {
    for (const { branch, stepId } of branchesOf(step)) {
      if (stepId !== null && def.steps[stepId]) {
        edges.push({ id: edgeId(source, branch), source, sourceHandle: branch, target: stepId });
      }
    }
  }
  return edges;
}

/** The step with `branch` pointing at `target` (null: the run ends there). */
function withBranch(step: WorkflowStep, branch: Branch, target: string | null): WorkflowStep {
  switch (step.type) {
    case 'trigger':
    case 'action':
      return branch === 'next' ? { ...step, next: target } : step;
    case 'condition':
      return branch === 'then'
        ? { ...step, then: target }
        : branch === 'else'
          ? { ...step, else: target }
          : step;
    case 'wait':
      if (branch === 'next') return { ...step, next: target };
      if (branch === 'timeoutNext' && step.wait.kind === 'event') {
        return { ...step, wait: { ...step.wait, timeoutNext: target } };
      }
      return step;
    case 'stop':
      return step;
  }
}

/** Points `source`'s `branch` at `target`, or ends the run there (`null`). */
export function connect(
  def: WorkflowDefinition,
  source: string,
  branch: Branch,
  target: string | null,
): WorkflowDefinition {
  const step = def.steps[source];
  if (!step || (target !== null && (!def.steps[target] || target === def.rootStepId))) return def;
  if (target === source) return def;
  return { ...def, steps: { ...def.steps, [source]: withBranch(step, branch, target) } };
}

/** Removes a step (never the trigger) and every branch that led to it. */
export function removeStep(def: WorkflowDefinition, stepId: string): WorkflowDefinition {
  if (stepId === def.rootStepId || !def.steps[stepId]) return def;
  const steps: Record<string, WorkflowStep> = {};
  for (const [id, step] of Object.entries(def.steps)) {
    if (id === stepId) continue;
    let s = step;
    for (const { branch, stepId: to } of branchesOf(step)) {
      if (to === stepId) s = withBranch(s, branch, null);
    }
    steps[id] = s;
  }
  return { ...def, steps };
}

/** A new step of `type` with nothing chosen yet. */
export function blankStep(type: AddableType, position: { x: number; y: number }): WorkflowStep {
  switch (type) {
    case 'action':
      return { type, action: 'addTags', params: {}, next: null, position };
    case 'condition':
      return { type, filter: {}, then: null, else: null, position };
    case 'wait':
      return {
        type,
        wait: { kind: 'duration', duration: { amount: 1, unit: 'days' } },
        next: null,
        position,
      };
    case 'stop':
      return { type, position };
  }
}

export function newStepId(def: WorkflowDefinition, type: AddableType): string {
  for (let n = 1; ; n++) {
    const id = `${type}-${n}`;
    if (!def.steps[id]) return id;
  }
}

const STEP_GAP = 150;
const BRANCH_SHIFT: Record<Branch, number> = { next: 0, then: -160, else: 160, timeoutNext: 200 };

/**
 * Adds a step of `type`. After `from`: on the branch given, else its first free one, placed
 * below it (a branch to the side); with no `from` it stands alone, to be connected by hand.
 */
export function addStep(
  def: WorkflowDefinition,
  type: AddableType,
  from?: { stepId: string; branch?: Branch },
): { def: WorkflowDefinition; stepId: string } {
  const stepId = newStepId(def, type);
  const source = from ? def.steps[from.stepId] : undefined;
  const branches = source ? branchesOf(source) : [];
  const branch =
    from?.branch ?? branches.find((b) => b.stepId === null)?.branch ?? branches[0]?.branch;
  // A step on its own goes beside the others, level with the trigger's first step.
  const origin = source?.position ?? { x: maxX(def) + 300, y: 0 };
  const position = {
    x: origin.x + (branch && branches.length > 1 ? BRANCH_SHIFT[branch] : 0),
    y: origin.y + STEP_GAP,
  };
  let next: WorkflowDefinition = {
    ...def,
    steps: { ...def.steps, [stepId]: blankStep(type, position) },
  };
  if (source && branch) next = connect(next, from!.stepId, branch, stepId);
  return { def: next, stepId };
}

function maxX(def: WorkflowDefinition) {
  return Math.max(0, ...Object.values(def.steps).map((s) => s.position?.x ?? 0));
}

/** Where each step is drawn: its saved position, else a column under the trigger. */
export function positionsOf(def: WorkflowDefinition): Record<string, { x: number; y: number }> {
  const out: Record<string, { x: number; y: number }> = {};
  let row = 0;
  for (const [id, step] of Object.entries(def.steps)) {
    out[id] = step.position ?? { x: 0, y: row * STEP_GAP };
    row++;
  }
  return out;
}

export function moveStep(
  def: WorkflowDefinition,
  stepId: string,
  position: { x: number; y: number },
): WorkflowDefinition {
  const step = def.steps[stepId];
  if (!step) return def;
  const rounded = { x: Math.round(position.x), y: Math.round(position.y) };
  return { ...def, steps: { ...def.steps, [stepId]: { ...step, position: rounded } } };
}

export function replaceStep(
  def: WorkflowDefinition,
  stepId: string,
  step: WorkflowStep,
): WorkflowDefinition {
  return { ...def, steps: { ...def.steps, [stepId]: step } };
}

/** The definition with every step's drawn position written in, so saving keeps the layout. */
export function withPositions(def: WorkflowDefinition): WorkflowDefinition {
  const positions = positionsOf(def);
  const steps: Record<string, WorkflowStep> = {};
  for (const [id, step] of Object.entries(def.steps)) {
    steps[id] = step.position ? step : { ...step, position: positions[id]! };
  }
  return { ...def, steps };
}
