import { DomainError, notFound, type WorkflowRun } from '@leadloom/core';
import type { TeamScope } from '../../db/scope';
import { type Db, inTx, type WriteOptions } from '../../db/tx';
import { emit, logChange } from '../../events/emit';
import { MANAGERS, requireRole } from '../../scope/roles';
import { nudgeRunner } from './engine';
import * as repo from './run-log.repo';
import { workflowRow } from './repo';

/** The run log of a workflow (its runs, each run's moves) and a failed run's retry. */

const encodeKey = (run: WorkflowRun) =>
  Buffer.from(JSON.stringify([run.startedAt, run.runId])).toString('base64url');

function decodeKey(before: string | undefined): { at: string; runId: string } | null {
  if (!before) return null;
  try {
    const v: unknown = JSON.parse(Buffer.from(before, 'base64url').toString('utf8'));
    if (
      Array.isArray(v) &&
      v.length === 2 &&
      typeof v[0] === 'string' &&
      !Number.isNaN(Date.parse(v[0])) &&
      typeof v[1] === 'string'
    ) {
      return { at: v[0], runId: v[1] };
    }
  } catch {
    // fall through
  }
  throw new DomainError(
    'invalid-argument',
    'Not a page of this list: start from the first.',
    'before',
  );
}

async function requireWorkflow(db: Db, scope: TeamScope, workflowId: string) {
  if (!(await workflowRow(scope, db.db, workflowId))) throw notFound('Workflow not found');
}

export async function listRuns(
  db: Db,
  scope: TeamScope,
  workflowId: string,
  query: { state?: WorkflowRun['state']; before?: string; limit: number },
) {
  const before = decodeKey(query.before);
  await requireWorkflow(db, scope, workflowId);
  const runs = await repo.listRuns(scope, db.db, workflowId, {
    state: query.state,
    before,
    limit: query.limit + 1,
  });
  const more = runs.length > query.limit;
  const page = more ? runs.slice(0, query.limit) : runs;
  return { runs: page, next: more ? encodeKey(page.at(-1)!) : null };
}

export async function getRun(db: Db, scope: TeamScope, workflowId: string, runId: string) {
  const run = await repo.readRun(scope, db.db, workflowId, runId);
  if (!run) throw notFound('Run not found');
  return { run, steps: await repo.runSteps(scope, db.db, runId) };
}

/** A failed run tries its step again (e.g. after its tag or stage was put back). */
export async function retryRun(
  db: Db,
  scope: TeamScope,
  workflowId: string,
  runId: string,
  options: WriteOptions,
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      requireRole(scope, ...MANAGERS);
      const run = await repo.readRun(scope, tx.db, workflowId, runId, true);
      if (!run) throw notFound('Run not found');
      if (run.state !== 'failed' || run.stepId === null) {
        throw new DomainError(
          'invalid-argument',
          'Only a run that failed at a step can be retried.',
          'runId',
        );
      }
      await repo.retryRun(scope, tx.db, runId);
      tx.afterCommit('workflow-runs', nudgeRunner);
      await emit(tx, scope, { changed: [logChange('workflow', workflowId, 'update')] });
      return getRun(tx, scope, workflowId, runId);
    },
    options,
  );
}
