import {
  BULK_BATCH,
  BULK_MAX_CONTACTS,
  DomainError,
  newPushId,
  type BulkAction,
  type BulkRequest,
  notFound,
  resourceKey,
} from '@leadloom/core';
import type { Database } from '../../db/database';
import { systemScope, teamSystemScope, type TeamScope } from '../../db/scope';
import { withTx, type Tx, type WriteOptions, type Db, inTx } from '../../db/tx';
import type { Jobs } from '../../jobs/boss';
import type { Logger } from '../../logger';
import { moveToStage } from '../board/moves';
import { addContactsToPipeline, deleteContacts } from '../contacts/service';
import { requirePipelineStage } from '../pipelines/read';
import { resolveLabel, setLabelOfContacts } from '../contact-labels/service';
import { MANAGERS, requireRole } from '../../scope/roles';
import {
  addTagsToContacts,
  removeTagsFromContacts,
  resolveTagTargets,
  type TagFailure,
} from '../contact-tags/service';
import { matchingContacts } from '../search/service';
import { lockVisibleContacts } from '../contact-parts/access';
import { requireTaskTemplate, taskSpecOf } from '../task-templates/service';
import { createTasksOnContacts, requireAssignee, type TaskSpec } from '../tasks/service';
import { checkQueueing, queueMessages } from '../outreach/service';
import { teamScopeFor } from '../../scope/team-scope';
import * as repo from './repo';
import { emit, logChange } from '../../events/emit';

/**
 * Bulk actions (SPEC §7 POST /v2/bulk; issue 7). A request stores the job and its selection and
 * queues a pg-boss job in one transaction, and answers at once. The worker does the selection in
 * batches of BULK_BATCH contacts, each one transaction that applies the action with the same
 * set-based function a single contact uses (so every contact gets its activity, outbox rows and
 * change-log records as if moved by hand) and marks its items done in the same transaction: a
 * crash loses at most the batch in flight, which is then redone, so each contact is acted on
 * exactly once. Progress goes to the change log (`bulkJob`), so the realtime stream carries it.
 */

export const BULK_QUEUE = 'bulk';

/**
 * Contacts per batch transaction when embedded. The embedded database is one connection
 * (DESIGN §3): every request waits for the batch in flight, and a request that waits more than
 * the pool's 5 s connect timeout fails. A BULK_BATCH of 1,000 stage moves held it for seconds on a
 * loaded machine (sign-in answered 500 while a resumed job ran, bulk-restart.test.ts); a
 * quarter of that keeps the app answering while a job runs.
 */
export const EMBEDDED_BULK_BATCH = 250;

/** Contacts per batch transaction on this database (core's BULK_BATCH on PostgreSQL). */
export const bulkBatchSize = (database: Database) =>
  database.mode === 'embedded' ? EMBEDDED_BULK_BATCH : BULK_BATCH;
const system = systemScope('bulk jobs');

/** How many failures the job status lists. */
export const FAILURES_SHOWN = 100;

export async function createBulkJob(
  db: Db,
  jobs: Jobs,
  scope: TeamScope,
  request: BulkRequest,
  opts: WriteOptions = {},
) {
  const jobUID = newPushId('bulk');
  const gtids = await inTx(
    db,
    scope,
    async (tx) => {
      await checkAction(tx, scope, request.action);
      const gtids = await selectionOf(tx, scope, request);
      // Queueing a message to more than one contact is bulk messaging (SPEC §6): gated by count.
      if (request.action.type === 'queue-message') {
        await checkQueueing(tx, scope, request.action.message, gtids.length);
      }
      await repo.insertJob(scope, tx.db, { jobUID, action: request.action, gtids });
      await jobs.send(
        BULK_QUEUE,
        { teamUID: scope.teamUID, jobUID },
        { db: tx.bossDb, singletonKey: jobUID },
      );
      await emit(tx, scope, {
        changed: [logChange('bulkJob', resourceKey.owned(scope.uid, jobUID), 'insert')],
      });
      return gtids;
    },
    { changeId: opts.changeId ?? null },
  );
  return { jobUID, total: gtids.length };
}

