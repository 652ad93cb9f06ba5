import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { WorkflowTriggerPayload } from './engine';
import {
  afterMove,
  moveAt,
  nextTimeOfDay,
  receive,
  resume,
  startState,
  triggerMatch,
  WORKFLOW_MAX_MOVES,
  type RunState,
} from './engine';
import type { WorkflowDefinition, WorkflowStep } from './definition';
import type { TriggerMirror } from './rules';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 2, 9, 0); // Monday 2 November 2026, 09:00 UTC

const event = (
  trigger: WorkflowTriggerPayload['trigger'],
  data: Record<string, unknown>,
  pipelineUID: string | null = 'P1',
) => ({ trigger, GTID: 'G1', pipelineUID, byUID: 'u1', data }) as WorkflowTriggerPayload;

const mirror = (
  triggerType: TriggerMirror['triggerType'],
  resource: TriggerMirror['resource'],
) => ({
  workflowId: 'W1',
  triggerType,
  resource,
});

describe('which events start a workflow', () => {
  it('matches a stage change on its pipeline, from and to the stages it names', () => {
    const toQualified = mirror('stageChanged', { pipelineUID: 'P1', toStageUID: 'qualified' });
    const moved = (from: string, to: string, p = 'P1') => event('stageChanged', { from, to }, p);
    expect(triggerMatch(toQualified, moved('new', 'qualified'))).toEqual({
      matches: true,
      placement: null,
    });
    expect(triggerMatch(toQualified, moved('new', 'won')).matches).toBe(false);
    expect(triggerMatch(toQualified, moved('new', 'qualified', 'P2')).matches).toBe(false);
    const fromNew = mirror('stageChanged', { pipelineUID: 'P1', fromStageUID: 'new' });
    expect(triggerMatch(fromNew, moved('new', 'won')).matches).toBe(true);
    expect(triggerMatch(fromNew, moved('won', 'new')).matches).toBe(false);
  });

  it('matches a tag by id, a label by the one it changed to, and never another trigger', () => {
    const hot = mirror('tagAdded', { tagID: 'hot' });
    const tag = (tagID: string) => event('tagAdded', { tagID, name: tagID, tagSetUID: 'S' }, null);
    expect(triggerMatch(hot, tag('hot')).matches).toBe(true);
    expect(triggerMatch(hot, tag('cold')).matches).toBe(false);
    expect(
      triggerMatch(hot, event('tagRemoved', { tagID: 'hot', name: 'hot', tagSetUID: 'S' })).matches,
    ).toBe(false);
    const replied = mirror('statusLabelChanged', { labelUID: 'replied' });
    expect(
      triggerMatch(replied, event('statusLabelChanged', { from: null, to: 'replied' })).matches,
    ).toBe(true);
    expect(
      triggerMatch(replied, event('statusLabelChanged', { from: 'replied', to: null })).matches,
    ).toBe(false);
  });

  it("leaves a pipeline the event does not carry to the runner's placement check", () => {
    const inP1 = mirror('noteAdded', { pipelineUID: 'P1' });
    expect(triggerMatch(inP1, event('noteAdded', { noteUID: 'n' }, null))).toEqual({
      matches: true,
      placement: { pipelineUID: 'P1' },
    });
  });

  it('starts a manual run only of the workflow the person chose', () => {
    const manual = mirror('manual', {});
    expect(
      triggerMatch(manual, event('manual', { workflowId: 'W1', bulkJobId: null })).matches,
    ).toBe(true);
    expect(
      triggerMatch(manual, event('manual', { workflowId: 'W2', bulkJobId: null })).matches,
    ).toBe(false);
  });
});

