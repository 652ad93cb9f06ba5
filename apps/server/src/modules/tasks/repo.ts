import type { RepeatData, Task, TaskStatus, TaskView } from '@leadloom/core';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import { task } from '../../db/schema';
import type { TeamScope } from '../../db/scope';
import { visibleContacts } from '../../db/visibility';

/** A task as the API answers it (core's `Task`). */
export type TaskRow = Task;

type TaskDbRow = {
  task_uid: string;
  gtid: string | null;
  contact_name: string | null;
  name: string;
  notes: string;
  assignee_uid: string;
  due_date: string;
  due_time: string | null;
  time_zone: string;
  actual_due_date: Date | string;
  status: TaskStatus;
  repeat_data: RepeatData | null;
  created_by: string;
  created_at: Date | string;
  completed_at: Date | string | null;
  completed_by: string | null;
};

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

const toTask = (r: TaskDbRow): TaskRow => ({
  taskUID: r.task_uid,
  GTID: r.gtid,
  contactName: r.contact_name,
  name: r.name,
  notes: r.notes,
  assigneeUID: r.assignee_uid,
  dueDate: r.due_date,
  dueTime: r.due_time,
  timeZone: r.time_zone,
  actualDueDate: iso(r.actual_due_date)!,
  status: r.status,
  repeat: r.repeat_data,
  createdBy: r.created_by,
  createdAt: iso(r.created_at)!,
  completedAt: iso(r.completed_at),
  completedBy: r.completed_by,
});

/**
 * Every task read (raw SQL: it joins the contact's name, and pages by row comparisons).
 * `due_date` as text: a calendar day, never shifted by the server's zone.
 */
const SELECT = sql`
  SELECT t.task_uid, t.gtid,
    CASE WHEN c.gtid IS NULL THEN NULL
         ELSE coalesce(nullif(c.full_name, ''), trim(c.first_name || ' ' || c.last_name)) END
      AS contact_name,
    t.name, t.notes, t.assignee_uid, to_char(t.due_date, 'YYYY-MM-DD') AS due_date, t.due_time,
    t.time_zone, t.actual_due_date, t.status, t.repeat_data, t.created_by, t.created_at,
    t.completed_at, t.completed_by
  FROM task t
  LEFT JOIN contact c ON c.team_uid = t.team_uid AND c.gtid = t.gtid`;

/** A task the scope may see: free-standing, or on a contact the scope sees. */
const visible = (scope: TeamScope) => sql`(t.gtid IS NULL OR ${visibleContacts(scope, 'c')})`;

export interface NewTaskRow {
  taskUID: string;
  gtid: string | null;
  name: string;
  notes: string;
  assigneeUID: string;
  dueDate: string;
  dueTime: string | null;
  timeZone: string;
  actualDueMs: number;
  repeat: RepeatData | null;
}

/** Inserts tasks in one statement (one task, or one per contact of a bulk selection). */
export async function insertTasks(scope: TeamScope, db: AppDb, rows: readonly NewTaskRow[]) {
  if (rows.length === 0) return;
  // Raw SQL: any number of tasks in one statement (unnest), due moments computed in SQL.
  const col = <T>(f: (r: NewTaskRow) => T) => sql.param(rows.map(f));
  await db.execute(sql`
    INSERT INTO task (team_uid, task_uid, gtid, name, notes, assignee_uid, due_date, due_time,
                      time_zone, actual_due_date, repeat_data, created_by)
    SELECT ${scope.teamUID}, u.task_uid, u.gtid, u.name, u.notes, u.assignee_uid,
           u.due_date::date, u.due_time, u.time_zone,
           timestamptz 'epoch' + u.due_ms * interval '1 millisecond',
           u.repeat_data::jsonb, ${scope.uid}
    FROM unnest(${col((r) => r.taskUID)}::text[], ${col((r) => r.gtid)}::text[],
                ${col((r) => r.name)}::text[], ${col((r) => r.notes)}::text[],
                ${col((r) => r.assigneeUID)}::text[], ${col((r) => r.dueDate)}::text[],
                ${col((r) => r.dueTime)}::text[], ${col((r) => r.timeZone)}::text[],
                ${col((r) => r.actualDueMs)}::bigint[],
                ${col((r) => (r.repeat ? JSON.stringify(r.repeat) : null))}::text[])
      AS u(task_uid, gtid, name, notes, assignee_uid, due_date, due_time, time_zone, due_ms,
           repeat_data)`);
}