/**
 * The job's contacts: the GTIDs picked, or every contact matching the filter through the search
 * service's own SQL (so exactly what POST /v2 answers for it), less `exceptGTIDs`, each once.
 */
async function selectionOf(tx: Tx, scope: TeamScope, request: BulkRequest): Promise<string[]> {
  const except = new Set(request.exceptGTIDs ?? []);
  if (request.GTIDs) {
    const gtids = [...new Set(request.GTIDs)].filter((g) => !except.has(g));
    if (gtids.length === 0) {
      throw new DomainError(
        'invalid-argument',
        'Every selected contact is also in exceptGTIDs: nothing is left to act on.',
        'exceptGTIDs',
      );
    }
    return gtids;
  }
  const matching = await matchingContacts(
    scope,
    tx.db,
    request.filter!,
    BULK_MAX_CONTACTS + except.size + 1,
  );
  const gtids = matching.filter((g) => !except.has(g));
  if (gtids.length > BULK_MAX_CONTACTS) {
    throw new DomainError(
      'invalid-argument',
      `More than ${BULK_MAX_CONTACTS.toLocaleString('en-US')} contacts match this filter, and a bulk action takes up to ${BULK_MAX_CONTACTS.toLocaleString('en-US')}: narrow the filter.`,
      'filter',
    );
  }
  if (gtids.length === 0) {
    throw new DomainError(
      'invalid-argument',
      matching.length === 0
        ? 'No contact matches this filter.'
        : 'Every contact matching this filter is in exceptGTIDs: nothing is left to act on.',
      'filter',
    );
  }
  return gtids;
}

/** The action's targets must exist and be visible now (404 otherwise); the worker re-checks. */
async function checkAction(tx: Tx, scope: TeamScope, action: BulkAction): Promise<void> {
  switch (action.type) {
    case 'stage':
    case 'add-to-pipeline':
      await requirePipelineStage(scope, tx.db, action.pipelineUID, action.stageUID, {
        pipeline: 'action.pipelineUID',
        stage: 'action.stageUID',
      });
      return;
    case 'label':
      await resolveLabel(scope, tx.db, action.labelUID, 'action.labelUID');
      return;
    case 'delete':
      requireRole(scope, ...MANAGERS);
      return;
    case 'tags-add':
    case 'tags-remove':
      await tagTargetsOf(tx, scope, action);
      return;
    case 'task':
      await requireAssignee(tx, scope, action.task.assigneeUID ?? scope.uid);
      return;
    case 'task-template': {
      const template = await requireTaskTemplate(tx, scope, action.templateUID);
      await requireAssignee(tx, scope, taskSpecOf(scope, template).assigneeUID);
      return;
    }
    case 'queue-message':
      // Gated once the selection's size is known (createBulkJob).
      return;
  }
}

/** The action's tags, from tag sets the scope may see (404 / 400 naming the action's field). */
const tagTargetsOf = (
  tx: Tx,
  scope: TeamScope,
  action: Extract<BulkAction, { type: 'tags-add' | 'tags-remove' }>,
) =>
  resolveTagTargets(scope, tx.db, action.tagIDs, action.pipelineUID ?? null, {
    tag: 'action.tagIDs',
    pipeline: 'action.pipelineUID',
  });

/** What a person reads next to a contact that is gone or out of the caller's sight. */
const NOT_VISIBLE = 'Contact not found, or not one you can see.';

/** What a person reads next to a contact a tag change left out. */
const TAG_FAILURES: Record<TagFailure, string> = {
  contact: NOT_VISIBLE,
  pipeline: 'Not in the pipeline these tags belong to.',
};

/** GET a job's progress: counts, state and the first failures (who and why). */
export async function bulkJobStatus(db: Db, scope: TeamScope, jobUID: string) {
  const job = await repo.findJob(scope, db.db, jobUID);
  if (!job) throw notFound('Bulk job not found');
  const failures =
    job.failed > 0 ? await repo.jobFailures(scope, db.db, jobUID, FAILURES_SHOWN) : [];
  return { job: { ...job, failures } };
}

