import {
  addDays,
  DEFAULT_TIME_ZONE,
  localToday,
  newPushId,
  nextDueDate,
  zonedInstant,
  type RepeatData,
  type TaskCreate,
  type TaskPatch,
  type TaskView,
  DomainError,
  notFound,
  resourceKey,
  TASK_PAGE_MAX,
} from '@leadloom/core';
import type { Database } from '../../db/database';
import type { TeamScope } from '../../db/scope';
import { type Tx, type WriteOptions, type Db, inTx } from '../../db/tx';
import { leadDataOf, requireContact, type ContactHead } from '../contact-parts/access';
import { MANAGERS, requireRole } from '../../scope/roles';
import * as repo from './repo';
import { emit, logChange } from '../../events/emit';

/**
 * Tasks (SPEC §3 Task; issue 8). A task is due on a day (and optionally at a time) in its
 * assignee's time zone; `actualDueDate` is the instant that names, recomputed when the day, the
 * time or the assignee changes. Views and the badge work on each assignee's own "today" (core's
 * `localToday`), so a task due at 23:30 is today's for its assignee whatever the server's zone
 * and across daylight-saving changes. A task on a contact writes a `task` activity when it is
 * created, completed, skipped or deleted, and the `syncTasks` outbox rows core's rule selects.
 * Completing a repeating task creates its next occurrence (core's `nextDueDate`).
 */

/** A person's zone: the one in their profile, else the default. */
const zoneOf = (zone: string | null | undefined) => zone || DEFAULT_TIME_ZONE;

/** The change-log id: `GTID/taskUID`, or `-/taskUID` for a free-standing task. */
async function memberZones(tx: Tx | Database, scope: TeamScope) {
  const members = await repo.teamMembers(scope, tx.db);
  return new Map(members.map((m) => [m.uid, { ...m, zone: zoneOf(m.timeZone) }]));
}

export async function requireAssignee(tx: Tx, scope: TeamScope, uid: string) {
  const member = (await memberZones(tx, scope)).get(uid);
  if (!member) throw notFound('That person is not in this team');
  return member;
}

async function logTaskOnContact(
  tx: Tx,
  scope: TeamScope,
  contact: ContactHead,
  action: 'created' | 'completed' | 'skipped' | 'reopened' | 'deleted',
  task: {
    taskUID: string;
    name: string;
    dueDate: string;
    dueTime: string | null;
    assigneeUID: string;
  },
) {
  await emit(tx, scope, {
    activities: [
      {
        gtid: contact.gtid,
        type: 'task',
        action,
        refUID: task.taskUID,
        note: task.name,
        data: { dueDate: task.dueDate, dueTime: task.dueTime, assigneeUID: task.assigneeUID },
      },
    ],
    syncs: [
      {
        change: {
          kind: 'tasks',
          contact: { emailAddress: contact.emailAddress, phoneNumber: contact.phoneNumber },
          pipelineUID: null,
        },
        lead: leadDataOf(contact),
        changeData: { action, ...task },
      },
    ],
  });
}

const taskData = (t: repo.NewTaskRow) => ({
  taskUID: t.taskUID,
  name: t.name,
  dueDate: t.dueDate,
  dueTime: t.dueTime,
  assigneeUID: t.assigneeUID,
});

/**
 * Creates tasks — one, or one per contact of a selection — each with its contact's `task`
 * activity, sync rows and change-log entry, in a fixed number of statements. A single task, the
 * next one of a repeat and a template applied to many contacts are all this function.
 */
export async function insertTasksWithLog(
  tx: Tx,
  scope: TeamScope,
  rows: readonly repo.NewTaskRow[],
  contacts: ReadonlyMap<string, ContactHead>,
) {
  await repo.insertTasks(scope, tx.db, rows);
  const onContacts = rows.filter((r) => r.gtid !== null && contacts.has(r.gtid));
  await emit(tx, scope, {
    activities: onContacts.map((r) => ({
      gtid: r.gtid!,
      type: 'task' as const,
      action: 'created',
      refUID: r.taskUID,
      note: r.name,
      data: { dueDate: r.dueDate, dueTime: r.dueTime, assigneeUID: r.assigneeUID },
    })),
    syncs: onContacts.map((r) => {
      const contact = contacts.get(r.gtid!)!;
      return {
        change: {
          kind: 'tasks' as const,
          contact: { emailAddress: contact.emailAddress, phoneNumber: contact.phoneNumber },
          pipelineUID: null,
        },
        lead: leadDataOf(contact),
        changeData: { action: 'created', ...taskData(r) },
      };
    }),
  });
  await emit(tx, scope, {
    changed: rows.map((r) => logChange('task', resourceKey.task(r.gtid, r.taskUID), 'insert')),
  });
}

/** What a task made on many contacts at once is: a template, or a bulk "create task". */
export interface TaskSpec {
  name: string;
  notes: string;
  assigneeUID: string;
  /** A day, or a number of days after the assignee's today. */
  due: { date: string } | { inDays: number };
  dueTime: string | null;
  repeat: RepeatData | null;
}

