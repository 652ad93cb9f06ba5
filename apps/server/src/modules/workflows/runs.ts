import {
  afterMove,
  DomainError,
  moveAt,
  newPushId,
  receive,
  resume,
  RUN_END_REASONS,
  triggerMatch,
  WORKFLOW_MAX_DEPTH,
  type RunMove,
  type RunState,
  type TriggerMirror,
  type WorkflowDefinition,
  type WorkflowTriggerPayload,
} from '@leadloom/core';
import type { Database } from '../../db/database';
import { systemScope, type TeamScope } from '../../db/scope';
import { withTx, type Tx } from '../../db/tx';
import type { Logger } from '../../logger';
import { matchingContacts } from '../search/service';
import { zoneOfMember } from '../tasks/service';
import { runAction } from './actions';
import * as repo from './runs.repo';

/**
 * The workflow runner (DESIGN §12). A run's row is its state (core's RunState); each pass claims
 * the runs due now, makes their moves and writes their new state with the moves' effects in one
 * transaction, so a crash leaves every run where its last commit put it: no move is lost, and
 * none is applied twice (each is also logged under the unique key (run, move)).
 *
 * Runs at the same step of the same workflow version move together: their action is applied to
 * all their contacts in one call of the set-based service (a bulk stage change that starts 10,000
 * runs tags them in a few statements per step, not 10,000 transactions), and a condition is one
 * search for all of them.
 */

const runner = systemScope('workflow runner');

/** Runs claimed per pass. */
export const RUN_BATCH = 500;

/** The run's moves within one pass are bounded so a pass stays short. */
const MOVES_PER_PASS = 50;

/** The scope a run acts in: its workflow's author, seeing every pipeline. */
const actorScope = (run: repo.DueRun): TeamScope => ({
  kind: 'team',
  teamUID: run.teamUID,
  uid: run.actorUID,
  role: 'admin',
  visiblePipelines: 'all',
});

/** A run's row as core's RunState (the wait's branches come from its step). */
function stateOf(run: repo.DueRun, def: WorkflowDefinition): RunState {
  if (run.state === 'waiting') {
    const step = run.cursorStepId === null ? undefined : def.steps[run.cursorStepId];
    const wait = step?.type === 'wait' ? step : null;
    return {
      status: 'waiting',
      stepId: run.cursorStepId ?? '',
      until: run.waitUntil ?? 0,
      event: run.waitEvent,
      onEvent: wait ? wait.next : null,
      onTimeout: wait ? (wait.wait.kind === 'event' ? wait.wait.timeoutNext : wait.next) : null,
      moves: run.moves,
    };
  }
  return {
    status: 'ready',
    cursor: run.cursorStepId ?? (run.moves === 0 ? def.rootStepId : null),
    moves: run.moves,
  };
}

function rowOf(runId: string, state: RunState, now: number): repo.RunUpdate {
  switch (state.status) {
    case 'ready':
      return {
        runId,
        state: 'running',
        cursorStepId: state.cursor,
        waitUntil: null,
        waitEvent: null,
        moves: state.moves,
        finishedAt: null,
        lastError: null,
      };
    case 'waiting':
      return {
        runId,
        state: 'waiting',
        cursorStepId: state.stepId,
        waitUntil: state.until,
        waitEvent: state.event,
        moves: state.moves,
        finishedAt: null,
        lastError: null,
      };
    case 'ended':
      return {
        runId,
        state:
          state.reason === 'completed'
            ? 'completed'
            : state.reason === 'stopped'
              ? 'stopped'
              : 'failed',
        cursorStepId: null,
        waitUntil: null,
        waitEvent: null,
        moves: state.moves,
        finishedAt: now,
        lastError:
          state.reason === 'completed' || state.reason === 'stopped'
            ? null
            : RUN_END_REASONS[state.reason],
      };
  }
}

interface Live {
  run: repo.DueRun;
  def: WorkflowDefinition;
  state: RunState;
  /** Set when the run ended failed at a step in this pass. */
  failed?: { stepId: string; reason: string };
}

