import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLogRows, countRows } from '../test/contact-fixtures';
import { ENGINE, startTestServices, type TestServices } from '../test/harness';
import { addPipeline, ownerWithTeam } from '../test/team-fixtures';

/**
 * What every team route shares (`http/team-route.ts`): one rule for the `x-change-id` header,
 * the 404 for a team the caller is not in, and the API's own 404 for a path no route answers.
 */

let s: TestServices;
beforeAll(async () => {
  s = await startTestServices();
});
afterAll(() => s.cleanup());

let n = 0;
const email = (what: string) => `team-route-${what}-${++n}@example.com`;

const post = (body: unknown, changeId?: string): RequestInit => ({
  method: 'POST',
  body: JSON.stringify(body),
  headers: changeId === undefined ? {} : { 'x-change-id': changeId },
});

/** One write of each style of route: a contact, a tag set, a pipeline. */
const WRITES = [
  {
    name: 'a contacts write',
    path: 'contacts',
    table: 'contact',
    resource: 'contact',
    body: (pipelineUID: string) => ({ firstName: 'Ada', pipelineUID }),
  },
  {
    name: 'a tags write',
    path: 'tag-sets',
    table: 'tag_set',
    resource: 'tagSet',
    body: () => ({ name: 'Temperature' }),
  },
  {
    name: 'a pipelines write',
    path: 'pipelines',
    table: 'pipeline',
    resource: 'pipeline',
    body: () => ({ nickName: 'Recruiting' }),
  },
];

async function team() {
  const t = await ownerWithTeam(s, email('owner'));
  const p = await addPipeline(s, t.teamUID, 'Sales');
  return { ...t, ...p };
}

describe(`the x-change-id of a team route's write (${ENGINE})`, () => {
  for (const write of WRITES) {
    it(`${write.name}: over 200 characters answers 400 and changes nothing`, async () => {
      const t = await team();
      const before = {
        rows: await countRows(s, write.table, t.teamUID),
        changes: await countRows(s, 'change_log', t.teamUID),
      };
      const res = await t.client.api(
        `/api/teams/${t.teamUID}/${write.path}`,
        post(write.body(t.pipelineUID), 'x'.repeat(201)),
      );
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: {
          status: 'invalid-argument',
          message: 'x-change-id: up to 200 characters.',
          field: 'x-change-id',
        },
      });
      expect({
        rows: await countRows(s, write.table, t.teamUID),
        changes: await countRows(s, 'change_log', t.teamUID),
      }).toEqual(before);
    });

    it(`${write.name}: an id of 200 characters is recorded whole in the change log`, async () => {
      const t = await team();
      const changeId = `chg-${'y'.repeat(196)}`;
      const res = await t.client.api(
        `/api/teams/${t.teamUID}/${write.path}`,
        post(write.body(t.pipelineUID), changeId),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const logged = (await changeLogRows(s, t.teamUID)).filter(
        (row) => row.resource === write.resource && row.op === 'insert',
      );
      expect(logged.length).toBeGreaterThan(0);
      expect(logged.every((row) => row.change_id === changeId)).toBe(true);
    });
  }

  it('a write without the header logs no change id', async () => {
    const t = await team();
    const res = await t.client.api(`/api/teams/${t.teamUID}/tag-sets`, post({ name: 'Plain' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const logged = (await changeLogRows(s, t.teamUID)).filter((r) => r.resource === 'tagSet');
    expect(logged.map((r) => r.change_id)).toEqual([null]);
  });

  it('a read ignores the header, however long', async () => {
    const t = await team();
    const res = await t.client.api(`/api/teams/${t.teamUID}/tag-sets`, {
      headers: { 'x-change-id': 'x'.repeat(500) },
    });
    expect(res.status).toBe(200);
  });
});

describe(`a team route's team (${ENGINE})`, () => {
  it("answers 404 'Team not found' to a caller outside the team, before reading the body", async () => {
    const a = await team();
    const b = await team();
    for (const init of [{}, post({ name: 'Intruder' }), post({ bad: true }, 'x'.repeat(201))]) {
      const res = await b.client.api(`/api/teams/${a.teamUID}/tag-sets`, init);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { status: 'not-found', message: 'Team not found' } });
    }
    expect(await countRows(s, 'tag_set', a.teamUID)).toBe(0);
  });

  it('leaves a path no route answers to the API (member or not)', async () => {
    const a = await team();
    const b = await team();
    for (const client of [a.client, b.client]) {
      const res = await client.api(`/api/teams/${a.teamUID}/no-such-thing`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        error: { status: 'not-found', message: 'No such API endpoint' },
      });
    }
  });
});
