import {
  DomainError,
  emptyWorkflowDefinition,
  newPushId,
  notFound,
  triggerMirror,
  validateForPublish,
  type CreateWorkflowBody,
  type UpdateWorkflowBody,
  type WorkflowDefinition,
  type WorkflowStatus,
} from '@leadloom/core';
import type { TeamScope } from '../../db/scope';
import { type Db, inTx, type Tx, type WriteOptions } from '../../db/tx';
import { emit, logChange } from '../../events/emit';
import { MANAGERS, requireRole } from '../../scope/roles';
import { assertActiveWorkflowQuota } from '../plans/service';
import * as repo from './repo';

/**
 * Workflows (SPEC §3, §4): their definitions, versions and life (draft → active ⇄ paused). Owners
 * and admins manage them; every member reads them. The triggers index is kept by core's
 * `triggerMirror` in the same transaction as each change, so an event never finds a mirror of a
 * workflow that is not active.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The list, with runs started since midnight UTC (the team's time zone will replace UTC). */
export async function listWorkflows(db: Db, scope: TeamScope) {
  const now = db.clock.now();
  return repo.listWorkflows(scope, db.db, new Date(now - (now % DAY_MS)));
}

export async function getWorkflow(db: Db, scope: TeamScope, workflowId: string) {
  const w = await repo.readWorkflow(scope, db.db, workflowId);
  if (!w) throw notFound('Workflow not found');
  return w;
}

/** A 400 that lists, in words, what keeps the definition from going live. */
function assertPublishable(definition: WorkflowDefinition) {
  const problems = validateForPublish(definition);
  if (problems.length === 0) return;
  const first = problems[0]!;
  throw new DomainError(
    'invalid-argument',
    `The workflow cannot go live yet: ${problems.map((p) => p.message).join(' ')}`,
    first.stepId === null ? 'definition' : `definition.steps.${first.stepId}`,
  );
}

async function lockWorkflow(tx: Tx, scope: TeamScope, workflowId: string) {
  const row = await repo.workflowRow(scope, tx.db, workflowId, true);
  if (!row) throw notFound('Workflow not found');
  requireRole(scope, ...MANAGERS);
  return row;
}

/** Writes the triggers index for the workflow as it now is. */
async function mirror(
  tx: Tx,
  scope: TeamScope,
  workflowId: string,
  status: WorkflowStatus,
  definition: WorkflowDefinition,
) {
  await repo.writeMirror(
    scope,
    tx.db,
    workflowId,
    triggerMirror({ workflowId, status, definition }),
  );
}

const changed = (tx: Tx, scope: TeamScope, workflowId: string, op: 'insert' | 'update') =>
  emit(tx, scope, { changed: [logChange('workflow', workflowId, op)] });

export async function createWorkflow(
  db: Db,
  scope: TeamScope,
  body: CreateWorkflowBody,
  options: WriteOptions,
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      requireRole(scope, ...MANAGERS);
      const workflowId = newPushId('wf');
      const definition = body.definition ?? emptyWorkflowDefinition();
      await repo.insertWorkflow(scope, tx.db, {
        workflowId,
        name: body.name,
        definition,
        at: new Date(),
      });
      await changed(tx, scope, workflowId, 'insert');
      return getWorkflow(tx, scope, workflowId);
    },
    options,
  );
}

/**
 * A draft's definition is edited in place. A published workflow's becomes the next version and
 * the one new runs start on (runs under way keep theirs); an active one must then pass the
 * publish check, and its mirror follows the new trigger.
 */
