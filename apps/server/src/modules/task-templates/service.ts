import { newPushId, type TaskTemplate, notFound } from '@leadloom/core';
import type { Database } from '../../db/database';
import type { TeamScope } from '../../db/scope';
import { type Tx, type WriteOptions, type Db, inTx } from '../../db/tx';
import { requireContacts } from '../contact-parts/access';
import { createTasksOnContacts, requireAssignee, type TaskSpec } from '../tasks/service';
import { MANAGERS, requireRole } from '../../scope/roles';
import * as repo from './repo';
import { emit, logChange } from '../../events/emit';

/**
 * Task templates (SPEC §3; issue 8): a named task with a due offset, time, repeat and assignee
 * rule. Owners and admins keep them; every member applies them. Applying is one service
 * function (`applyTaskTemplate`) so workflows and bulk jobs create the same tasks.
 */

export const listTaskTemplates = (db: Db, scope: TeamScope) => repo.listTaskTemplates(scope, db.db);

async function requireTemplate(tx: Tx | Database, scope: TeamScope, templateUID: string) {
  const [t] = await repo.listTaskTemplates(scope, tx.db, templateUID);
  if (!t) throw notFound('Task template not found');
  return t;
}

export async function saveTaskTemplate(
  db: Db,
  scope: TeamScope,
  templateUID: string | null,
  body: TaskTemplate,
  options: WriteOptions,
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      if (templateUID) await requireTemplate(tx, scope, templateUID);
      requireRole(scope, ...MANAGERS);
      if (body.assignee.kind === 'member') await requireAssignee(tx, scope, body.assignee.uid);
      const uid = templateUID ?? newPushId('ttpl');
      await repo.upsertTaskTemplate(scope, tx.db, uid, body);
      await emit(tx, scope, {
        changed: [logChange('taskTemplate', uid, templateUID ? 'update' : 'insert')],
      });
      return requireTemplate(tx, scope, uid);
    },
    options,
  );
}

export async function deleteTaskTemplate(
  db: Db,
  scope: TeamScope,
  templateUID: string,
  options: WriteOptions,
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      await requireTemplate(tx, scope, templateUID);
      requireRole(scope, ...MANAGERS);
      await repo.deleteTaskTemplate(scope, tx.db, templateUID);
      await emit(tx, scope, { changed: [logChange('taskTemplate', templateUID, 'delete')] });
      return { deleted: true };
    },
    options,
  );
}

/**
 * Creates the template's task for each contact (one set-based insert, each with its activity
 * and sync rows), due `dueInDays` after the assignee's today at `dueTime`. Every contact must be
 * one the caller sees (404 otherwise). Answers the new task ids in the contacts' order.
 */
export async function applyTaskTemplate(
  tx: Tx,
  scope: TeamScope,
  template: TaskTemplate,
  gtids: readonly string[],
  now: number = tx.clock.now(),
): Promise<string[]> {
  const contacts = await requireContacts(scope, tx.db, gtids);
  return createTasksOnContacts(tx, scope, taskSpecOf(scope, template), contacts, now);
}

/** The task a template makes when `scope`'s person applies it. */
export const taskSpecOf = (scope: TeamScope, template: TaskTemplate): TaskSpec => ({
  name: template.name,
  notes: template.notes,
  assigneeUID: template.assignee.kind === 'member' ? template.assignee.uid : scope.uid,
  due: { inDays: template.dueInDays },
  dueTime: template.dueTime,
  repeat: template.repeat,
});

/** A template of the team (404 otherwise), for the bulk worker. */
export const requireTaskTemplate = (tx: Tx, scope: TeamScope, templateUID: string) =>
  requireTemplate(tx, scope, templateUID);

/** POST …/task-templates/:id/apply: the template on up to TASK_TEMPLATE_APPLY_MAX contacts. */
export async function applyTaskTemplateTo(
  db: Db,
  scope: TeamScope,
  templateUID: string,
  gtids: readonly string[],
  options: WriteOptions,
  now: () => number = Date.now,
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      const template = await requireTemplate(tx, scope, templateUID);
      const taskUIDs = await applyTaskTemplate(tx, scope, template, [...new Set(gtids)], now());
      return { created: taskUIDs.length, taskUIDs };
    },
    options,
  );
}