describe('a run, move by move', () => {
  const def: WorkflowDefinition = {
    rootStepId: 't',
    steps: {
      t: {
        type: 'trigger',
        triggerType: 'stageChanged',
        resource: { pipelineUID: 'P1' },
        next: 'a',
      },
      a: { type: 'action', action: 'addTags', params: { tagIDs: ['hot'] }, next: 'w' },
      w: {
        type: 'wait',
        wait: {
          kind: 'event',
          event: 'replyReceived',
          timeout: { amount: 3, unit: 'days' },
          timeoutNext: 'm',
        },
        next: null,
      },
      m: {
        type: 'action',
        action: 'moveToStage',
        params: { pipelineUID: 'P1', stageUID: 'nurture' },
        next: 's',
      },
      s: { type: 'stop' },
    },
  };

  it('acts, waits for a reply with a timeout, and takes the timeout branch when none comes', () => {
    let state: RunState = startState(def);
    const first = moveAt(def, 't', T0, 'UTC');
    expect(first).toMatchObject({ kind: 'act', stepId: 'a' });
    state = afterMove(state, first);
    const wait = moveAt(def, 'w', T0, 'UTC');
    expect(wait).toMatchObject({ kind: 'wait', until: T0 + 72 * HOUR, event: 'replyReceived' });
    state = afterMove(state, wait);
    expect(resume(state, T0 + 72 * HOUR - 1)).toBe(state);
    expect(receive(state, { trigger: 'tagAdded' })).toBe(state);
    const timedOut = resume(state, T0 + 72 * HOUR);
    expect(timedOut).toEqual({ status: 'ready', cursor: 'm', moves: 3 });
    expect(moveAt(def, 'm', T0, 'UTC')).toMatchObject({ kind: 'act', stepId: 'm', next: 's' });
    expect(moveAt(def, 's', T0, 'UTC')).toEqual({ kind: 'end', reason: 'stopped' });
  });

  it('goes on at once along the event branch when the reply comes', () => {
    const waiting = afterMove(
      { status: 'ready', cursor: 'w', moves: 1 },
      moveAt(def, 'w', T0, 'UTC'),
    );
    expect(receive(waiting, { trigger: 'replyReceived' })).toEqual({
      status: 'ready',
      cursor: null,
      moves: 3,
    });
    expect(moveAt(def, null, T0, 'UTC')).toEqual({ kind: 'end', reason: 'completed' });
  });

  it("waits until a time of day in the team's zone: today's if ahead, else tomorrow's", () => {
    // 09:00 UTC is 10:00 in Berlin (CET in November).
    expect(nextTimeOfDay('11:30', T0, 'Europe/Berlin')).toBe(T0 + 1.5 * HOUR);
    expect(nextTimeOfDay('08:00', T0, 'Europe/Berlin')).toBe(T0 + 22 * HOUR);
  });

  it('ends a run whose next step is gone, or that made too many moves', () => {
    expect(moveAt(def, 'nowhere', T0, 'UTC')).toEqual({ kind: 'end', reason: 'missing-step' });
    const state = { status: 'ready', cursor: 'a', moves: WORKFLOW_MAX_MOVES - 1 } as const;
    expect(afterMove(state, moveAt(def, 'a', T0, 'UTC'))).toEqual({
      status: 'ended',
      reason: 'too-many-moves',
      moves: WORKFLOW_MAX_MOVES,
    });
  });
});

// ---- the engine against a model, with crashes ----

/**
 * Random workflows: steps s1..sn after the trigger, each pointing only forward (or ending),
 * except a wait, which may point back (a loop through a wait, which publish allows).
 */
const workflowArb = fc.integer({ min: 1, max: 8 }).chain((n) => {
  const ids = Array.from({ length: n }, (_, i) => `s${i + 1}`);
  /** A step's next: the end, a later step, or (from a wait) any step. */
  const target = (i: number, back: boolean): fc.Arbitrary<string | null> => {
    const from = back ? 0 : i + 1;
    return from > n - 1
      ? fc.constant(null)
      : fc.oneof(
          fc.constant(null),
          fc.integer({ min: from, max: n - 1 }).map((j) => ids[j]!),
        );
  };
  const stepArb = (i: number): fc.Arbitrary<WorkflowStep> =>
    fc.oneof(
      target(i, false).map((next): WorkflowStep => ({
        type: 'action',
        action: 'addNote',
        params: { text: `note ${i}` },
        next,
      })),
      fc.tuple(target(i, false), target(i, false)).map(([then, otherwise]): WorkflowStep => ({
        type: 'condition',
        filter: {},
        then,
        else: otherwise,
      })),
      fc
        .tuple(fc.integer({ min: 1, max: 5 }), target(i, true))
        .map(([hours, next]): WorkflowStep => ({
          type: 'wait',
          wait: { kind: 'duration', duration: { amount: hours, unit: 'hours' } },
          next,
        })),
      fc
        .tuple(fc.integer({ min: 1, max: 5 }), target(i, true), target(i, true))
        .map(([hours, next, timeoutNext]): WorkflowStep => ({
          type: 'wait',
          wait: {
            kind: 'event',
            event: 'replyReceived',
            timeout: { amount: hours, unit: 'hours' },
            timeoutNext,
          },
          next,
        })),
      fc.constant<WorkflowStep>({ type: 'stop' }),
    );
  return fc
    .tuple(...ids.map((_, i) => stepArb(i)), fc.array(fc.boolean(), { minLength: n, maxLength: n }))
    .map(([...parts]) => {
      const outcomes = parts.pop() as boolean[];
      const steps: Record<string, WorkflowStep> = {
        t: { type: 'trigger', triggerType: 'manual', resource: {}, next: 's1' },
      };
      (parts as WorkflowStep[]).forEach((step, i) => (steps[ids[i]!] = step));
      // A condition's outcome for this contact, fixed per step.
      const matches = new Map(ids.map((id, i) => [id, outcomes[i]!]));
      return { def: { rootStepId: 't', steps } as WorkflowDefinition, matches };
    });
});