export async function findTask(
  scope: TeamScope,
  db: AppDb,
  taskUID: string,
  opts: { lock?: boolean } = {},
): Promise<TaskRow | null> {
  const r = await db.execute<TaskDbRow>(sql`
    ${SELECT}
    WHERE t.team_uid = ${scope.teamUID} AND t.task_uid = ${taskUID} AND ${visible(scope)}
    ${opts.lock ? sql`FOR UPDATE OF t` : sql``}`);
  return r.rows[0] ? toTask(r.rows[0]) : null;
}

export async function updateTask(
  scope: TeamScope,
  db: AppDb,
  taskUID: string,
  patch: {
    name?: string;
    notes?: string;
    assigneeUID?: string;
    dueDate?: string;
    dueTime?: string | null;
    timeZone?: string;
    actualDueMs?: number;
    repeat?: RepeatData | null;
    status?: TaskStatus;
  },
): Promise<void> {
  const done = patch.status === undefined ? undefined : patch.status !== 'open';
  await db
    .update(task)
    .set({
      name: patch.name,
      notes: patch.notes,
      assigneeUID: patch.assigneeUID,
      dueDate: patch.dueDate,
      dueTime: patch.dueTime,
      timeZone: patch.timeZone,
      actualDueDate:
        patch.actualDueMs === undefined
          ? undefined
          : sql`timestamptz 'epoch' + ${patch.actualDueMs}::bigint * interval '1 millisecond'`,
      repeatData: patch.repeat,
      status: patch.status,
      completedAt: done === undefined ? undefined : done ? sql`now()` : null,
      completedBy: done === undefined ? undefined : done ? scope.uid : null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(task.teamUID, scope.teamUID), eq(task.taskUID, taskUID)));
}

export async function deleteTask(scope: TeamScope, db: AppDb, taskUID: string) {
  await db.delete(task).where(and(eq(task.teamUID, scope.teamUID), eq(task.taskUID, taskUID)));
}

/** Each member's name and time zone (null = not chosen). */
export async function teamMembers(
  scope: TeamScope,
  db: AppDb,
): Promise<{ uid: string; name: string; timeZone: string | null }[]> {
  // Raw SQL: joins better-auth's tables, which have no drizzle definitions here.
  const r = await db.execute<{ uid: string; name: string; time_zone: string | null }>(sql`
    SELECT m."userId" AS uid, u.name, up.time_zone
    FROM "member" m
    JOIN "user" u ON u.id = m."userId"
    LEFT JOIN user_profile up ON up.uid = m."userId"
    WHERE m."organizationId" = ${scope.teamUID}
    ORDER BY u.name, m."userId"`);
  return r.rows.map((row) => ({ uid: row.uid, name: row.name, timeZone: row.time_zone }));
}

/** Whose tasks, each with their own "today" (a local date in their zone). */
export type AssigneeDays = readonly { uid: string; today: string }[];

const VIEW_FILTER: Record<TaskView, SQL> = {
  overdue: sql`t.status = 'open' AND t.due_date < a.today::date`,
  today: sql`t.status = 'open' AND t.due_date = a.today::date`,
  upcoming: sql`t.status = 'open' AND t.due_date > a.today::date`,
  done: sql`t.status <> 'open'`,
};

export interface TaskCursor {
  /** Open views: due date, due instant (ms); done: completed instant (ms). */
  d?: string;
  m: number;
  u: string;
}

