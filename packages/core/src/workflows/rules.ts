import type { TriggerName } from '../events/triggers';
import { WORKFLOW_ACTIONS, WORKFLOW_ACTIONS_NOT_YET, WORKFLOW_PARAM_WORDS } from './actions';
import {
  nextStepsOf,
  TRIGGER_RESOURCE_KEYS,
  type TriggerResource,
  type WorkflowDefinition,
} from './definition';

/** A workflow's life: a draft until published; an active one runs; a paused one starts none. */
export const WORKFLOW_STATUSES = ['draft', 'active', 'paused'] as const;
export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];

/** What the mirror rule reads of a workflow. */
export interface WorkflowForMirror {
  workflowId: string;
  status: WorkflowStatus;
  /** A deleted workflow has no mirror. */
  deleted?: boolean;
  /** The live version's definition. */
  definition: WorkflowDefinition;
}

/** SPEC §4: a workflow's entry in the triggers index, keyed by workflowId. */
export interface TriggerMirror {
  workflowId: string;
  triggerType: TriggerName;
  resource: TriggerResource;
}

/**
 * Whether a trigger step's resource names what its trigger needs (and nothing it does not
 * use): only then is it a "selected resource".
 */
export function resourceComplete(triggerType: TriggerName, resource: TriggerResource): boolean {
  const keys = TRIGGER_RESOURCE_KEYS[triggerType];
  const allowed = new Set<string>([...keys.required, ...keys.optional]);
  return (
    keys.required.every((k) => resource[k] !== undefined) &&
    Object.keys(resource).every((k) => allowed.has(k))
  );
}

/**
 * SPEC §4: a workflow whose first step, a Trigger, has a selected trigger value and resource is
 * mirrored to the triggers index; only an active workflow is (a draft, a paused or a deleted one
 * has no mirror, so no event starts it). Null: no mirror.
 */
export function triggerMirror(workflow: WorkflowForMirror): TriggerMirror | null {
  if (workflow.deleted || workflow.status !== 'active') return null;
  const root = workflow.definition.steps[workflow.definition.rootStepId];
  if (root?.type !== 'trigger' || !root.triggerType || !root.resource) return null;
  if (!resourceComplete(root.triggerType, root.resource)) return null;
  return {
    workflowId: workflow.workflowId,
    triggerType: root.triggerType,
    resource: root.resource,
  };
}

/**
 * The columns an event is looked up by in the triggers index: the pipeline, the stage it is
 * about (the stage a contact goes to, for a stage change) and the tag or label. Null matches
 * any value.
 */
export function triggerLookupKeys(mirror: TriggerMirror) {
  const r = mirror.resource;
  return {
    pipelineUID: r.pipelineUID ?? null,
    stageUID: r.toStageUID ?? r.stageUID ?? null,
    tagID: r.tagID ?? null,
    labelUID: r.labelUID ?? null,
  };
}

/** One reason a workflow may not go live: the step it is about (null: the whole workflow). */
export interface PublishProblem {
  stepId: string | null;
  message: string;
}

const RESOURCE_WORDS: Record<keyof TriggerResource, string> = {
  pipelineUID: 'a pipeline',
  stageUID: 'a stage',
  fromStageUID: 'a from-stage',
  toStageUID: 'a to-stage',
  tagID: 'a tag',
  labelUID: 'a status label',
  templateId: 'a message template',
  platform: 'a platform',
  dateField: 'which date',
  offsetMinutes: 'how long before or after that date',
  time: 'a time of day',
};

const named = (def: WorkflowDefinition, stepId: string) => {
  const step = def.steps[stepId]!;
  if (step.label) return `“${step.label}”`;
  if (step.type === 'action') return `The “${WORKFLOW_ACTIONS[step.action].label}” step`;
  return `The ${step.type} step`;
};

function triggerProblems(def: WorkflowDefinition): PublishProblem[] {
  const stepId = def.rootStepId;
  const root = def.steps[stepId];
  if (root?.type !== 'trigger') {
    return [{ stepId: null, message: 'The workflow must start with a trigger.' }];
  }
  if (!root.triggerType) {
    return [{ stepId, message: 'Choose what starts the workflow: the trigger has no event.' }];
  }
  const keys = TRIGGER_RESOURCE_KEYS[root.triggerType];
  const resource = root.resource ?? {};
  const problems: PublishProblem[] = keys.required
    .filter((k) => resource[k] === undefined)
    .map((k) => ({ stepId, message: `The trigger needs ${RESOURCE_WORDS[k]}.` }));
  const allowed = new Set<string>([...keys.required, ...keys.optional]);
  for (const k of Object.keys(resource) as (keyof TriggerResource)[]) {
    if (!allowed.has(k)) {
      problems.push({
        stepId,
        message: `This trigger cannot be narrowed by ${RESOURCE_WORDS[k]}.`,
      });
    }
  }
  if (!root.resource && problems.length === 0) {
    problems.push({ stepId, message: 'Choose what the trigger applies to.' });
  }
  return problems;
}

