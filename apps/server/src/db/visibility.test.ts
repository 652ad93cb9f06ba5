import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, startTestServices, type TestServices } from '../test/harness';
import { addContacts, addPipeline, ownerWithTeam } from '../test/team-fixtures';
import type { TeamScope } from './scope';
import { visibleContacts } from './visibility';

let s: TestServices;
beforeAll(async () => {
  s = await startTestServices();
});
afterAll(() => s.cleanup());

describe(`visibleContacts (${ENGINE})`, () => {
  it('shows owners/admins everything, members contacts in a visible pipeline or in none', async () => {
    const t = await ownerWithTeam(s, 'vis@example.com');
    const seen = await addPipeline(s, t.teamUID, 'Seen');
    const hidden = await addPipeline(s, t.teamUID, 'Hidden');
    const [inSeen] = await addContacts(s, t.teamUID, 1, [seen]);
    const [inHidden] = await addContacts(s, t.teamUID, 1, [hidden]);
    const [inBoth] = await addContacts(s, t.teamUID, 1, [seen, hidden]);
    const [inNone] = await addContacts(s, t.teamUID, 1);
    // Another team's contacts never show, whatever the scope.
    const other = await ownerWithTeam(s, 'vis-other@example.com');
    await addContacts(s, other.teamUID, 1);

    const visible = async (scope: TeamScope) => {
      const r = await s.database.db.execute<{ gtid: string }>(sql`
        SELECT c.gtid FROM contact c WHERE c.team_uid = ${scope.teamUID} AND ${visibleContacts(scope)}
        ORDER BY c.gtid`);
      return r.rows.map((row) => row.gtid);
    };
    const base = { kind: 'team', teamUID: t.teamUID, uid: t.uid } as const;
    const all = [inSeen, inHidden, inBoth, inNone].sort();
    expect(await visible({ ...base, role: 'owner', visiblePipelines: 'all' })).toEqual(all);
    expect(await visible({ ...base, role: 'admin', visiblePipelines: 'all' })).toEqual(all);
    expect(
      await visible({ ...base, role: 'member', visiblePipelines: [seen.pipelineUID] }),
    ).toEqual([inSeen, inBoth, inNone].sort());
    expect(await visible({ ...base, role: 'member', visiblePipelines: [] })).toEqual([inNone]);
  });
});
