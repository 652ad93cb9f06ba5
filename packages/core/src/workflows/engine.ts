import type { TriggerName, workflowTriggerPayloadSchema } from '../events/triggers';
import { addDays, zonedInstant, zonedParts } from '../tasks';
import type { z } from 'zod';
import {
  durationMs,
  type ActionStep,
  type ConditionStep,
  type WaitStep,
  type WorkflowDefinition,
  type WorkflowWaitEvent,
} from './definition';
import type { TriggerMirror } from './rules';

/**
 * The engine's rules, pure: which events start a workflow, what a run does at its cursor, and
 * where it goes next. The server's runner keeps a run's cursor in a row and applies one move per
 * transaction (the action's writes, the run's new cursor and its step log commit together), so a
 * crash repeats no step and loses none.
 */

/** An event as a `workflow-trigger` outbox row carries it. */
export type WorkflowTriggerPayload = z.infer<typeof workflowTriggerPayloadSchema>;

/**
 * How deep a chain of workflows may go: a run's actions fire events that may start runs, one
 * level deeper. A workflow that triggers itself (or two that trigger each other) stops here,
 * with a reason the run log shows.
 */
export const WORKFLOW_MAX_DEPTH = 5;

/**
 * Most moves one run makes. Publish refuses a cycle without a wait, so only a loop through a
 * wait goes on, and each pass waits; this bounds a run that loops for months.
 */
export const WORKFLOW_MAX_MOVES = 1_000;

/** Why a run ended, as the run log says it. */
export const RUN_END_REASONS = {
  completed: 'Finished',
  stopped: 'Stopped at a Stop step',
  'missing-step': 'Its next step is gone from the workflow',
  'too-deep': `Not started: workflows triggered each other ${WORKFLOW_MAX_DEPTH} times in a row`,
  'too-many-moves': `Stopped after ${WORKFLOW_MAX_MOVES} steps`,
} as const;
export type RunEndReason = keyof typeof RUN_END_REASONS;

/**
 * Whether an event starts the workflow a trigger mirror stands for. Facts about the contact that
 * the event does not carry (that it is in a pipeline, for a task, a note or a date) are
 * `placement`: the runner checks them against the database before it starts a run.
 */
export function triggerMatch(
  mirror: TriggerMirror,
  event: WorkflowTriggerPayload,
): { matches: false } | { matches: true; placement: { pipelineUID: string } | null } {
  const no = { matches: false } as const;
  if (mirror.triggerType !== event.trigger) return no;
  const r = mirror.resource;
  const same = (want: string | undefined, got: string | null | undefined) =>
    want === undefined || want === got;
  const yes = (placement: { pipelineUID: string } | null = null) =>
    ({ matches: true, placement }) as const;
  switch (event.trigger) {
    case 'contactCreated':
      return same(r.pipelineUID, event.pipelineUID) && same(r.stageUID, event.data.stageUID)
        ? yes()
        : no;
    case 'addedToPipeline':
      return same(r.pipelineUID, event.pipelineUID) && same(r.stageUID, event.data.stageUID)
        ? yes()
        : no;
    case 'stageChanged':
      return same(r.pipelineUID, event.pipelineUID) &&
        same(r.fromStageUID, event.data.from) &&
        same(r.toStageUID, event.data.to)
        ? yes()
        : no;
    case 'tagAdded':
    case 'tagRemoved':
      return same(r.tagID, event.data.tagID) && same(r.pipelineUID, event.pipelineUID) ? yes() : no;
    case 'statusLabelChanged':
      return same(r.labelUID, event.data.to ?? undefined) ? yes() : no;
    case 'messageSent':
      return same(r.templateId, event.data.templateId) && same(r.platform, event.data.platform)
        ? yes()
        : no;
    case 'replyReceived':
      return same(r.platform, event.data.platform) ? yes() : no;
    case 'taskCompleted':
    case 'noteAdded':
      return yes(r.pipelineUID ? { pipelineUID: r.pipelineUID } : null);
    case 'dateReached':
      return same(r.dateField, event.data.field)
        ? yes(r.pipelineUID ? { pipelineUID: r.pipelineUID } : null)
        : no;
    // A schedule or a person's "run" names the workflow it is for.
    case 'schedule':
      return yes(r.pipelineUID ? { pipelineUID: r.pipelineUID } : null);
    case 'manual':
      return event.data.workflowId === mirror.workflowId ? yes() : no;
  }
}

/** What a run does at its cursor. */
export type RunMove =
  /** Apply the action, then go on to `next`. */
  | { kind: 'act'; stepId: string; step: ActionStep; next: string | null }
  /** Match the contact against the condition's filter: `then` if it matches, else `else`. */
  | { kind: 'decide'; stepId: string; step: ConditionStep }
  /**
   * Wait until `until` (epoch ms; the runner picks the run up then), or for `event` about the
   * contact, whichever comes first. `onEvent` and `onTimeout` are where each leads.
   */
  | {
      kind: 'wait';
      stepId: string;
      until: number;
      event: WorkflowWaitEvent | null;
      onEvent: string | null;
      onTimeout: string | null;
    }
  | { kind: 'end'; reason: RunEndReason };