export async function updateWorkflow(
  db: Db,
  scope: TeamScope,
  workflowId: string,
  body: UpdateWorkflowBody,
  options: WriteOptions,
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      const row = await lockWorkflow(tx, scope, workflowId);
      const at = new Date();
      let version = row.version;
      let liveVersion = row.liveVersion;
      if (body.definition) {
        if (row.liveVersion === null) {
          await repo.replaceDefinition(scope, tx.db, workflowId, row.version, body.definition);
        } else {
          if (row.status === 'active') assertPublishable(body.definition);
          version = row.version + 1;
          liveVersion = version;
          await repo.insertVersion(scope, tx.db, workflowId, version, body.definition, at);
          await mirror(tx, scope, workflowId, row.status, body.definition);
        }
      }
      await repo.updateWorkflow(scope, tx.db, workflowId, {
        ...(body.name === undefined ? {} : { name: body.name }),
        version,
        liveVersion,
        at,
      });
      await changed(tx, scope, workflowId, 'update');
      return getWorkflow(tx, scope, workflowId);
    },
    options,
  );
}

/**
 * Makes the latest version live and the workflow active: it must pass the publish check and fit
 * in the plan's cap of active workflows. Publishing an active workflow again is a no-op change.
 */
async function goLive(
  db: Db,
  scope: TeamScope,
  workflowId: string,
  options: WriteOptions,
  from: readonly WorkflowStatus[],
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      const row = await lockWorkflow(tx, scope, workflowId);
      if (!from.includes(row.status)) {
        throw new DomainError(
          'invalid-argument',
          row.status === 'draft'
            ? 'This workflow is a draft: publish it first.'
            : `This workflow is ${row.status} already.`,
          'status',
        );
      }
      const definition = await repo.definitionOf(scope, tx.db, workflowId, row.version);
      if (!definition) throw notFound('Workflow not found');
      assertPublishable(definition);
      if (row.status !== 'active') {
        await assertActiveWorkflowQuota(tx, scope, () =>
          repo.countActive(scope, tx.db, workflowId),
        );
      }
      await repo.updateWorkflow(scope, tx.db, workflowId, {
        status: 'active',
        liveVersion: row.version,
        at: new Date(),
      });
      await mirror(tx, scope, workflowId, 'active', definition);
      await changed(tx, scope, workflowId, 'update');
      return getWorkflow(tx, scope, workflowId);
    },
    options,
  );
}

export const publishWorkflow = (
  db: Db,
  scope: TeamScope,
  workflowId: string,
  options: WriteOptions,
) => goLive(db, scope, workflowId, options, ['draft', 'active']);

export const resumeWorkflow = (
  db: Db,
  scope: TeamScope,
  workflowId: string,
  options: WriteOptions,
) => goLive(db, scope, workflowId, options, ['paused']);

/** Stops new runs: the mirror goes, so no event starts one. */
export async function pauseWorkflow(
  db: Db,
  scope: TeamScope,
  workflowId: string,
  options: WriteOptions,
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      const row = await lockWorkflow(tx, scope, workflowId);
      if (row.status !== 'active') {
        throw new DomainError(
          'invalid-argument',
          row.status === 'draft'
            ? 'A draft does not run: there is nothing to pause.'
            : 'This workflow is paused already.',
          'status',
        );
      }
      await repo.updateWorkflow(scope, tx.db, workflowId, { status: 'paused', at: new Date() });
      const definition = await repo.definitionOf(scope, tx.db, workflowId, row.version);
      if (!definition) throw notFound('Workflow not found');
      await mirror(tx, scope, workflowId, 'paused', definition);
      await changed(tx, scope, workflowId, 'update');
      return getWorkflow(tx, scope, workflowId);
    },
    options,
  );
}

/** Deletes the workflow with its versions, its mirror and its runs. */
export async function deleteWorkflow(
  db: Db,
  scope: TeamScope,
  workflowId: string,
  options: WriteOptions,
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      await lockWorkflow(tx, scope, workflowId);
      await repo.writeMirror(scope, tx.db, workflowId, null);
      await repo.deleteWorkflow(scope, tx.db, workflowId);
      await emit(tx, scope, { changed: [logChange('workflow', workflowId, 'delete')] });
      return { deleted: true as const };
    },
    options,
  );
}
