import { addDays, localToday } from '@leadloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import type { TestClient } from '../../test/http-client';
import { addContacts } from '../../test/team-fixtures';
import {
  activitiesOf,
  addConnection,
  contactWorld,
  countRows,
  outboxOf,
  type ContactWorld,
} from '../contact-parts/test-helpers';
import type { TaskRow } from '../tasks/repo';
import type { TaskTemplateRow } from './repo';

let s: TestServices;
let w: ContactWorld;

beforeAll(async () => {
  s = await startTestServices();
  w = await contactWorld(s, 'ttpl');
  await addConnection(s, w.teamUID, 'webhooks');
  const res = await w.member.api('/api/me', {
    method: 'PATCH',
    body: JSON.stringify({ timeZone: 'Asia/Tokyo' }),
  });
  expect(res.status).toBe(200);
});
afterAll(() => s.cleanup());

const api = (client: TestClient, path: string, method = 'GET', body?: unknown) =>
  client.api(`/api/teams/${w.teamUID}${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const counts = async () => ({
  templates: await countRows(s, 'task_template', w.teamUID),
  tasks: await countRows(s, 'task', w.teamUID),
  activities: await countRows(s, 'activity', w.teamUID),
});

describe(`task templates (${ENGINE})`, () => {
  it('owners keep templates; members read them and get 403 on writes', async () => {
    const made = await api(w.owner.client, '/task-templates', 'POST', {
      name: 'Send the welcome pack',
      category: 'Onboarding',
      type: 'Message',
      dueInDays: 1,
      dueTime: '09:00',
      repeat: null,
      assignee: { kind: 'member', uid: w.memberUID },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const t = made.body!.taskTemplate as TaskTemplateRow;
    expect(t).toMatchObject({
      name: 'Send the welcome pack',
      category: 'Onboarding',
      dueInDays: 1,
      notes: '',
    });
    const list = await api(w.member, '/task-templates');
    expect((list.body!.taskTemplates as TaskTemplateRow[]).map((x) => x.templateUID)).toEqual([
      t.templateUID,
    ]);
    const before = await counts();
    expect(
      (await api(w.member, '/task-templates', 'POST', { name: 'x', dueInDays: 0 })).status,
    ).toBe(403);
    expect((await api(w.member, `/task-templates/${t.templateUID}`, 'DELETE')).status).toBe(403);
    const bad = await api(w.owner.client, '/task-templates', 'POST', { name: 'x', dueInDays: -1 });
    expect(bad.status).toBe(400);
    expect((bad.body!.error as { field: string }).field).toBe('dueInDays');
    expect(
      (
        await api(w.owner.client, '/task-templates', 'POST', {
          name: 'x',
          dueInDays: 0,
          assignee: { kind: 'member', uid: 'nobody' },
        })
      ).status,
    ).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('a save replaces the whole template, keeping its author; delete removes it', async () => {
    const made = await api(w.owner.client, '/task-templates', 'POST', {
      name: 'Call back',
      category: 'Follow-up',
      notes: 'Ask about the demo',
      dueInDays: 2,
      repeat: { kind: 'daily' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const t = made.body!.taskTemplate as TaskTemplateRow;
    const saved = await api(w.owner.client, `/task-templates/${t.templateUID}`, 'PUT', {
      name: 'Call back soon',
      dueInDays: 1,
      dueTime: '10:30',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = saved.body!.taskTemplate as TaskTemplateRow;
    expect(after).toEqual({
      ...t,
      name: 'Call back soon',
      category: '',
      notes: '',
      dueInDays: 1,
      dueTime: '10:30',
      repeat: null,
      updatedAt: after.updatedAt,
    });
    expect(Date.parse(after.updatedAt)).toBeGreaterThanOrEqual(Date.parse(t.updatedAt));
    const listed = await api(w.owner.client, '/task-templates');
    expect(listed.body!.taskTemplates).toContainEqual(after);

    expect((await api(w.owner.client, `/task-templates/${t.templateUID}`, 'DELETE')).status).toBe(
      200,
    );
    const gone = await api(w.owner.client, '/task-templates');
    expect((gone.body!.taskTemplates as TaskTemplateRow[]).map((x) => x.templateUID)).not.toContain(
      t.templateUID,
    );
  });

  it('applying to contacts creates one task each, due by the assignee’s zone, with activities and sync rows', async () => {
    const t = (
      await api(w.owner.client, '/task-templates', 'POST', {
        name: 'Call after the event',
        dueInDays: 2,
        dueTime: '18:00',
        assignee: { kind: 'member', uid: w.memberUID },
      })
    ).body!.taskTemplate as TaskTemplateRow;
    const gtids = await addContacts(s, w.teamUID, 3, [w.p1]);
    const outboxBefore = (await outboxOf(s, w.teamUID)).length;
    const res = await api(w.member, `/task-templates/${t.templateUID}/apply`, 'POST', {
      GTIDs: gtids,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body!.created).toBe(3);
    const dueDate = addDays(localToday(Date.now(), 'Asia/Tokyo'), 2);
    for (const gtid of gtids) {
      const tasks = (await api(w.member, `/contacts/${gtid}/tasks`)).body!.tasks as TaskRow[];
      expect(tasks).toHaveLength(1);
      expect(tasks[0]).toMatchObject({
        name: 'Call after the event',
        assigneeUID: w.memberUID,
        dueDate,
        dueTime: '18:00',
        timeZone: 'Asia/Tokyo',
      });
      // 18:00 in Tokyo (+9, no daylight saving) is 09:00 UTC.
      expect(tasks[0]!.actualDueDate).toBe(`${dueDate}T09:00:00.000Z`);
      const acts = await activitiesOf(s, w.teamUID, gtid);
      expect(acts.map((a) => [a.type, a.action, a.note])).toEqual([
        ['task', 'created', 'Call after the event'],
      ]);
    }
    expect((await outboxOf(s, w.teamUID)).length - outboxBefore).toBe(3);
  });

  it('applying to a contact the caller cannot see is 404 and creates nothing', async () => {
    const t = (await api(w.owner.client, '/task-templates', 'POST', { name: 'Ping', dueInDays: 0 }))
      .body!.taskTemplate as TaskTemplateRow;
    const [visible] = await addContacts(s, w.teamUID, 1, [w.p1]);
    const [hidden] = await addContacts(s, w.teamUID, 1, [w.p2]);
    const before = await counts();
    const res = await api(w.member, `/task-templates/${t.templateUID}/apply`, 'POST', {
      GTIDs: [visible, hidden],
    });
    expect(res.status).toBe(404);
    expect(await counts()).toEqual(before);
  });
});