/**
 * The run's move at `stepId` (null: past the last step), at `now` in the team's time zone. The
 * trigger step is where a run starts and does nothing itself.
 */
export function moveAt(
  def: WorkflowDefinition,
  stepId: string | null,
  now: number,
  zone: string,
): RunMove {
  let at = stepId;
  // A trigger only hands on; at most one is passed (it is the root, and has no way back to it
  // but through other steps).
  for (let hops = 0; hops < 2; hops++) {
    if (at === null) return { kind: 'end', reason: 'completed' };
    const step = def.steps[at];
    if (!step) return { kind: 'end', reason: 'missing-step' };
    switch (step.type) {
      case 'trigger':
        at = step.next;
        continue;
      case 'action':
        return { kind: 'act', stepId: at, step, next: step.next };
      case 'condition':
        return { kind: 'decide', stepId: at, step };
      case 'wait':
        return waitMove(at, step, now, zone);
      case 'stop':
        return { kind: 'end', reason: 'stopped' };
    }
  }
  return { kind: 'end', reason: 'missing-step' };
}

function waitMove(stepId: string, step: WaitStep, now: number, zone: string): RunMove {
  const w = step.wait;
  switch (w.kind) {
    case 'duration':
      return {
        kind: 'wait',
        stepId,
        until: now + durationMs(w.duration),
        event: null,
        onEvent: null,
        onTimeout: step.next,
      };
    case 'until':
      return {
        kind: 'wait',
        stepId,
        until: w.date ? zonedInstant(w.date, w.time, zone) : nextTimeOfDay(w.time, now, zone),
        event: null,
        onEvent: null,
        onTimeout: step.next,
      };
    case 'event':
      // A draft may lack its timeout; publish requires one. Unpublished, it waits a year.
      return {
        kind: 'wait',
        stepId,
        until: now + (w.timeout ? durationMs(w.timeout) : 366 * 86_400_000),
        event: w.event,
        onEvent: step.next,
        onTimeout: w.timeoutNext,
      };
  }
}

/** The next instant the zone's clocks show `time` after `now` (today's if still ahead). */
export function nextTimeOfDay(time: string, now: number, zone: string): number {
  const today = zonedParts(now, zone).date;
  const atToday = zonedInstant(today, time, zone);
  return atToday > now ? atToday : zonedInstant(addDays(today, 1), time, zone);
}

/**
 * Where a run is, as its row keeps it. `moves` counts the moves it has made: the runner logs each
 * move under (run, moves), so a move applied once cannot be logged, nor applied, again.
 */
export type RunState =
  | { status: 'ready'; cursor: string | null; moves: number }
  | {
      status: 'waiting';
      stepId: string;
      until: number;
      event: WorkflowWaitEvent | null;
      onEvent: string | null;
      onTimeout: string | null;
      moves: number;
    }
  | { status: 'ended'; reason: RunEndReason; moves: number };

/** A new run, at its workflow's trigger. */
export const startState = (def: WorkflowDefinition): RunState => ({
  status: 'ready',
  cursor: def.rootStepId,
  moves: 0,
});

/**
 * The state after `move` was made from a ready run: an action applied, a condition decided
 * (`matched`), a wait begun, or the end reached.
 */
export function afterMove(state: RunState, move: RunMove, matched = false): RunState {
  const moves = state.moves + 1;
  switch (move.kind) {
    case 'act':
      return capped({ status: 'ready', cursor: move.next, moves });
    case 'decide':
      return capped({ status: 'ready', cursor: afterDecision(move.step, matched), moves });
    case 'wait':
      return capped({
        status: 'waiting',
        stepId: move.stepId,
        until: move.until,
        event: move.event,
        onEvent: move.onEvent,
        onTimeout: move.onTimeout,
        moves,
      });
    case 'end':
      return { status: 'ended', reason: move.reason, moves };
  }
}

function capped(state: RunState): RunState {
  return state.moves >= WORKFLOW_MAX_MOVES
    ? { status: 'ended', reason: 'too-many-moves', moves: state.moves }
    : state;
}

/** A waiting run whose time has come goes on along its timeout branch; any other stays. */
export function resume(state: RunState, now: number): RunState {
  if (state.status !== 'waiting' || now < state.until) return state;
  return capped({ status: 'ready', cursor: state.onTimeout, moves: state.moves + 1 });
}

/** A waiting run that an event about its contact was waited for goes on; any other stays. */
export function receive(state: RunState, event: { trigger: TriggerName }): RunState {
  if (state.status !== 'waiting' || state.event === null || state.event !== event.trigger) {
    return state;
  }
  return capped({ status: 'ready', cursor: state.onEvent, moves: state.moves + 1 });
}

/** Where a condition leads. */
export const afterDecision = (step: ConditionStep, matched: boolean): string | null =>
  matched ? step.then : step.else;
