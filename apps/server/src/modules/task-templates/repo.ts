import type { TaskTemplate } from '@leadloom/core';
import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import type { TeamScope } from '../../db/scope';

export interface TaskTemplateRow extends TaskTemplate {
  templateUID: string;
  createdBy: string;
  updatedAt: string;
}

type DbRow = {
  template_uid: string;
  name: string;
  notes: string;
  category: string;
  type: string;
  due_in_days: number;
  due_time: string | null;
  repeat_data: TaskTemplate['repeat'];
  assignee: TaskTemplate['assignee'];
  created_by: string;
  updated_at: Date | string;
};

const toRow = (r: DbRow): TaskTemplateRow => ({
  templateUID: r.template_uid,
  name: r.name,
  notes: r.notes,
  category: r.category,
  type: r.type,
  dueInDays: Number(r.due_in_days),
  dueTime: r.due_time,
  repeat: r.repeat_data,
  assignee: r.assignee,
  createdBy: r.created_by,
  updatedAt: new Date(r.updated_at).toISOString(),
});

/** The team's task templates by category then name (or one of them). */
export async function listTaskTemplates(
  scope: TeamScope,
  db: AppDb,
  templateUID?: string,
): Promise<TaskTemplateRow[]> {
  const r = await db.execute<DbRow>(sql`
    SELECT template_uid, name, notes, category, type, due_in_days, due_time, repeat_data,
           assignee, created_by, updated_at
    FROM task_template
    WHERE team_uid = ${scope.teamUID}
      ${templateUID === undefined ? sql`` : sql`AND template_uid = ${templateUID}`}
    ORDER BY lower(category), lower(name), template_uid`);
  return r.rows.map(toRow);
}

export async function upsertTaskTemplate(
  scope: TeamScope,
  db: AppDb,
  templateUID: string,
  t: TaskTemplate,
): Promise<void> {
  await db.execute(sql`
    INSERT INTO task_template (team_uid, template_uid, name, notes, category, type, due_in_days,
                               due_time, repeat_data, assignee, created_by)
    VALUES (${scope.teamUID}, ${templateUID}, ${t.name}, ${t.notes}, ${t.category}, ${t.type},
            ${t.dueInDays}, ${t.dueTime}, ${t.repeat ? JSON.stringify(t.repeat) : null}::jsonb,
            ${JSON.stringify(t.assignee)}::jsonb, ${scope.uid})
    ON CONFLICT (team_uid, template_uid) DO UPDATE SET
      name = EXCLUDED.name, notes = EXCLUDED.notes, category = EXCLUDED.category,
      type = EXCLUDED.type, due_in_days = EXCLUDED.due_in_days, due_time = EXCLUDED.due_time,
      repeat_data = EXCLUDED.repeat_data, assignee = EXCLUDED.assignee, updated_at = now()`);
}

export async function deleteTaskTemplate(scope: TeamScope, db: AppDb, templateUID: string) {
  await db.execute(sql`
    DELETE FROM task_template WHERE team_uid = ${scope.teamUID} AND template_uid = ${templateUID}`);
}
