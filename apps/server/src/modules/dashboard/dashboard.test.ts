import { localToday } from '@leadloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTx } from '../../db/tx';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import { addContacts } from '../../test/team-fixtures';
import { contactWorld, type ContactWorld } from '../contact-parts/test-helpers';
import { rebuildRollups } from '../kpis/service';
import { teamScopeFor } from '../../scope/team-scope';
import { homeDashboard } from './service';

let s: TestServices;
let w: ContactWorld;
let gtid: string;

beforeAll(async () => {
  s = await startTestServices();
  w = await contactWorld(s, 'dash');
  [gtid] = (await addContacts(s, w.teamUID, 1, [w.p1])) as [string];
  const res = await w.member.api('/api/me', {
    method: 'PATCH',
    body: JSON.stringify({ timeZone: 'America/New_York' }),
  });
  expect(res.status).toBe(200);
});
afterAll(() => s.cleanup());

let n = 0;
/**
 * An activity by `uid` at an instant (ISO), written past recordActivities: the test rebuilds the
 * rollups from the activities afterwards (the rule of migration 0013's backfill). A stage
 * change names its pipeline and stage, as every real one does.
 */
async function act(uid: string, iso: string, type: string, action = 'x') {
  const ms = Date.parse(iso);
  const place = type === 'stage' ? [w.p1.pipelineUID, w.p1.stageUID] : [null, null];
  await s.database.pool.query(
    `INSERT INTO activity (team_uid, activity_uid, gtid, type, action, created_by_uid, created_at, created_at_unix, pipeline_uid, stage_uid)
     VALUES ($1, $2, $3, $4, $5, $6, to_timestamp($7::bigint / 1000.0), $7::bigint, $8, $9)`,
    [w.teamUID, `dash-${++n}`, gtid, type, action, uid, ms, ...place],
  );
}

async function rebuild() {
  const scope = await teamScopeFor(s.database, w.owner.uid, w.teamUID);
  await withTx(s.database, scope, (tx) => rebuildRollups(tx, scope));
}

describe(`home dashboard (${ENGINE})`, () => {
  it('counts the week and the streak on the person’s own calendar', async () => {
    const me = w.memberUID;
    // Saturday 2026-11-21, 10:00 in New York (15:00 UTC).
    const now = () => Date.parse('2026-11-21T15:00:00Z');
    await act(me, '2026-11-21T14:00:00Z', 'stage', 'changed'); // Sat
    await act(me, '2026-11-21T03:00:00Z', 'message', 'sent'); // Fri 22:00 in New York
    await act(me, '2026-11-19T18:00:00Z', 'task', 'completed'); // Thu
    await act(me, '2026-11-19T18:30:00Z', 'task', 'created'); // does not count for the streak
    await act(me, '2026-11-17T12:00:00Z', 'stage', 'changed'); // Tue
    await act(me, '2026-11-16T12:00:00Z', 'initial', 'created'); // Mon: added
    await act(me, '2026-11-16T04:00:00Z', 'stage', 'changed'); // Sun 23:00 in New York: last week
    await act(w.owner.uid, '2026-11-20T12:00:00Z', 'stage', 'changed'); // someone else
    await rebuild();

    const scope = await teamScopeFor(s.database, me, w.teamUID);
    const home = await homeDashboard(s, scope, now);
    expect(home).toMatchObject({
      today: '2026-11-21',
      timeZone: 'America/New_York',
      weekStart: '2026-11-16',
      week: { added: 1, moved: 2, messages: 1, tasksDone: 1 },
      streak: {
        current: 3,
        best: 3,
        days: ['2026-11-15', '2026-11-17', '2026-11-19', '2026-11-20', '2026-11-21'],
      },
      announcements: [],
      trainingVideos: [],
    });
  });

  it('answers over HTTP for the signed-in member; another team gets 404', async () => {
    const res = await w.member.api(`/api/teams/${w.teamUID}/dashboard/home`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ timeZone: 'America/New_York' });
    expect((await w.other.client.api(`/api/teams/${w.teamUID}/dashboard/home`)).status).toBe(404);
  });

  it('a move, a message and a completed task made through the API show on the home dashboard and make today active; deleting a history entry does not', async () => {
    const { owner, member, teamUID, p1 } = w;
    const team = (path: string, method = 'GET', body?: unknown) =>
      member.api(`/api/teams/${teamUID}${path}`, {
        method,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const made = await owner.client.api(
      `/api/teams/${teamUID}/pipelines/${p1.pipelineUID}/stages`,
      {
        method: 'POST',
        body: JSON.stringify({ name: 'Replied' }),
      },
    );
    const replied = (made.body!.stage as { stageUID: string }).stageUID;
    const scope = await teamScopeFor(s.database, w.memberUID, teamUID);
    const home = () => homeDashboard(s, scope);
    const today = localToday(Date.now(), 'America/New_York');
    const before = await home();

    const moved = await team(`/contacts/${gtid}/pipelines/${p1.pipelineUID}/stage`, 'PUT', {
      stageUID: replied,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    let now = await home();
    expect(now.week.moved).toBe(before.week.moved + 1);
    expect(now.streak.days).toContain(today);
    expect(now.streak.current).toBeGreaterThanOrEqual(1);

    expect((await team(`/contacts/${gtid}/messages`, 'POST', { text: 'Hi' })).status).toBe(201);
    const task = await team('/tasks', 'POST', { name: 'Call back', GTID: gtid, dueDate: today });
    expect(task.status, JSON.stringify(task.body)).toBe(201);
    const taskUID = (task.body!.task as { taskUID: string }).taskUID;
    expect((await team(`/tasks/${taskUID}`, 'PATCH', { status: 'done' })).status).toBe(200);
    now = await home();
    expect(now.week).toEqual({
      added: before.week.added,
      moved: before.week.moved + 1,
      messages: before.week.messages + 1,
      tasksDone: before.week.tasksDone + 1,
    });

    // Deleting the move's history entry is a correction, not a move: nothing changes.
    const history = moved.body!.historyId as string;
    const gone = await team(
      `/contacts/${gtid}/pipelines/${p1.pipelineUID}/history/${history}`,
      'DELETE',
    );
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect((await home()).week).toEqual(now.week);
  });
});
