import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import type { TestClient } from '../../test/http-client';
import { createUser, makeSuper, ownerWithTeam, signIn } from '../../test/team-fixtures';

let s: TestServices;
let admin: TestClient;
let acme: Awaited<ReturnType<typeof ownerWithTeam>>;
let zeta: Awaited<ReturnType<typeof ownerWithTeam>>;

async function setFlags(teamUID: string, flags: Record<string, unknown>) {
  await s.database.db.execute(
    sql`UPDATE team SET feature_flags = ${JSON.stringify(flags)}::jsonb WHERE team_uid = ${teamUID}`,
  );
}

beforeAll(async () => {
  s = await startTestServices();
  await makeSuper(s, await createUser(s, 'root@example.com'));
  admin = await signIn(s, 'root@example.com');
  acme = await ownerWithTeam(s, 'acme@example.com');
  zeta = await ownerWithTeam(s, 'zeta@example.com');
});
afterAll(() => s.cleanup());

describe(`GET /api/admin/flags (${ENGINE})`, () => {
  it('answers 404 to a team owner who is not a super admin', async () => {
    const res = await acme.client.api('/api/admin/flags');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: { status: 'not-found' } });
  });

  it("lists core's named flags even when no team has them", async () => {
    // New teams start with both bulk-messaging flags on (migration 0021): clear them here.
    await setFlags(acme.teamUID, {});
    await setFlags(zeta.teamUID, {});
    const res = await admin.api('/api/admin/flags');
    expect(res).toEqual({
      status: 200,
      body: {
        flags: [
          { name: 'instagram_bulk_messaging_access', teams: [] },
          { name: 'facebook_bulk_messaging_access', teams: [] },
          { name: 'facebook_auto_responder_access', teams: [] },
        ],
      },
    });
  });

  it('groups every stored flag by name with each team and its stored value', async () => {
    await setFlags(acme.teamUID, { facebook_bulk_messaging_access: true, 'dev-beta': true });
    // A non-boolean value is not "on" (core isFeatureFlagEnabled wants an explicit true).
    await setFlags(zeta.teamUID, { facebook_bulk_messaging_access: false, custom: 'yes' });
    const { body } = await admin.api('/api/admin/flags');
    const acmeTeam = { teamUID: acme.teamUID, name: "acme@example.com's team" };
    const zetaTeam = { teamUID: zeta.teamUID, name: "zeta@example.com's team" };
    expect(body).toEqual({
      flags: [
        { name: 'instagram_bulk_messaging_access', teams: [] },
        {
          name: 'facebook_bulk_messaging_access',
          teams: [
            { ...acmeTeam, enabled: true },
            { ...zetaTeam, enabled: false },
          ],
        },
        { name: 'facebook_auto_responder_access', teams: [] },
        { name: 'custom', teams: [{ ...zetaTeam, enabled: false }] },
        { name: 'dev-beta', teams: [{ ...acmeTeam, enabled: true }] },
      ],
    });
  });

  it('follows a change made through PUT /api/admin/teams/:teamUID/flags', async () => {
    const put = await admin.api(`/api/admin/teams/${zeta.teamUID}/flags`, {
      method: 'PUT',
      body: JSON.stringify({ flags: { instagram_bulk_messaging_access: true } }),
    });
    expect(put.status).toBe(200);
    const body = (await admin.api('/api/admin/flags')).body as {
      flags: { name: string; teams: { teamUID: string }[] }[];
    };
    const teamsOf = (name: string) =>
      body.flags.find((f) => f.name === name)?.teams.map((t) => t.teamUID);
    expect(teamsOf('instagram_bulk_messaging_access')).toEqual([zeta.teamUID]);
    expect(teamsOf('facebook_bulk_messaging_access')).toEqual([acme.teamUID]);
    expect(body.flags.map((f) => f.name)).not.toContain('custom');
  });
});
