import type { TaskTemplate, TaskTemplateRow } from '@leadloom/core';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import { taskTemplate } from '../../db/schema';
import type { TeamScope } from '../../db/scope';

export type { TaskTemplateRow };

const toRow = (r: typeof taskTemplate.$inferSelect): TaskTemplateRow => ({
  templateUID: r.templateUID,
  name: r.name,
  notes: r.notes,
  category: r.category,
  type: r.type,
  dueInDays: r.dueInDays,
  dueTime: r.dueTime,
  repeat: r.repeatData,
  assignee: r.assignee,
  createdBy: r.createdBy,
  updatedAt: r.updatedAt.toISOString(),
});

const byUID = (scope: TeamScope, templateUID: string) =>
  and(eq(taskTemplate.teamUID, scope.teamUID), eq(taskTemplate.templateUID, templateUID));

/** The team's task templates by category then name (or one of them). */
export async function listTaskTemplates(
  scope: TeamScope,
  db: AppDb,
  templateUID?: string,
): Promise<TaskTemplateRow[]> {
  const rows = await db
    .select()
    .from(taskTemplate)
    .where(
      templateUID === undefined
        ? eq(taskTemplate.teamUID, scope.teamUID)
        : byUID(scope, templateUID),
    )
    .orderBy(
      sql`lower(${taskTemplate.category})`,
      sql`lower(${taskTemplate.name})`,
      taskTemplate.templateUID,
    );
  return rows.map(toRow);
}

export async function upsertTaskTemplate(
  scope: TeamScope,
  db: AppDb,
  templateUID: string,
  t: TaskTemplate,
): Promise<void> {
  const fields = {
    name: t.name,
    notes: t.notes,
    category: t.category,
    type: t.type,
    dueInDays: t.dueInDays,
    dueTime: t.dueTime,
    repeatData: t.repeat ?? null,
    assignee: t.assignee,
  };
  await db
    .insert(taskTemplate)
    .values({ teamUID: scope.teamUID, templateUID, ...fields, createdBy: scope.uid })
    .onConflictDoUpdate({
      target: [taskTemplate.teamUID, taskTemplate.templateUID],
      set: { ...fields, updatedAt: sql`now()` },
    });
}

export async function deleteTaskTemplate(scope: TeamScope, db: AppDb, templateUID: string) {
  await db.delete(taskTemplate).where(byUID(scope, templateUID));
}