function stepProblems(def: WorkflowDefinition): PublishProblem[] {
  const problems: PublishProblem[] = [];
  for (const [stepId, step] of Object.entries(def.steps)) {
    for (const { branch, stepId: target } of nextStepsOf(step)) {
      if (target !== null && !def.steps[target]) {
        problems.push({
          stepId,
          message: `${named(def, stepId)} leads to a step that does not exist (${branch}).`,
        });
      }
      if (target === def.rootStepId) {
        problems.push({ stepId, message: `${named(def, stepId)} leads back to the trigger.` });
      }
    }
    if (step.type === 'action' && WORKFLOW_ACTIONS_NOT_YET[step.action]) {
      problems.push({ stepId, message: WORKFLOW_ACTIONS_NOT_YET[step.action]! });
    } else if (step.type === 'action') {
      const parsed = WORKFLOW_ACTIONS[step.action].params.safeParse(step.params);
      if (!parsed.success) {
        const fields = [...new Set(parsed.error.issues.map((i) => String(i.path[0] ?? '')))].filter(
          Boolean,
        );
        const words = fields.map((f) => WORKFLOW_PARAM_WORDS[f] ?? f);
        problems.push({
          stepId,
          message:
            words.length > 0
              ? `${named(def, stepId)} needs ${words.join(', ')}.`
              : `${named(def, stepId)} is not complete.`,
        });
      }
    }
    if (step.type === 'wait' && step.wait.kind === 'event' && !step.wait.timeout) {
      problems.push({
        stepId,
        message: `${named(def, stepId)} waits for an event with no timeout: say how long to wait before giving up.`,
      });
    }
  }
  return problems;
}

/** Steps no path from the trigger reaches. */
function unreachable(def: WorkflowDefinition): string[] {
  const seen = new Set<string>();
  const stack = [def.rootStepId];
  while (stack.length > 0) {
    const id = stack.pop()!;
    const step = def.steps[id];
    if (seen.has(id) || !step) continue;
    seen.add(id);
    for (const n of nextStepsOf(step)) if (n.stepId !== null) stack.push(n.stepId);
  }
  return Object.keys(def.steps).filter((id) => !seen.has(id));
}

/**
 * Loops that pass no wait step: a run in one would go round without end within one job. Each
 * is reported once, as the ids of its steps in order.
 */
function cyclesWithoutWait(def: WorkflowDefinition): string[][] {
  const edges = (id: string) => {
    const step = def.steps[id];
    if (!step || step.type === 'wait') return [];
    return nextStepsOf(step)
      .map((n) => n.stepId)
      .filter((n): n is string => n !== null && def.steps[n] !== undefined);
  };
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const cycles: string[][] = [];
  const visit = (id: string) => {
    state.set(id, 'open');
    path.push(id);
    for (const n of edges(id)) {
      const s = state.get(n);
      if (s === 'open') cycles.push(path.slice(path.indexOf(n)));
      else if (s === undefined) visit(n);
    }
    path.pop();
    state.set(id, 'done');
  };
  for (const id of Object.keys(def.steps)) if (!state.has(id)) visit(id);
  return cycles;
}

/**
 * Everything that keeps a definition from going live, in words a person understands, each with
 * the step it is about; empty when it may be published.
 */
export function validateForPublish(def: WorkflowDefinition): PublishProblem[] {
  const problems = [...triggerProblems(def), ...stepProblems(def)];
  const root = def.steps[def.rootStepId];
  if (root?.type === 'trigger' && root.next === null) {
    problems.push({ stepId: def.rootStepId, message: 'Add a step after the trigger.' });
  }
  for (const stepId of unreachable(def)) {
    problems.push({
      stepId,
      message: `${named(def, stepId)} is not connected: no path from the trigger reaches it.`,
    });
  }
  for (const cycle of cyclesWithoutWait(def)) {
    problems.push({
      stepId: cycle[0]!,
      message: `These steps go round in a loop with no wait: ${cycle.map((id) => named(def, id)).join(' → ')}. Add a wait step to the loop.`,
    });
  }
  return problems;
}
