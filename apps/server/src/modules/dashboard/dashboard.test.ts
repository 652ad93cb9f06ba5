import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import { addContacts } from '../../test/team-fixtures';
import { contactWorld, type ContactWorld } from '../contact-parts/test-helpers';
import { teamScopeFor } from '../teams/service';
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
/** An activity by `uid` at an instant (ISO). */
async function act(uid: string, iso: string, type: string, action = 'x') {
  const ms = Date.parse(iso);
  await s.database.pool.query(
    `INSERT INTO activity (team_uid, activity_uid, gtid, type, action, created_by_uid, created_at, created_at_unix)
     VALUES ($1, $2, $3, $4, $5, $6, to_timestamp($7::bigint / 1000.0), $7::bigint)`,
    [w.teamUID, `dash-${++n}`, gtid, type, action, uid, ms],
  );
}

describe(`home dashboard (${ENGINE})`, () => {
  it('counts the week and the streak on the person’s own calendar', async () => {
    const me = w.memberUID;
    // Saturday 2026-11-21, 10:00 in New York (15:00 UTC).
    const now = () => Date.parse('2026-11-21T15:00:00Z');
    await act(me, '2026-11-21T14:00:00Z', 'stage', 'moved'); // Sat
    await act(me, '2026-11-21T03:00:00Z', 'message', 'sent'); // Fri 22:00 in New York
    await act(me, '2026-11-19T18:00:00Z', 'task', 'completed'); // Thu
    await act(me, '2026-11-19T18:30:00Z', 'task', 'created'); // does not count for the streak
    await act(me, '2026-11-17T12:00:00Z', 'stage', 'moved'); // Tue
    await act(me, '2026-11-16T12:00:00Z', 'initial', 'created'); // Mon: added
    await act(me, '2026-11-16T04:00:00Z', 'stage', 'moved'); // Sun 23:00 in New York: last week
    await act(w.owner.uid, '2026-11-20T12:00:00Z', 'stage', 'moved'); // someone else

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
});