/** What happens in the world: time passes, or the contact replies. */
const timelineArb = fc.array(
  fc.oneof(
    fc.integer({ min: 1, max: 6 }).map((h) => ({ kind: 'advance' as const, ms: h * HOUR })),
    fc.constant({ kind: 'reply' as const }),
  ),
  { maxLength: 12 },
);

describe('the engine against a model', () => {
  it('reaches the model’s end, each action once, whatever crashes in between (300 runs)', () => {
    fc.assert(
      fc.property(
        workflowArb,
        timelineArb,
        fc.array(fc.boolean(), { minLength: 64, maxLength: 64 }),
        ({ def, matches }, timeline, crashes) => {
          const expected = modelRun(def, matches, timeline);

          // The runner: a committed row (state + the actions it applied, logged by move) and
          // transactions that may crash before they commit (then nothing of theirs stays).
          let committed: { state: RunState; log: Map<number, string> } = {
            state: startState(def),
            log: new Map(),
          };
          let crashAt = 0;
          // Each of the first 64 transactions may crash; later ones commit.
          const crash = () => crashAt < crashes.length && crashes[crashAt++]!;
          let now = T0;
          const runTx = () => {
            for (let guard = 0; guard < 10_000; guard++) {
              const row = committed.state;
              const resumed = resume(row, now);
              if (resumed.status !== 'ready') return;
              const move = moveAt(def, resumed.cursor, now, 'UTC');
              const log = new Map(committed.log);
              if (move.kind === 'act') {
                // The step log's key is (run, move): a second apply of the same move fails it.
                expect(log.has(resumed.moves)).toBe(false);
                log.set(resumed.moves, `${move.stepId}@${resumed.moves}`);
              }
              const next = afterMove(
                resumed,
                move,
                move.kind === 'decide' ? matches.get(move.stepId)! : false,
              );
              if (crash()) continue; // rolled back: the job runs again
              committed = { state: next, log };
              if (next.status === 'ended') return;
            }
            throw new Error('the runner did not settle');
          };
          runTx();
          for (const item of timeline) {
            if (item.kind === 'advance') now += item.ms;
            else
              committed = {
                ...committed,
                state: receive(committed.state, { trigger: 'replyReceived' }),
              };
            runTx();
          }
          expect([...committed.log.values()]).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});

/** The model: the workflow's meaning read straight off the definition, with no crashes. */
function modelRun(
  def: WorkflowDefinition,
  matches: Map<string, boolean>,
  timeline: ({ kind: 'advance'; ms: number } | { kind: 'reply' })[],
): string[] {
  const done: string[] = [];
  let now = T0;
  let at: string | null = def.rootStepId;
  let moves = 0;
  let wait: { until: number; onReply: string | null | undefined; onTimeout: string | null } | null =
    null;
  let ended = false;
  const go = () => {
    while (!ended) {
      if (wait) {
        if (now < wait.until) return;
        at = wait.onTimeout;
        wait = null;
        moves++;
      }
      if (moves >= WORKFLOW_MAX_MOVES) return void (ended = true);
      const step = at === null ? undefined : def.steps[at];
      if (at === null) return void (ended = true);
      if (!step) return void (ended = true);
      if (step.type === 'trigger') {
        at = step.next;
        continue;
      }
      if (step.type === 'stop') return void (ended = true);
      if (step.type === 'action') {
        done.push(`${at}@${moves}`);
        at = step.next;
      } else if (step.type === 'condition') {
        at = matches.get(at) ? step.then : step.else;
      } else if (step.type === 'wait') {
        const w = step.wait;
        if (w.kind === 'duration') {
          wait = {
            until: now + w.duration.amount * HOUR,
            onReply: undefined,
            onTimeout: step.next,
          };
        } else if (w.kind === 'event') {
          wait = {
            until: now + w.timeout!.amount * HOUR,
            onReply: step.next,
            onTimeout: w.timeoutNext,
          };
        }
      }
      moves++;
    }
  };
  go();
  for (const item of timeline) {
    if (item.kind === 'advance') now += item.ms;
    else {
      // (go() may have set it: TypeScript cannot see that through the closure.)
      const waiting = wait as { onReply: string | null | undefined } | null;
      if (waiting && waiting.onReply !== undefined) {
        at = waiting.onReply;
        wait = null;
        moves++;
      }
    }
    go();
  }
  return done;
}