/**
 * One task per contact of `contacts` (all visible to the scope), in one insert with their
 * activities, sync rows and changes. Answers the task ids in the map's order.
 */
export async function createTasksOnContacts(
  tx: Tx,
  scope: TeamScope,
  spec: TaskSpec,
  contacts: ReadonlyMap<string, ContactHead>,
  now: number = tx.clock.now(),
): Promise<string[]> {
  const zone = (await requireAssignee(tx, scope, spec.assigneeUID)).zone;
  const dueDate =
    'date' in spec.due ? spec.due.date : addDays(localToday(now, zone), spec.due.inDays);
  const dueMs = zonedInstant(dueDate, spec.dueTime ?? '00:00', zone);
  const rows: repo.NewTaskRow[] = [...contacts.keys()].map((gtid) => ({
    taskUID: newPushId('task'),
    gtid,
    name: spec.name,
    notes: spec.notes,
    assigneeUID: spec.assigneeUID,
    dueDate,
    dueTime: spec.dueTime,
    timeZone: zone,
    actualDueMs: dueMs,
    repeat: spec.repeat,
  }));
  await insertTasksWithLog(tx, scope, rows, contacts);
  return rows.map((r) => r.taskUID);
}

export async function createTask(
  db: Db,
  scope: TeamScope,
  body: TaskCreate,
  options: WriteOptions,
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      const assignee = await requireAssignee(tx, scope, body.assigneeUID ?? scope.uid);
      const contact = body.GTID ? await requireContact(scope, tx.db, body.GTID) : null;
      const taskUID = newPushId('task');
      const dueTime = body.dueTime ?? null;
      const row: repo.NewTaskRow = {
        taskUID,
        gtid: contact?.gtid ?? null,
        name: body.name,
        notes: body.notes ?? '',
        assigneeUID: assignee.uid,
        dueDate: body.dueDate,
        dueTime,
        timeZone: assignee.zone,
        actualDueMs: zonedInstant(body.dueDate, dueTime ?? '00:00', assignee.zone),
        repeat: body.repeat ?? null,
      };
      await insertTasksWithLog(tx, scope, [row], new Map(contact ? [[contact.gtid, contact]] : []));
      return (await repo.findTask(scope, tx.db, taskUID))!;
    },
    options,
  );
}

/** Its assignee, its author and owners and admins change a task; others get 403. */
function requireCanChange(scope: TeamScope, task: repo.TaskRow) {
  if (task.assigneeUID === scope.uid || task.createdBy === scope.uid) return;
  requireRole(scope, ...MANAGERS);
}

export async function updateTask(
  db: Db,
  scope: TeamScope,
  taskUID: string,
  patch: TaskPatch,
  options: WriteOptions,
  now: () => number = Date.now,
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      const task = await repo.findTask(scope, tx.db, taskUID, { lock: true });
      if (!task) throw notFound('Task not found');
      requireCanChange(scope, task);
      const assignee =
        patch.assigneeUID !== undefined && patch.assigneeUID !== task.assigneeUID
          ? await requireAssignee(tx, scope, patch.assigneeUID)
          : null;
      const dueDate = patch.dueDate ?? task.dueDate;
      const dueTime = patch.dueTime !== undefined ? patch.dueTime : task.dueTime;
      const zone = assignee?.zone ?? task.timeZone;
      const rescheduled =
        Boolean(assignee) || patch.dueDate !== undefined || patch.dueTime !== undefined;
      await repo.updateTask(scope, tx.db, taskUID, {
        name: patch.name,
        notes: patch.notes,
        repeat: patch.repeat,
        status: patch.status !== task.status ? patch.status : undefined,
        ...(rescheduled
          ? {
              assigneeUID: assignee?.uid,
              dueDate,
              dueTime,
              timeZone: zone,
              actualDueMs: zonedInstant(dueDate, dueTime ?? '00:00', zone),
            }
          : {}),
      });
      await emit(tx, scope, {
        changed: [logChange('task', resourceKey.task(task.GTID, taskUID), 'update')],
      });

      const contact = task.GTID ? await requireContact(scope, tx.db, task.GTID) : null;
      const after = (await repo.findTask(scope, tx.db, taskUID))!;
      let next: repo.TaskRow | null = null;
      if (patch.status && patch.status !== task.status) {
        const action =
          patch.status === 'open' ? 'reopened' : patch.status === 'done' ? 'completed' : 'skipped';
        if (contact) await logTaskOnContact(tx, scope, contact, action, after);
        if (contact && action === 'completed') {
          await emit(tx, scope, {
            triggers: [
              {
                trigger: 'taskCompleted',
                gtid: contact.gtid,
                pipelineUID: null,
                data: { taskUID, name: after.name },
              },
            ],
          });
        }
        const repeat = after.repeat;
        if (patch.status !== 'open' && repeat) {
          // The next one: same task, next day of the rule, counted from the assignee's today.
          const nextDate = nextDueDate(repeat, after.dueDate, localToday(now(), after.timeZone));
          const nextRow: repo.NewTaskRow = {
            taskUID: newPushId('task'),
            gtid: after.GTID,
            name: after.name,
            notes: after.notes,
            assigneeUID: after.assigneeUID,
            dueDate: nextDate,
            dueTime: after.dueTime,
            timeZone: after.timeZone,
            actualDueMs: zonedInstant(nextDate, after.dueTime ?? '00:00', after.timeZone),
            repeat,
          };
          await insertTasksWithLog(
            tx,
            scope,
            [nextRow],
            new Map(contact ? [[contact.gtid, contact]] : []),
          );
          next = await repo.findTask(scope, tx.db, nextRow.taskUID);
        }
      }
      return { task: after, next };
    },
    options,
  );
}

