import { zonedParts } from '@leadloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import type { TestClient } from '../../test/http-client';
import { addContacts } from '../../test/team-fixtures';
import {
  activitiesOf,
  addConnection,
  changeLogOf,
  contactWorld,
  countRows,
  outboxOf,
  type ContactWorld,
} from '../contact-parts/test-helpers';
import { teamScopeFor } from '../../scope/team-scope';
import type { TaskRow } from './repo';
import { listTaskView, myDueCounts, updateTask } from './service';

let s: TestServices;
let w: ContactWorld;

beforeAll(async () => {
  s = await startTestServices();
  w = await contactWorld(s, 'tasks');
  await addConnection(s, w.teamUID, 'webhooks');
  await addConnection(s, w.teamUID, 'convertkit', { options: { syncTasks: false } });
  // The owner lives in New York, the member in Berlin.
  for (const [client, zone] of [
    [w.owner.client, 'America/New_York'],
    [w.member, 'Europe/Berlin'],
  ] as const) {
    const res = await client.api('/api/me', {
      method: 'PATCH',
      body: JSON.stringify({ timeZone: zone }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
});
afterAll(() => s.cleanup());

const api = (client: TestClient, path: string, method = 'GET', body?: unknown) =>
  client.api(`/api/teams/${w.teamUID}${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

async function create(client: TestClient, body: Record<string, unknown>) {
  const res = await api(client, '/tasks', 'POST', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body!.task as TaskRow;
}

const counts = async () => ({
  tasks: await countRows(s, 'task', w.teamUID),
  activities: await countRows(s, 'activity', w.teamUID),
  outbox: await countRows(s, 'outbox', w.teamUID),
  changes: await countRows(s, 'change_log', w.teamUID),
});

describe(`tasks (${ENGINE})`, () => {
  it('a task on a contact is due in its assignee’s zone, with its activity, sync rows and change', async () => {
    const [gtid] = await addContacts(s, w.teamUID, 1, [w.p1]);
    const outboxBefore = (await outboxOf(s, w.teamUID)).length;
    const task = await create(w.owner.client, {
      name: 'Call back',
      GTID: gtid,
      dueDate: '2026-03-08',
      dueTime: '23:30',
      assigneeUID: w.memberUID,
    });
    // 23:30 in Berlin on 8 March (CET, +1) is 22:30 UTC.
    expect(task).toMatchObject({
      name: 'Call back',
      GTID: gtid,
      assigneeUID: w.memberUID,
      dueDate: '2026-03-08',
      dueTime: '23:30',
      timeZone: 'Europe/Berlin',
      actualDueDate: '2026-03-08T22:30:00.000Z',
      status: 'open',
      createdBy: w.owner.uid,
    });
    const acts = await activitiesOf(s, w.teamUID, gtid!);
    expect(acts.map((a) => [a.type, a.action, a.note, a.ref_uid])).toEqual([
      ['task', 'created', 'Call back', task.taskUID],
    ]);
    const rows = (await outboxOf(s, w.teamUID)).slice(outboxBefore);
    // One row: the webhook takes tasks; ConvertKit has syncTasks off.
    expect(
      rows.map((r) => [r.kind, r.payload.changeData?.action, r.payload.changeData?.name]),
    ).toEqual([['sync', 'created', 'Call back']]);
    expect(
      (await changeLogOf(s, w.teamUID)).some(
        (c) => c.resource === 'task' && c.id === `${gtid}/${task.taskUID}`,
      ),
    ).toBe(true);

    // Reassigned to the New York owner: still 23:30 on the 8th, now New York's (EDT since 02:00).
    const moved = await api(w.owner.client, `/tasks/${task.taskUID}`, 'PATCH', {
      assigneeUID: w.owner.uid,
    });
    expect((moved.body!.task as TaskRow).actualDueDate).toBe('2026-03-09T03:30:00.000Z');
  });

  it('today, overdue and upcoming are each assignee’s own days', async () => {
    const scope = await teamScopeFor(s.database, w.owner.uid, w.teamUID);
    // 2026-11-21 03:00 UTC: already the 21st in Berlin, still the 20th in New York.
    const now = () => Date.parse('2026-11-21T03:00:00Z');
    for (const [who, date] of [
      [w.owner.uid, '2026-11-20'],
      [w.owner.uid, '2026-11-21'],
      [w.memberUID, '2026-11-20'],
      [w.memberUID, '2026-11-21'],
    ] as const) {
      await create(w.owner.client, {
        name: `${who === w.owner.uid ? 'owner' : 'member'} ${date}`,
        dueDate: date,
        assigneeUID: who,
      });
    }
    const names = async (view: 'today' | 'overdue' | 'upcoming', assignee: string) =>
      (await listTaskView(s.database, scope, { view, assignee }, now)).tasks
        .filter((t) => t.dueDate >= '2026-11-20' && t.dueDate <= '2026-11-21')
        .map((t) => t.name);
    expect(await names('today', 'me')).toEqual(['owner 2026-11-20']);
    expect(await names('upcoming', 'me')).toEqual(['owner 2026-11-21']);
    expect(await names('today', w.memberUID)).toEqual(['member 2026-11-21']);
    expect(await names('overdue', w.memberUID)).toEqual(['member 2026-11-20']);
    const everyone = await listTaskView(
      s.database,
      scope,
      { view: 'today', assignee: 'everyone' },
      now,
    );
    expect(everyone.today).toMatchObject({
      [w.owner.uid]: '2026-11-20',
      [w.memberUID]: '2026-11-21',
    });
    const memberScope = await teamScopeFor(s.database, w.memberUID, w.teamUID);
    const memberOverdue = await listTaskView(
      s.database,
      memberScope,
      { view: 'overdue', assignee: 'me' },
      now,
    );
    expect(await myDueCounts(s.database, memberScope, now)).toEqual({
      today: 1,
      overdue: memberOverdue.tasks.length,
      date: '2026-11-21',
    });
  });

  it('everyone’s overdue pages merge the assignees in due order, each task once', async () => {
    const scope = await teamScopeFor(s.database, w.owner.uid, w.teamUID);
    const now = () => Date.parse('2027-06-01T12:00:00Z');
    const made: string[] = [];
    for (const [i, date] of ['2027-05-03', '2027-05-01', '2027-05-02', '2027-05-01'].entries()) {
      for (const who of [w.owner.uid, w.memberUID]) {
        const name = `page ${date} ${i} ${who === w.owner.uid ? 'owner' : 'member'}`;
        await create(w.owner.client, {
          name,
          dueDate: date,
          dueTime: `0${i}:00`,
          assigneeUID: who,
        });
        made.push(name);
      }
    }
    const seen: { name: string; key: string }[] = [];
    let cursor: string | undefined;
    do {
      const page = await listTaskView(
        s.database,
        scope,
        { view: 'overdue', assignee: 'everyone', limit: 3, cursor },
        now,
      );
      expect(page.tasks.length).toBeLessThanOrEqual(3);
      for (const t of page.tasks) {
        if (t.name.startsWith('page ')) {
          seen.push({ name: t.name, key: `${t.dueDate} ${t.actualDueDate} ${t.taskUID}` });
        }
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen.map((t) => t.name).sort()).toEqual([...made].sort());
    const keys = seen.map((t) => t.key);
    expect(keys).toEqual([...keys].sort());
  });

  it('completing a repeating task creates the next one and logs both on the contact', async () => {
    const [gtid] = await addContacts(s, w.teamUID, 1, [w.p1]);
    const task = await create(w.member, {
      name: 'Daily check-in',
      GTID: gtid,
      dueDate: '2026-10-24',
      dueTime: '23:30',
      repeat: { kind: 'daily' },
    });
    const scope = await teamScopeFor(s.database, w.memberUID, w.teamUID);
    // Done on time, the evening before Berlin's clocks go back: the next is the 25th, 23:30 CET.
    const { next } = await updateTask(
      s.database,
      scope,
      task.taskUID,
      { status: 'done' },
      { changeId: null },
      () => Date.parse('2026-10-24T20:00:00Z'),
    );
    expect(next).toMatchObject({
      name: 'Daily check-in',
      dueDate: '2026-10-25',
      dueTime: '23:30',
      status: 'open',
      repeat: { kind: 'daily' },
    });
    expect(zonedParts(Date.parse(next!.actualDueDate), 'Europe/Berlin')).toEqual({
      date: '2026-10-25',
      time: '23:30',
    });
    expect(next!.actualDueDate).toBe('2026-10-25T22:30:00.000Z');
    const acts = await activitiesOf(s, w.teamUID, gtid!);
    expect(acts.map((a) => [a.action, a.ref_uid])).toEqual([
      ['created', task.taskUID],
      ['completed', task.taskUID],
      ['created', next!.taskUID],
    ]);
    const done = await api(w.member, '/tasks?view=done');
    expect((done.body!.tasks as TaskRow[]).map((t) => t.taskUID)).toContain(task.taskUID);
    const onContact = await api(w.member, `/contacts/${gtid}/tasks`);
    expect((onContact.body!.tasks as TaskRow[]).map((t) => [t.taskUID, t.status])).toEqual([
      [next!.taskUID, 'open'],
      [task.taskUID, 'done'],
    ]);
  });

  it('deletes a task, and only that one', async () => {
    const keep = await create(w.owner.client, { name: 'Keep me', dueDate: '2026-12-02' });
    const drop = await create(w.owner.client, { name: 'Drop me', dueDate: '2026-12-02' });
    const before = await countRows(s, 'task', w.teamUID);
    expect((await api(w.owner.client, `/tasks/${drop.taskUID}`, 'DELETE')).status).toBe(200);
    expect(await countRows(s, 'task', w.teamUID)).toBe(before - 1);
    expect(
      (await api(w.owner.client, `/tasks/${drop.taskUID}`, 'PATCH', { name: 'x' })).status,
    ).toBe(404);
    const still = await api(w.owner.client, `/tasks/${keep.taskUID}`, 'PATCH', { notes: 'kept' });
    expect(still.status).toBe(200);
  });

  it('refuses what a person may not do, and bad input, writing nothing', async () => {
    const [hidden] = await addContacts(s, w.teamUID, 1, [w.p2]);
    const ownerTask = await create(w.owner.client, { name: 'Owner only', dueDate: '2026-12-01' });
    const hiddenTask = await create(w.owner.client, {
      name: 'On P2',
      GTID: hidden,
      dueDate: '2026-12-01',
    });
    const before = await counts();
    expect((await api(w.member, '/tasks?assignee=everyone')).status).toBe(403);
    expect((await api(w.member, `/tasks?assignee=${w.owner.uid}`)).status).toBe(403);
    expect(
      (await api(w.member, `/tasks/${ownerTask.taskUID}`, 'PATCH', { status: 'done' })).status,
    ).toBe(403);
    expect((await api(w.member, `/tasks/${ownerTask.taskUID}`, 'DELETE')).status).toBe(403);
    expect(
      (await api(w.member, `/tasks/${hiddenTask.taskUID}`, 'PATCH', { name: 'x' })).status,
    ).toBe(404);
    expect(
      (await api(w.member, '/tasks', 'POST', { name: 'x', GTID: hidden, dueDate: '2026-12-01' }))
        .status,
    ).toBe(404);
    const bad = [
      [{ name: '', dueDate: '2026-12-01' }, 'name'],
      [{ name: 'x', dueDate: '2026-02-30' }, 'dueDate'],
      [{ name: 'x', dueDate: '2026-12-01', dueTime: '24:00' }, 'dueTime'],
      [{ name: 'x', dueDate: '2026-12-01', repeat: { kind: 'weekly', days: [] } }, 'repeat.days'],
    ] as const;
    for (const [body, field] of bad) {
      const res = await api(w.owner.client, '/tasks', 'POST', body);
      expect(res.status).toBe(400);
      expect((res.body!.error as { field: string }).field).toBe(field);
    }
    expect(
      (
        await api(w.owner.client, '/tasks', 'POST', {
          name: 'x',
          dueDate: '2026-12-01',
          assigneeUID: 'nobody',
        })
      ).status,
    ).toBe(404);
    expect((await api(w.owner.client, '/tasks?cursor=nope')).status).toBe(400);
    expect(await counts()).toEqual(before);
    // Another team's owner sees none of it.
    const res = await w.other.client.api(`/api/teams/${w.teamUID}/tasks`);
    expect(res.status).toBe(404);
  });
});