/** Definitions are immutable per version: read once per process. */
const definitions = new Map<string, WorkflowDefinition>();
async function definitionFor(tx: Tx, run: repo.DueRun): Promise<WorkflowDefinition | null> {
  const key = `${run.teamUID}/${run.workflowId}/${run.version}`;
  const known = definitions.get(key);
  if (known) return known;
  const def = await repo.definitionOfRun(runner, tx.db, run.teamUID, run.workflowId, run.version);
  if (def) {
    if (definitions.size > 5_000) definitions.clear();
    definitions.set(key, def);
  }
  return def;
}

/** A step that failed for these runs: the pass is redone, and they end failed at it. */
class GroupFailed extends Error {
  constructor(
    readonly runIds: string[],
    readonly stepId: string,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** Runs whose step failed in an earlier try of this pass: where, and why. */
type Failures = Map<string, { stepId: string; reason: string }>;

/**
 * One pass: claims up to `batch` due runs and moves each as far as it goes now (until it waits,
 * ends or has made MOVES_PER_PASS moves). Answers how many runs it claimed; 0 means none is due.
 */
export async function advanceRuns(
  database: Database,
  logger: Logger,
  batch = RUN_BATCH,
): Promise<number> {
  // A step that throws leaves the transaction unusable (a failed statement aborts it), so the
  // pass is rolled back and done again from the runs' committed states, this time ending the
  // failing runs at that step (with their earlier moves of the pass applied again, not lost).
  const failures: Failures = new Map();
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      return await withTx(database, runner, (tx) => advanceInTx(tx, batch, failures));
    } catch (error) {
      if (!(error instanceof GroupFailed)) throw error;
      logger.warn({ runs: error.runIds.length, reason: error.reason }, 'workflow step failed');
      for (const runId of error.runIds) {
        failures.set(runId, { stepId: error.stepId, reason: error.reason });
      }
    }
  }
  throw new Error('Too many failing workflow steps in one pass.');
}

async function advanceInTx(tx: Tx, batch: number, failures: Failures): Promise<number> {
  const now = tx.clock.now();
  const due = await repo.claimDueRuns(runner, tx.db, now, batch);
  if (due.length === 0) return 0;
  const byTeam = new Map<string, Live[]>();
  for (const run of due) {
    const def = await definitionFor(tx, run);
    if (!def) continue;
    const live = { run, def, state: resume(stateOf(run, def), now) };
    byTeam.set(run.teamUID, [...(byTeam.get(run.teamUID) ?? []), live]);
  }
  for (const [teamUID, runs] of byTeam) await advanceTeam(tx, teamUID, runs, now, failures);
  return due.length;
}

