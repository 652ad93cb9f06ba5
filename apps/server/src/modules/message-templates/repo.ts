import type { MessageTemplate, TemplateGroup } from '@leadloom/core';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import { messageTemplate } from '../../db/schema';
import type { TeamScope } from '../../db/scope';

/** A template as the API answers it (core's contract). */
export type MessageTemplateRow = MessageTemplate;
/** A category or a type: both are ordered, named team lists. */
export type TemplateGroupRow = TemplateGroup;

export type GroupKind = 'category' | 'type';

/** Raw SQL for the groups: one statement serves either group table, chosen here by kind. */
const GROUP_TABLE = {
  category: { table: sql.raw('message_template_category'), id: sql.raw('category_id') },
  type: { table: sql.raw('message_template_type'), id: sql.raw('type_id') },
} as const;

const toTemplate = ({
  teamUID: _team,
  ...r
}: typeof messageTemplate.$inferSelect): MessageTemplateRow => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const byUID = (scope: TeamScope, templateUID: string) =>
  and(eq(messageTemplate.teamUID, scope.teamUID), eq(messageTemplate.templateUID, templateUID));

/** The team's templates by name (or one of them). */
export async function listTemplates(
  scope: TeamScope,
  db: AppDb,
  templateUID?: string,
): Promise<MessageTemplateRow[]> {
  const rows = await db
    .select()
    .from(messageTemplate)
    .where(
      templateUID === undefined
        ? eq(messageTemplate.teamUID, scope.teamUID)
        : byUID(scope, templateUID),
    )
    .orderBy(sql`lower(${messageTemplate.name})`, messageTemplate.templateUID);
  return rows.map(toTemplate);
}

export async function insertTemplate(
  scope: TeamScope,
  db: AppDb,
  t: {
    templateUID: string;
    name: string;
    body: string;
    categoryID: string | null;
    typeID: string | null;
    tags: string[];
  },
): Promise<void> {
  await db.insert(messageTemplate).values({
    teamUID: scope.teamUID,
    templateUID: t.templateUID,
    name: t.name,
    body: t.body,
    categoryID: t.categoryID,
    typeID: t.typeID,
    tags: t.tags,
    createdBy: scope.uid,
    updatedBy: scope.uid,
  });
}

export async function updateTemplate(
  scope: TeamScope,
  db: AppDb,
  templateUID: string,
  patch: {
    name?: string;
    body?: string;
    categoryID?: string | null;
    typeID?: string | null;
    tags?: string[];
  },
): Promise<void> {
  await db
    .update(messageTemplate)
    .set({
      name: patch.name,
      body: patch.body,
      categoryID: patch.categoryID,
      typeID: patch.typeID,
      tags: patch.tags,
      updatedBy: scope.uid,
      updatedAt: sql`now()`,
    })
    .where(byUID(scope, templateUID));
}

export async function deleteTemplate(scope: TeamScope, db: AppDb, templateUID: string) {
  await db.delete(messageTemplate).where(byUID(scope, templateUID));
}

export async function listGroups(
  scope: TeamScope,
  db: AppDb,
  kind: GroupKind,
  id?: string,
): Promise<TemplateGroupRow[]> {
  const g = GROUP_TABLE[kind];
  const r = await db.execute<{ id: string; name: string; order: number }>(sql`
    SELECT ${g.id} AS id, name, "order" FROM ${g.table}
    WHERE team_uid = ${scope.teamUID} ${id === undefined ? sql`` : sql`AND ${g.id} = ${id}`}
    ORDER BY "order", lower(name), ${g.id}`);
  return r.rows.map((row) => ({ id: row.id, name: row.name, order: Number(row.order) }));
}

/** A new group goes last. */
export async function insertGroup(
  scope: TeamScope,
  db: AppDb,
  kind: GroupKind,
  id: string,
  name: string,
): Promise<void> {
  const g = GROUP_TABLE[kind];
  await db.execute(sql`
    INSERT INTO ${g.table} (team_uid, ${g.id}, name, "order")
    SELECT ${scope.teamUID}, ${id}, ${name}, coalesce(max("order") + 1, 0)
    FROM ${g.table} WHERE team_uid = ${scope.teamUID}`);
}

export async function renameGroup(
  scope: TeamScope,
  db: AppDb,
  kind: GroupKind,
  id: string,
  name: string,
): Promise<void> {
  const g = GROUP_TABLE[kind];
  await db.execute(sql`
    UPDATE ${g.table} SET name = ${name} WHERE team_uid = ${scope.teamUID} AND ${g.id} = ${id}`);
}

/** Deletes a group; its templates keep their text and lose the group. Answers those templates. */
export async function deleteGroup(
  scope: TeamScope,
  db: AppDb,
  kind: GroupKind,
  id: string,
): Promise<string[]> {
  const g = GROUP_TABLE[kind];
  const cleared = await db.execute<{ template_uid: string }>(sql`
    UPDATE message_template SET ${g.id} = NULL, updated_at = now()
    WHERE team_uid = ${scope.teamUID} AND ${g.id} = ${id}
    RETURNING template_uid`);
  await db.execute(sql`
    DELETE FROM ${g.table} WHERE team_uid = ${scope.teamUID} AND ${g.id} = ${id}`);
  return cleared.rows.map((r) => r.template_uid);
}