/**
 * One page of a view, in due order (done: most recently completed first). Each assignee's page is
 * read on its own (a LATERAL over the assignees, each walking task_open_due_idx or task_done_idx
 * in the page's order and stopping at `limit`), then the pages are merged: the work is at most
 * assignees x limit rows, however many tasks are overdue or done.
 */
export async function listTasks(
  scope: TeamScope,
  db: AppDb,
  q: { view: TaskView; who: AssigneeDays; gtid?: string; limit: number; after?: TaskCursor },
): Promise<TaskRow[]> {
  if (q.who.length === 0 && q.gtid === undefined) return [];
  const done = q.view === 'done';
  const after = q.after
    ? done
      ? sql`AND (t.completed_at, t.task_uid) < (timestamptz 'epoch' + ${q.after.m}::bigint * interval '1 millisecond', ${q.after.u})`
      : sql`AND (t.due_date, t.actual_due_date, t.task_uid) > (${q.after.d ?? '1970-01-01'}::date, timestamptz 'epoch' + ${q.after.m}::bigint * interval '1 millisecond', ${q.after.u})`
    : sql``;
  const r = await db.execute<TaskDbRow>(sql`
    SELECT x.* FROM unnest(${sql.param(q.who.map((w) => w.uid))}::text[],
                           ${sql.param(q.who.map((w) => w.today))}::text[]) AS a(uid, today)
    CROSS JOIN LATERAL (
      ${SELECT}
      WHERE t.team_uid = ${scope.teamUID} AND t.assignee_uid = a.uid AND ${VIEW_FILTER[q.view]}
        AND ${visible(scope)}
        ${q.gtid === undefined ? sql`` : sql`AND t.gtid = ${q.gtid}`}
        ${after}
      ORDER BY ${done ? sql`t.completed_at DESC, t.task_uid DESC` : sql`t.due_date, t.actual_due_date, t.task_uid`}
      LIMIT ${q.limit}
    ) x
    ORDER BY ${done ? sql`x.completed_at DESC, x.task_uid DESC` : sql`x.due_date, x.actual_due_date, x.task_uid`}
    LIMIT ${q.limit}`);
  return r.rows.map(toTask);
}

/** A contact's tasks (its Tasks tab): open ones by due date, then the rest, newest first. */
export async function contactTasks(scope: TeamScope, db: AppDb, gtid: string): Promise<TaskRow[]> {
  const r = await db.execute<TaskDbRow>(sql`
    ${SELECT}
    WHERE t.team_uid = ${scope.teamUID} AND t.gtid = ${gtid} AND ${visible(scope)}
    ORDER BY (t.status = 'open') DESC,
      CASE WHEN t.status = 'open' THEN t.actual_due_date END,
      t.completed_at DESC NULLS LAST, t.task_uid
    LIMIT 500`);
  return r.rows.map(toTask);
}

/** Today's and overdue open tasks of one person (the navigation badge). */
export async function dueCounts(
  scope: TeamScope,
  db: AppDb,
  uid: string,
  today: string,
): Promise<{ today: number; overdue: number }> {
  // Raw SQL: two filtered counts in one pass, with the visibility rule.
  const r = await db.execute<{ today: string; overdue: string }>(sql`
    SELECT count(*) FILTER (WHERE t.due_date = ${today}::date) AS today,
           count(*) FILTER (WHERE t.due_date < ${today}::date) AS overdue
    FROM task t
    LEFT JOIN contact c ON c.team_uid = t.team_uid AND c.gtid = t.gtid
    WHERE t.team_uid = ${scope.teamUID} AND t.assignee_uid = ${uid} AND t.status = 'open'
      AND t.due_date <= ${today}::date AND ${visible(scope)}`);
  return { today: Number(r.rows[0]?.today ?? 0), overdue: Number(r.rows[0]?.overdue ?? 0) };
}
