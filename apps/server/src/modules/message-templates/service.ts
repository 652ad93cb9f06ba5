import {
  newPushId,
  type MessageTemplateCreate,
  type MessageTemplatePatch,
  notFound,
} from '@leadloom/core';
import type { TeamScope } from '../../db/scope';
import { type Tx, type WriteOptions, type Db, inTx } from '../../db/tx';
import { requireContact } from '../contact-parts/access';
import { MANAGERS, requireRole } from '../../scope/roles';
import * as repo from './repo';
import { emit, logChange } from '../../events/emit';

/**
 * Message templates (snippets, SPEC §3; issue 8). Every member reads and writes templates (they
 * are the team's shared answers); a template is edited or deleted by its author or an owner or
 * admin. Categories and types are team lists that owners and admins keep. The text's grammar
 * and its checks are core's (`message-template.ts`): the route validates with
 * `messageTemplateCreateSchema`, so a template with an unknown variable is never stored.
 */

const RESOURCE = { category: 'messageTemplateCategory', type: 'messageTemplateType' } as const;
const GROUP_NAME = { category: 'Category', type: 'Type' } as const;

/** Everything the setup screen and the composer need, in one answer. */
export async function listMessageTemplates(db: Db, scope: TeamScope) {
  const [templates, categories, types] = await Promise.all([
    repo.listTemplates(scope, db.db),
    repo.listGroups(scope, db.db, 'category'),
    repo.listGroups(scope, db.db, 'type'),
  ]);
  return { templates, categories, types };
}

/** A template's text (404 when the team has no such template), for a workflow's message. */
export async function templateText(db: Db, scope: TeamScope, templateUID: string) {
  const [template] = await repo.listTemplates(scope, db.db, templateUID);
  if (!template) throw notFound('Message template not found');
  return template.body;
}

async function requireTemplate(tx: Tx, scope: TeamScope, templateUID: string) {
  const [template] = await repo.listTemplates(scope, tx.db, templateUID);
  if (!template) throw notFound('Message template not found');
  return template;
}

/** A category or type named on a template must be the team's (404 otherwise). */
async function checkGroups(
  tx: Tx,
  scope: TeamScope,
  refs: { categoryID?: string | null; typeID?: string | null },
) {
  for (const kind of ['category', 'type'] as const) {
    const id = kind === 'category' ? refs.categoryID : refs.typeID;
    if (id === undefined || id === null) continue;
    const [found] = await repo.listGroups(scope, tx.db, kind, id);
    if (!found) throw notFound(`${GROUP_NAME[kind]} not found`);
  }
}

function requireAuthorOrManager(scope: TeamScope, template: repo.MessageTemplateRow) {
  if (template.createdBy === scope.uid) return;
  requireRole(scope, ...MANAGERS);
}

export async function createMessageTemplate(
  db: Db,
  scope: TeamScope,
  body: MessageTemplateCreate,
  options: WriteOptions,
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      await checkGroups(tx, scope, body);
      const templateUID = newPushId('tpl');
      await repo.insertTemplate(scope, tx.db, {
        templateUID,
        name: body.name,
        body: body.body,
        categoryID: body.categoryID ?? null,
        typeID: body.typeID ?? null,
        tags: body.tags ?? [],
      });
      await emit(tx, scope, { changed: [logChange('messageTemplate', templateUID, 'insert')] });
      return requireTemplate(tx, scope, templateUID);
    },
    options,
  );
}

export async function updateMessageTemplate(
  db: Db,
  scope: TeamScope,
  templateUID: string,
  patch: MessageTemplatePatch,
  options: WriteOptions,
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      requireAuthorOrManager(scope, await requireTemplate(tx, scope, templateUID));
      await checkGroups(tx, scope, patch);
      await repo.updateTemplate(scope, tx.db, templateUID, patch);
      await emit(tx, scope, { changed: [logChange('messageTemplate', templateUID, 'update')] });
      return requireTemplate(tx, scope, templateUID);
    },
    options,
  );
}

export async function deleteMessageTemplate(
  db: Db,
  scope: TeamScope,
  templateUID: string,
  options: WriteOptions,
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      requireAuthorOrManager(scope, await requireTemplate(tx, scope, templateUID));
      await repo.deleteTemplate(scope, tx.db, templateUID);
      await emit(tx, scope, { changed: [logChange('messageTemplate', templateUID, 'delete')] });
      return { deleted: true };
    },
    options,
  );
}

