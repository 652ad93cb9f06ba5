import { and, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import { messageTemplate } from '../../db/schema';
import type { TeamScope } from '../../db/scope';

export interface MessageTemplateRow {
  templateUID: string;
  name: string;
  body: string;
  categoryID: string | null;
  typeID: string | null;
  tags: string[];
  createdBy: string;
  updatedBy: string;
  createdAt: string;
  updatedAt: string;
}

/** A category or a type: both are ordered, named team lists. */
export interface TemplateGroupRow {
  id: string;
  name: string;
  order: number;
}

export type GroupKind = 'category' | 'type';

const GROUP_TABLE = {
  category: { table: sql.raw('message_template_category'), id: sql.raw('category_id') },
  type: { table: sql.raw('message_template_type'), id: sql.raw('type_id') },
} as const;

type TemplateDbRow = {
  template_uid: string;
  name: string;
  body: string;
  category_id: string | null;
  type_id: string | null;
  tags: string[];
  created_by: string;
  updated_by: string;
  created_at: Date | string;
  updated_at: Date | string;
};

const toTemplate = (r: TemplateDbRow): MessageTemplateRow => ({
  templateUID: r.template_uid,
  name: r.name,
  body: r.body,
  categoryID: r.category_id,
  typeID: r.type_id,
  tags: r.tags,
  createdBy: r.created_by,
  updatedBy: r.updated_by,
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
});

/** The team's templates by name (or one of them). */
export async function listTemplates(
  scope: TeamScope,
  db: AppDb,
  templateUID?: string,
): Promise<MessageTemplateRow[]> {
  const r = await db.execute<TemplateDbRow>(sql`
    SELECT template_uid, name, body, category_id, type_id, tags, created_by, updated_by,
           created_at, updated_at
    FROM message_template
    WHERE team_uid = ${scope.teamUID}
      ${templateUID === undefined ? sql`` : sql`AND template_uid = ${templateUID}`}
    ORDER BY lower(name), template_uid`);
  return r.rows.map(toTemplate);
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
  await db.execute(sql`
    INSERT INTO message_template
      (team_uid, template_uid, name, body, category_id, type_id, tags, created_by, updated_by)
    VALUES (${scope.teamUID}, ${t.templateUID}, ${t.name}, ${t.body}, ${t.categoryID},
            ${t.typeID}, ${JSON.stringify(t.tags)}::jsonb, ${scope.uid}, ${scope.uid})`);
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
    .where(
      and(
        eq(messageTemplate.teamUID, scope.teamUID),
        eq(messageTemplate.templateUID, templateUID),
      ),
    );
}

export async function deleteTemplate(scope: TeamScope, db: AppDb, templateUID: string) {
  await db.execute(sql`
    DELETE FROM message_template
    WHERE team_uid = ${scope.teamUID} AND template_uid = ${templateUID}`);
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
