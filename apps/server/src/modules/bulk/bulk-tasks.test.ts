import { addDays, localToday } from '@leadloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
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
import { postBulk, waitForJob } from './test-helpers';

/**
 * Bulk "create task" and "apply task template" (issue 8): one task per visible contact, each
 * with the activity and sync rows a task made by hand gets; invisible contacts listed.
 */

let s: TestServices;
let w: ContactWorld;

beforeAll(async () => {
  s = await startTestServices();
  w = await contactWorld(s, 'bulk-tasks');
  await addConnection(s, w.teamUID, 'webhooks');
});
afterAll(() => s.cleanup());

const tasksOf = async (gtid: string) =>
  (await w.owner.client.api(`/api/teams/${w.teamUID}/contacts/${gtid}/tasks`)).body!
    .tasks as TaskRow[];

describe(`bulk tasks (${ENGINE})`, () => {
  it('create task: one per visible contact, with activity and sync rows; hidden ones listed', async () => {
    const gtids = await addContacts(s, w.teamUID, 3, [w.p1]);
    const [hidden] = await addContacts(s, w.teamUID, 1, [w.p2]);
    const outboxBefore = (await outboxOf(s, w.teamUID)).length;
    const { jobUID } = await postBulk(w.member, w.teamUID, {
      action: {
        type: 'task',
        task: { name: 'Send the recap', dueDate: '2026-12-03', dueTime: '15:00' },
      },
      GTIDs: [...gtids, hidden],
    });
    const { job } = await waitForJob(w.member, w.teamUID, jobUID);
    expect(job).toMatchObject({
      state: 'done',
      done: 3,
      failed: 1,
      failures: [{ GTID: hidden, error: 'Contact not found, or not one you can see.' }],
    });
    for (const gtid of gtids) {
      expect(
        (await tasksOf(gtid!)).map((t) => [t.name, t.dueDate, t.dueTime, t.assigneeUID]),
      ).toEqual([['Send the recap', '2026-12-03', '15:00', w.memberUID]]);
      expect((await activitiesOf(s, w.teamUID, gtid!)).map((a) => [a.type, a.action])).toEqual([
        ['task', 'created'],
      ]);
    }
    expect(await tasksOf(hidden!)).toEqual([]);
    expect((await outboxOf(s, w.teamUID)).length - outboxBefore).toBe(3);
  });

  it('apply task template: the template’s task on each contact, for whoever started the job', async () => {
    const made = await w.owner.client.api(`/api/teams/${w.teamUID}/task-templates`, {
      method: 'POST',
      body: JSON.stringify({ name: 'Check in', dueInDays: 3 }),
    });
    const templateUID = (made.body!.taskTemplate as { templateUID: string }).templateUID;
    const gtids = await addContacts(s, w.teamUID, 2, [w.p1]);
    const { jobUID } = await postBulk(w.member, w.teamUID, {
      action: { type: 'task-template', templateUID },
      GTIDs: gtids,
    });
    expect((await waitForJob(w.member, w.teamUID, jobUID)).job).toMatchObject({
      done: 2,
      failed: 0,
    });
    const due = addDays(localToday(Date.now(), 'UTC'), 3);
    for (const gtid of gtids) {
      expect((await tasksOf(gtid!)).map((t) => [t.name, t.dueDate, t.assigneeUID])).toEqual([
        ['Check in', due, w.memberUID],
      ]);
    }
  });

  it('counts a template\'s "in N days" from the app clock, as the job runs', async () => {
    const made = await w.owner.client.api(`/api/teams/${w.teamUID}/task-templates`, {
      method: 'POST',
      body: JSON.stringify({ name: 'Follow up', dueInDays: 2 }),
    });
    const templateUID = (made.body!.taskTemplate as { templateUID: string }).templateUID;
    const [gtid] = await addContacts(s, w.teamUID, 1, [w.p1]);
    s.testClock.advance(40 * 24 * 60 * 60 * 1000);
    try {
      const { jobUID } = await postBulk(w.member, w.teamUID, {
        action: { type: 'task-template', templateUID },
        GTIDs: [gtid!],
      });
      expect((await waitForJob(w.member, w.teamUID, jobUID)).job).toMatchObject({ done: 1 });
      expect((await tasksOf(gtid!)).map((t) => t.dueDate)).toEqual([
        addDays(localToday(s.clock.now(), 'UTC'), 2),
      ]);
    } finally {
      s.testClock.reset();
    }
  });

  it('refuses an unknown template or assignee with 404 and stores no job', async () => {
    const gtids = await addContacts(s, w.teamUID, 1, [w.p1]);
    const before = await countRows(s, 'bulk_job', w.teamUID);
    for (const action of [
      { type: 'task-template', templateUID: 'ttpl-nope' },
      { type: 'task', task: { name: 'x', dueDate: '2026-12-01', assigneeUID: 'nobody' } },
    ]) {
      const res = await w.member.api(`/api/teams/${w.teamUID}/bulk-jobs`, {
        method: 'POST',
        body: JSON.stringify({ action, GTIDs: gtids }),
      });
      expect(res.status).toBe(404);
    }
    const bad = await w.member.api(`/api/teams/${w.teamUID}/bulk-jobs`, {
      method: 'POST',
      body: JSON.stringify({
        action: { type: 'task', task: { name: '', dueDate: '2026-12-01' } },
        GTIDs: gtids,
      }),
    });
    expect(bad.status).toBe(400);
    expect((bad.body!.error as { field: string }).field).toBe('action.task.name');
    expect(await countRows(s, 'bulk_job', w.teamUID)).toBe(before);
  });
});