export async function createTemplateGroup(
  db: Db,
  scope: TeamScope,
  kind: repo.GroupKind,
  name: string,
  options: WriteOptions,
) {
  requireRole(scope, ...MANAGERS);
  return inTx(
    db,
    scope,
    async (tx) => {
      const id = newPushId(kind === 'category' ? 'tcat' : 'ttyp');
      await repo.insertGroup(scope, tx.db, kind, id, name);
      await emit(tx, scope, { changed: [logChange(RESOURCE[kind], id, 'insert')] });
      return (await repo.listGroups(scope, tx.db, kind, id))[0]!;
    },
    options,
  );
}

async function requireGroup(tx: Tx, scope: TeamScope, kind: repo.GroupKind, id: string) {
  const [group] = await repo.listGroups(scope, tx.db, kind, id);
  if (!group) throw notFound(`${GROUP_NAME[kind]} not found`);
  return group;
}

export async function renameTemplateGroup(
  db: Db,
  scope: TeamScope,
  kind: repo.GroupKind,
  id: string,
  name: string,
  options: WriteOptions,
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      await requireGroup(tx, scope, kind, id);
      requireRole(scope, ...MANAGERS);
      await repo.renameGroup(scope, tx.db, kind, id, name);
      await emit(tx, scope, { changed: [logChange(RESOURCE[kind], id, 'update')] });
      return requireGroup(tx, scope, kind, id);
    },
    options,
  );
}

/** Deletes a category or type; its templates stay and lose it (each a change). */
export async function deleteTemplateGroup(
  db: Db,
  scope: TeamScope,
  kind: repo.GroupKind,
  id: string,
  options: WriteOptions,
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      await requireGroup(tx, scope, kind, id);
      requireRole(scope, ...MANAGERS);
      const cleared = await repo.deleteGroup(scope, tx.db, kind, id);
      await emit(tx, scope, { changed: [logChange(RESOURCE[kind], id, 'delete')] });
      await emit(tx, scope, {
        changed: cleared.map((t) => logChange('messageTemplate', t, 'update')),
      });
      return { deleted: true, templates: cleared.length };
    },
    options,
  );
}

/** Longest message text kept on the activity (the timeline shows it). */
const MESSAGE_ACTIVITY_LENGTH = 2_000;

/**
 * "Sent" in the composer: logs a `message` activity on the contact with the text as sent and
 * the template it came from (if any, and if it still exists).
 */
export async function logMessageSent(
  db: Db,
  scope: TeamScope,
  gtid: string,
  body: {
    text: string;
    direction?: 'out' | 'in';
    templateUID?: string | null;
    platform?: string | null;
  },
  options: WriteOptions,
) {
  const reply = body.direction === 'in';
  return inTx(
    db,
    scope,
    async (tx) => {
      const contact = await requireContact(scope, tx.db, gtid);
      const template = body.templateUID ? await requireTemplate(tx, scope, body.templateUID) : null;
      const {
        activityUIDs: [activityUID],
      } = await emit(tx, scope, {
        activities: [
          {
            gtid: contact.gtid,
            type: 'message',
            // A reply happened elsewhere and a person logs it; a sent one is Leadloom's own.
            action: reply ? 'logged' : 'sent',
            refUID: template?.templateUID ?? null,
            note:
              body.text.length > MESSAGE_ACTIVITY_LENGTH
                ? `${body.text.slice(0, MESSAGE_ACTIVITY_LENGTH - 1)}…`
                : body.text,
            data: {
              ...(reply ? { direction: 'in' } : {}),
              ...(template ? { templateName: template.name } : {}),
              ...(body.platform ? { platform: body.platform } : {}),
            },
          },
        ],
      });
      if (reply) {
        // The trigger names the activity, so it is written after it (its id is known then).
        await emit(tx, scope, {
          triggers: [
            {
              trigger: 'replyReceived',
              gtid: contact.gtid,
              pipelineUID: null,
              data: { activityUID: activityUID!, platform: body.platform ?? null },
            },
          ],
        });
      }
      return { activityUID };
    },
    options,
  );
}