const gtidsOf = (items: readonly { gtid: string }[]) => items.map((i) => i.gtid);

/** Each item done, or failed with `error` when it is one of `failed`. */
const outcome = (
  items: readonly { n: number; gtid: string }[],
  failed: Set<string>,
  error: string,
) => items.map((i) => ({ n: i.n, error: failed.has(i.gtid) ? error : null }));

/** Applies the action to one batch; answers each item's error (null = done). */
async function applyBatch(
  tx: Tx,
  scope: TeamScope,
  job: { jobUID: string; action: BulkAction },
  items: readonly { n: number; gtid: string }[],
): Promise<{ n: number; error: string | null }[]> {
  const { action } = job;
  switch (action.type) {
    case 'stage': {
      const { notPlaced } = await moveToStage(tx, scope, {
        pipelineUID: action.pipelineUID,
        toStageUID: action.stageUID,
        moves: items.map((i) => ({ gtid: i.gtid })),
      });
      const missing = new Set(notPlaced);
      return items.map((i) => ({
        n: i.n,
        error: missing.has(i.gtid) ? 'Not in this pipeline, or not one you can see.' : null,
      }));
    }
    case 'tags-add':
    case 'tags-remove': {
      const targets = await tagTargetsOf(tx, scope, action);
      const gtids = items.map((i) => i.gtid);
      const { failures } =
        action.type === 'tags-add'
          ? await addTagsToContacts(tx, scope, gtids, targets)
          : await removeTagsFromContacts(
              tx,
              scope,
              gtids,
              targets.pipelineUID,
              targets.tags.map((t) => t.tagID),
            );
      return items.map((i) => {
        const failure = failures.get(i.gtid);
        return { n: i.n, error: failure ? TAG_FAILURES[failure] : null };
      });
    }
    case 'label': {
      const to = await resolveLabel(scope, tx.db, action.labelUID, 'action.labelUID');
      const { notVisible } = await setLabelOfContacts(tx, scope, gtidsOf(items), to);
      return outcome(items, new Set(notVisible), NOT_VISIBLE);
    }
    case 'add-to-pipeline': {
      const { notVisible } = await addContactsToPipeline(tx, scope, {
        pipelineUID: action.pipelineUID,
        stageUID: action.stageUID,
        gtids: gtidsOf(items),
      });
      return outcome(items, new Set(notVisible), NOT_VISIBLE);
    }
    case 'delete': {
      const { notVisible } = await deleteContacts(tx, scope, gtidsOf(items));
      return outcome(items, new Set(notVisible), NOT_VISIBLE);
    }
    case 'task':
    case 'task-template': {
      const spec: TaskSpec =
        action.type === 'task'
          ? {
              name: action.task.name,
              notes: action.task.notes ?? '',
              assigneeUID: action.task.assigneeUID ?? scope.uid,
              due: { date: action.task.dueDate },
              dueTime: action.task.dueTime ?? null,
              repeat: action.task.repeat ?? null,
            }
          : taskSpecOf(scope, await requireTaskTemplate(tx, scope, action.templateUID));
      const visible = await lockVisibleContacts(scope, tx.db, gtidsOf(items));
      if (visible.size > 0) await createTasksOnContacts(tx, scope, spec, visible);
      const hidden = gtidsOf(items).filter((g) => !visible.has(g));
      return outcome(items, new Set(hidden), NOT_VISIBLE);
    }
    case 'queue-message': {
      // The job's id keys every item: a batch run again after a crash queues nothing twice.
      const { skipped } = await queueMessages(tx, scope, {
        ...action.message,
        GTIDs: gtidsOf(items),
        idempotencyKey: job.jobUID,
        gate: false,
      });
      const why = new Map(skipped.map((x) => [x.GTID, x.reason]));
      return items.map((i) => ({ n: i.n, error: why.get(i.gtid) ?? null }));
    }
  }
}