async function advanceTeam(tx: Tx, teamUID: string, runs: Live[], now: number, failures: Failures) {
  const steps: repo.StepLog[] = [];
  const zones = new Map<string, string>();
  for (let pass = 0; pass < MOVES_PER_PASS; pass++) {
    const ready = runs.filter((l) => l.state.status === 'ready');
    if (ready.length === 0) break;
    // The move of each ready run, grouped by what it does (same workflow version and step).
    const groups = new Map<string, { move: RunMove; lives: Live[] }>();
    for (const live of ready) {
      const scope = actorScope(live.run);
      let zone = zones.get(scope.uid);
      if (zone === undefined) {
        zone = await zoneOfMember(tx, scope, scope.uid);
        zones.set(scope.uid, zone);
      }
      const cursor = live.state.status === 'ready' ? live.state.cursor : null;
      const move = moveAt(live.def, cursor, now, zone);
      // Runs at one step of one version move together; so does their depth, which the
      // triggers their action writes carry.
      const key =
        move.kind === 'act' || move.kind === 'decide'
          ? `${live.run.workflowId}/${live.run.version}/${move.stepId}/${live.run.depth}`
          : `${live.run.runId}`;
      const group = groups.get(key) ?? { move, lives: [] };
      group.lives.push(live);
      groups.set(key, group);
    }
    for (const { move, lives } of groups.values()) {
      const scope = actorScope(lives[0]!.run);
      const gtids = [...new Set(lives.map((l) => l.run.gtid))];
      if (move.kind === 'act') {
        // Runs this step failed for in an earlier try of the pass end here, failed.
        const failing = lives.filter((l) => failures.get(l.run.runId)?.stepId === move.stepId);
        for (const live of failing) {
          const { reason } = failures.get(live.run.runId)!;
          steps.push(logOf(live, move.stepId, 'failed', { error: reason }, now));
          live.failed = { stepId: move.stepId, reason };
          live.state = { status: 'ended', reason: 'completed', moves: live.state.moves + 1 };
        }
        const going = lives.filter((l) => !failing.includes(l));
        if (going.length === 0) continue;
        let detail: Record<string, unknown>;
        try {
          const { workflowId, workflowName: name, depth } = going[0]!.run;
          tx.workflowStep = { workflowId, name, depth };
          detail = await runAction(tx, scope, move.step.action, move.step.params, [
            ...new Set(going.map((l) => l.run.gtid)),
          ]);
          tx.workflowStep = null;
        } catch (error) {
          throw new GroupFailed(
            going.map((l) => l.run.runId),
            move.stepId,
            error instanceof DomainError ? error.message : 'The step failed unexpectedly.',
          );
        }
        for (const live of going) {
          steps.push(
            logOf(live, move.stepId, 'done', { action: move.step.action, ...detail }, now),
          );
          live.state = afterMove(live.state, move);
        }
      } else if (move.kind === 'decide') {
        const matched = new Set(
          await matchingContacts(scope, tx.db, { ...move.step.filter, GTIDs: gtids }, gtids.length),
        );
        for (const live of lives) {
          const yes = matched.has(live.run.gtid);
          steps.push(logOf(live, move.stepId, 'done', { matched: yes }, now));
          live.state = afterMove(live.state, move, yes);
        }
      } else {
        for (const live of lives) {
          if (move.kind === 'wait') {
            steps.push(logOf(live, move.stepId, 'done', { waitUntil: move.until }, now));
          }
          live.state = afterMove(live.state, move);
        }
      }
    }
  }
  const scope = { teamUID };
  await repo.logSteps(scope, tx.db, steps);
  await repo.saveRuns(
    scope,
    tx.db,
    runs.map((l) =>
      l.failed
        ? {
            ...rowOf(l.run.runId, l.state, now),
            state: 'failed' as const,
            cursorStepId: l.failed.stepId,
            lastError: l.failed.reason,
          }
        : rowOf(l.run.runId, l.state, now),
    ),
  );
}

function logOf(
  live: Live,
  stepId: string,
  outcome: repo.StepLog['outcome'],
  detail: Record<string, unknown>,
  at: number,
): repo.StepLog {
  return { runId: live.run.runId, stepId, move: live.state.moves, outcome, detail, at };
}

/**
 * The workflow-trigger consumer: starts a run of each active workflow whose trigger the event
 * matches (once per workflow, event and contact, however often the event is handed over), and
 * wakes the contact's runs that wait for this event. `source` names the event (its outbox row).
 */
export async function takeEvent(
  tx: Tx,
  teamUID: string,
  source: string,
  event: WorkflowTriggerPayload,
): Promise<{ started: number; woken: number }> {
  const scope = { teamUID };
  // A person's action starts runs at depth 1; a run's step starts them one deeper.
  const depth = (event.depth ?? 0) + 1;
  let started = 0;
  {
    const news: repo.NewRun[] = [];
    for (const m of await repo.mirrorsFor(scope, tx.db, event.trigger)) {
      const mirror = m as unknown as TriggerMirror;
      const match = triggerMatch(mirror, event);
      if (!match.matches) continue;
      if (
        match.placement &&
        !(await repo.isPlaced(scope, tx.db, event.GTID, match.placement.pipelineUID))
      ) {
        continue;
      }
      news.push({
        runId: newPushId('run'),
        workflowId: m.workflowId,
        version: m.liveVersion,
        gtid: event.GTID,
        depth,
        source,
        startedAt: tx.clock.now(),
        // Past the limit the run is written ended, so the run log says why it did not go on.
        ...(depth > WORKFLOW_MAX_DEPTH ? { refused: RUN_END_REASONS['too-deep'] } : {}),
      });
    }
    started = (await repo.insertRuns(scope, tx.db, news)).length;
  }
  let woken = 0;
  for (const run of await repo.waitingFor(scope, tx.db, event.GTID, event.trigger)) {
    const def = await definitionFor(tx, run);
    if (!def) continue;
    const before = stateOf(run, def);
    const after = receive(before, { trigger: event.trigger });
    if (after === before) continue;
    await repo.saveRuns(scope, tx.db, [rowOf(run.runId, after, tx.clock.now())]);
    woken++;
  }
  return { started, woken };
}