export async function deleteTask(db: Db, scope: TeamScope, taskUID: string, options: WriteOptions) {
  return inTx(
    db,
    scope,
    async (tx) => {
      const task = await repo.findTask(scope, tx.db, taskUID, { lock: true });
      if (!task) throw notFound('Task not found');
      requireCanChange(scope, task);
      await repo.deleteTask(scope, tx.db, taskUID);
      if (task.GTID) {
        const contact = await requireContact(scope, tx.db, task.GTID);
        await logTaskOnContact(tx, scope, contact, 'deleted', task);
      }
      await emit(tx, scope, {
        changed: [logChange('task', resourceKey.task(task.GTID, taskUID), 'delete')],
      });
      return { deleted: true };
    },
    options,
  );
}

/**
 * A view of tasks: `mine` (default), one member's (`uid`) or `everyone` — the last two for
 * owners and admins only (others 403). Each assignee's "today" is their own.
 */
export async function listTaskView(
  db: Db,
  scope: TeamScope,
  q: { view: TaskView; assignee: string; limit?: number; cursor?: string },
  now: () => number = Date.now,
) {
  const members = await memberZones(db, scope);
  const uids =
    q.assignee === 'me'
      ? [scope.uid]
      : q.assignee === 'everyone'
        ? [...members.keys()]
        : [q.assignee];
  if (uids.some((u) => u !== scope.uid)) requireRole(scope, ...MANAGERS);
  if (q.assignee !== 'me' && q.assignee !== 'everyone' && !members.has(q.assignee)) {
    throw notFound('That person is not in this team');
  }
  const at = now();
  const who = uids.map((uid) => ({
    uid,
    today: localToday(at, members.get(uid)?.zone ?? DEFAULT_TIME_ZONE),
  }));
  const limit = Math.min(q.limit ?? TASK_PAGE_MAX, TASK_PAGE_MAX);
  const after = q.cursor ? decodeCursor(q.cursor) : undefined;
  const tasks = await repo.listTasks(scope, db.db, { view: q.view, who, limit, after });
  const last = tasks.length === limit ? tasks[tasks.length - 1] : undefined;
  return {
    tasks,
    nextCursor: last ? encodeCursor(q.view, last) : null,
    /** The "today" each assignee's view used (so the screen groups by the same days). */
    today: Object.fromEntries(who.map((w) => [w.uid, w.today])),
  };
}

function encodeCursor(view: TaskView, t: repo.TaskRow): string {
  const c: repo.TaskCursor =
    view === 'done'
      ? { m: Date.parse(t.completedAt!), u: t.taskUID }
      : { d: t.dueDate, m: Date.parse(t.actualDueDate), u: t.taskUID };
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

function decodeCursor(cursor: string): repo.TaskCursor {
  try {
    const c = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as repo.TaskCursor;
    if (
      typeof c.m === 'number' &&
      typeof c.u === 'string' &&
      (c.d === undefined || /^\d{4}-\d\d-\d\d$/.test(c.d))
    ) {
      return c;
    }
  } catch {
    // fall through
  }
  throw new DomainError('invalid-argument', 'cursor: not a cursor from this list', 'cursor');
}

/** A contact's tasks (404 when the contact is not one the caller sees). */
export async function tasksOfContact(db: Db, scope: TeamScope, gtid: string) {
  await requireContact(scope, db.db, gtid);
  return { tasks: await repo.contactTasks(scope, db.db, gtid) };
}

/** A member's time zone (their profile's, else the default). */
export async function zoneOfMember(db: Db, scope: TeamScope, uid: string) {
  return (await memberZones(db, scope)).get(uid)?.zone ?? DEFAULT_TIME_ZONE;
}

/** The navigation badge: the caller's open tasks due today and overdue, in their zone. */
export async function myDueCounts(db: Db, scope: TeamScope, now: () => number = Date.now) {
  const me = (await memberZones(db, scope)).get(scope.uid);
  const today = localToday(now(), me?.zone ?? DEFAULT_TIME_ZONE);
  return { ...(await repo.dueCounts(scope, db.db, scope.uid, today)), date: today };
}

/** The team's members with their zones, for the assignee pickers. */
export async function taskAssignees(db: Db, scope: TeamScope) {
  return {
    members: [...(await memberZones(db, scope)).values()].map(({ uid, name, zone }) => ({
      uid,
      name,
      timeZone: zone,
    })),
  };
}