export interface RunHooks {
  /** Runs after each committed batch (tests stop a job half-way with it). */
  afterBatch?: (batch: number) => Promise<void>;
}

/**
 * Works a job to its end. Safe to run twice at once or again after a crash: pending items are
 * taken with SKIP LOCKED and marked in the batch's transaction.
 */
export async function runBulkJob(
  database: Database,
  logger: Logger,
  teamUID: string,
  jobUID: string,
  hooks: RunHooks = {},
): Promise<void> {
  const job = await repo.loadJob(system, database.db, teamUID, jobUID);
  if (!job || job.state === 'done' || job.state === 'failed') return;
  let scope: TeamScope;
  try {
    // The scope of the user who started it, checked again now (DESIGN §4).
    scope = await teamScopeFor(database, job.createdBy, teamUID);
  } catch {
    await finishJob(
      database,
      teamUID,
      jobUID,
      job.createdBy,
      'failed',
      'The person who started this job is no longer in the team.',
    );
    return;
  }
  for (let batch = 1; ; batch++) {
    let count: number;
    try {
      count = await withTx(database, scope, async (tx) => {
        const items = await repo.lockPendingItems(scope, tx.db, jobUID, bulkBatchSize(database));
        if (items.length === 0) return 0;
        const results = await applyBatch(tx, scope, job, items);
        await repo.finishItems(scope, tx.db, jobUID, results);
        await emit(tx, scope, {
          changed: [logChange('bulkJob', resourceKey.owned(scope.uid, jobUID), 'update')],
        });
        return items.length;
      });
    } catch (error) {
      // The action's target went away (a deleted stage, lost access, a role taken away):
      // nothing more can be done.
      if (
        error instanceof DomainError &&
        (error.status === 'not-found' || error.status === 'permission-denied')
      ) {
        await finishJob(database, teamUID, jobUID, job.createdBy, 'failed', error.message);
        return;
      }
      throw error; // pg-boss retries the job; finished batches stay finished
    }
    if (count === 0) {
      // Items another runner holds are still in flight: that runner finishes the job.
      if ((await repo.pendingCount(scope, database.db, jobUID)) > 0) return;
      break;
    }
    logger.debug({ teamUID, jobUID, batch, count }, 'bulk batch done');
    await hooks.afterBatch?.(batch);
  }
  await finishJob(database, teamUID, jobUID, job.createdBy, 'done', null);
}

async function finishJob(
  db: Db,
  teamUID: string,
  jobUID: string,
  createdBy: string,
  state: 'done' | 'failed',
  error: string | null,
) {
  await inTx(db, system, async (tx) => {
    await repo.setJobState(system, tx.db, teamUID, jobUID, state, error);
    await emit(tx, teamSystemScope('bulk: job finished', teamUID), {
      changed: [logChange('bulkJob', resourceKey.owned(createdBy, jobUID), 'update')],
    });
  });
}

/**
 * Starts the worker, and resumes the jobs a stopped process left unfinished (running a job twice
 * at once is harmless: see runBulkJob).
 */
export async function workBulkJobs(database: Database, jobs: Jobs, logger: Logger): Promise<void> {
  await jobs.boss.work<{ teamUID: string; jobUID: string }>(
    BULK_QUEUE,
    { pollingIntervalSeconds: 1 },
    async (batch) => {
      for (const job of batch)
        await runBulkJob(database, logger, job.data.teamUID, job.data.jobUID);
    },
  );
  // Run here, not through the queue: on PostgreSQL the stopped process's pg-boss job still
  // looks active (and holds the singleton key) until it expires.
  for (const { teamUID, jobUID } of await repo.unfinishedJobs(system, database.db)) {
    runBulkJob(database, logger, teamUID, jobUID).catch((err: unknown) =>
      logger.error({ err, teamUID, jobUID }, 'bulk job failed to resume'),
    );
  }
}
