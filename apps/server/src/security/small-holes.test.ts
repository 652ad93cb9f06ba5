import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, startTestServices, type TestServices } from '../test/harness';
import type { TestClient } from '../test/http-client';
import {
  addContacts,
  addMember,
  addPipeline,
  createUser,
  makeSuper,
  ownerWithTeam,
  signIn,
} from '../test/team-fixtures';

/**
 * Another team's pipeline is not found wherever a body names it (the search at `/v2`, a saved
 * filter set), like a pipeline withheld from a member; the mail log shows super admins the mail
 * without the secrets of its links (reset tokens, invitation codes).
 */

let s: TestServices;
let owner: TestClient;
let teamUID: string;
let shown: { pipelineUID: string; stageUID: string };
let withheld: { pipelineUID: string; stageUID: string };
let member: TestClient;
let foreignPipelineUID: string;
let superAdmin: TestClient;

beforeAll(async () => {
  s = await startTestServices();
  const a = await ownerWithTeam(s, 'owner@holes.test');
  owner = a.client;
  teamUID = a.teamUID;
  shown = await addPipeline(s, teamUID, 'Shown');
  withheld = await addPipeline(s, teamUID, 'Withheld');
  await addContacts(s, teamUID, 2, [shown]);
  const memberUID = await createUser(s, 'member@holes.test');
  await addMember(s, teamUID, memberUID, 'member', [shown.pipelineUID]);
  member = await signIn(s, 'member@holes.test');

  const b = await ownerWithTeam(s, 'other@holes.test');
  const theirs = await addPipeline(s, b.teamUID, 'Theirs');
  foreignPipelineUID = theirs.pipelineUID;
  await addContacts(s, b.teamUID, 2, [theirs]);

  const root = await ownerWithTeam(s, 'root@holes.test');
  await makeSuper(s, root.uid);
  superAdmin = await signIn(s, 'root@holes.test');
});
afterAll(() => s.cleanup());

const json = (method: string, body: unknown) => ({ method, body: JSON.stringify(body) });

const NOT_FOUND = (field: string) => ({
  error: { status: 'not-found', message: 'Pipeline not found', field },
});

describe(`POST /v2 and a pipeline the caller cannot see (${ENGINE})`, () => {
  const search = (client: TestClient, pipelineUID: string) =>
    client.api('/v2', json('POST', { teamUID, searchObj: { pipelineUID } }));

  it("answers 404 for another team's pipeline, not an empty page naming it", async () => {
    const res = await search(owner, foreignPipelineUID);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND('searchObj.pipelineUID'));
    expect(JSON.stringify(res.body)).not.toContain(foreignPipelineUID);
  });

  it('answers 404 to a member for a pipeline withheld from them', async () => {
    const res = await search(member, withheld.pipelineUID);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND('searchObj.pipelineUID'));
  });

  it('answers a visible pipeline, empty or not', async () => {
    const full = await search(member, shown.pipelineUID);
    expect(full.status).toBe(200);
    const data = full.body!.data as { hits: unknown[]; pipelineUID: string };
    expect(data.hits).toHaveLength(2);
    expect(data.pipelineUID).toBe(shown.pipelineUID);

    const empty = await search(owner, withheld.pipelineUID);
    expect(empty.status).toBe(200);
    expect((empty.body!.data as { hits: unknown[] }).hits).toEqual([]);
  });
});

describe(`saved filter sets and a pipeline the caller cannot see (${ENGINE})`, () => {
  const path = () => `/api/teams/${teamUID}/filter-sets`;
  const stored = async () => {
    const r = await s.database.db.execute(
      sql`SELECT filter FROM filter_set WHERE team_uid = ${teamUID} ORDER BY created_at`,
    );
    return r.rows.map((row) => (row as { filter: unknown }).filter);
  };

  it("refuses to save another team's pipeline, or one withheld from a member", async () => {
    const foreign = await owner.api(
      path(),
      json('POST', { name: 'Theirs', filter: { pipelineUID: foreignPipelineUID } }),
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(NOT_FOUND('filter.pipelineUID'));
    const hidden = await member.api(
      path(),
      json('POST', { name: 'Hidden', filter: { pipelineUID: withheld.pipelineUID } }),
    );
    expect(hidden.status).toBe(404);
    expect(await stored()).toEqual([]);
  });

  it("an edit cannot point a saved set at another team's pipeline", async () => {
    const created = await owner.api(
      path(),
      json('POST', { name: 'Mine', filter: { pipelineUID: shown.pipelineUID } }),
    );
    expect(created.status).toBe(201);
    const { filterSetUID } = created.body!.filterSet as { filterSetUID: string };
    const res = await owner.api(
      `${path()}/${filterSetUID}`,
      json('PATCH', { filter: { pipelineUID: foreignPipelineUID } }),
    );
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND('filter.pipelineUID'));
    expect(await stored()).toEqual([{ pipelineUID: shown.pipelineUID }]);
  });
});

describe(`the mail log masks the secrets of links (${ENGINE})`, () => {
  it('shows reset and invitation mail without the token or the code', async () => {
    const carl = await createUser(s, 'carl@holes.test');
    expect(
      (await superAdmin.api(`/api/admin/users/${carl}/reset-password`, { method: 'POST' })).status,
    ).toBe(200);
    expect(
      (
        await owner.api(
          `/api/teams/${teamUID}/invitations`,
          json('POST', { email: 'dora@holes.test', role: 'member' }),
        )
      ).status,
    ).toBe(201);

    // The mail as sent (and stored) carries the real secrets...
    const mail = await s.database.db.execute(
      sql`SELECT "to", text FROM mail_message WHERE "to" IN ('carl@holes.test', 'dora@holes.test')`,
    );
    const textTo = (to: string) =>
      (mail.rows as { to: string; text: string }[]).find((m) => m.to === to)!.text;
    const token = /password-reset\?token=([^\s&#]+)/.exec(textTo('carl@holes.test'))?.[1];
    const code = /\/login\/invite\/([^\s/?#]+)/.exec(textTo('dora@holes.test'))?.[1];
    expect(token).toMatch(/^[\w%-]{16,}$/);
    expect(code).toMatch(/^[\w-]{32,}$/);

    // ...the super admin's log does not.
    const log = await superAdmin.api('/api/admin/mail?limit=50');
    expect(log.status).toBe(200);
    const raw = JSON.stringify(log.body);
    expect(raw).not.toContain(token!);
    expect(raw).not.toContain(code!);
    const messages = log.body!.messages as { to: string; text: string }[];
    const logged = (to: string) => messages.find((m) => m.to === to)!.text;
    expect(logged('carl@holes.test')).toContain(
      'http://localhost:3000/password-reset?token=••••••',
    );
    expect(logged('dora@holes.test')).toContain('http://localhost:3000/login/invite/••••••');
    // Everything else of the mail is shown as it was sent.
    expect(logged('carl@holes.test')).toBe(textTo('carl@holes.test').replace(token!, '••••••'));
  });
});
