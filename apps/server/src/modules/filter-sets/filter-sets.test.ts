import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import type { TestClient } from '../../test/http-client';
import { addMember, createUser, ownerWithTeam, signIn } from '../../test/team-fixtures';
import type { FilterSetRow } from './repo';

let s: TestServices;
let owner: TestClient;
let ann: TestClient;
let bob: TestClient;
let teamUID: string;

beforeAll(async () => {
  s = await startTestServices();
  const o = await ownerWithTeam(s, 'fsets-owner@example.com');
  owner = o.client;
  teamUID = o.teamUID;
  for (const who of ['fsets-ann@example.com', 'fsets-bob@example.com']) {
    await addMember(s, teamUID, await createUser(s, who), 'member');
  }
  ann = await signIn(s, 'fsets-ann@example.com');
  bob = await signIn(s, 'fsets-bob@example.com');
});
afterAll(() => s.cleanup());

const api = (client: TestClient, path: string, method = 'GET', body?: unknown) =>
  client.api(`/api/teams/${teamUID}${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

async function create(client: TestClient, body: Record<string, unknown>) {
  const res = await api(client, '/filter-sets', 'POST', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body!.filterSet as FilterSetRow;
}

const names = async (client: TestClient) => {
  const res = await api(client, '/filter-sets');
  expect(res.status).toBe(200);
  return (res.body!.filterSets as FilterSetRow[]).map((f) => f.name);
};

async function writes() {
  const r = await s.database.pool.query<{ sets: string; changes: string }>(
    `SELECT (SELECT count(*) FROM filter_set WHERE team_uid = $1) AS sets,
            (SELECT count(*) FROM change_log WHERE team_uid = $1 AND resource = 'filterSet') AS changes`,
    [teamUID],
  );
  return r.rows[0]!;
}

describe(`saved filter sets (${ENGINE})`, () => {
  it('keeps a personal set to its author and shows a shared one to the team', async () => {
    const mine = await create(ann, {
      name: 'Ann only',
      filter: { text: 'lee', tags: { any: ['t1'] } },
      sort: { field: 'name', direction: 'desc' },
      columns: ['name', 'email'],
    });
    expect(mine).toMatchObject({
      shared: false,
      filter: { text: 'lee', tags: { any: ['t1'] } },
      sort: { field: 'name', direction: 'desc' },
      columns: ['name', 'email'],
    });
    await create(ann, { name: 'Warm, shared', filter: { hasEmail: true }, shared: true });
    expect(await names(ann)).toEqual(['Ann only', 'Warm, shared']);
    expect(await names(bob)).toEqual(['Warm, shared']);
    expect(await names(owner)).toEqual(['Warm, shared']);
    // Someone else's personal set does not exist for the others, owners included.
    expect(
      (await api(bob, `/filter-sets/${mine.filterSetUID}`, 'PATCH', { name: 'x' })).status,
    ).toBe(404);
    expect((await api(owner, `/filter-sets/${mine.filterSetUID}`, 'DELETE')).status).toBe(404);
  });

  it('lets only the author, owners and admins change or delete a shared set', async () => {
    const set = await create(ann, { name: 'Proposal', filter: { hasPhone: true }, shared: true });
    const before = await writes();
    const denied = await api(bob, `/filter-sets/${set.filterSetUID}`, 'PATCH', {
      name: 'Mine now',
    });
    expect(denied.status).toBe(403);
    expect(JSON.stringify(denied.body)).toContain('Proposal');
    expect((await api(bob, `/filter-sets/${set.filterSetUID}`, 'DELETE')).status).toBe(403);
    expect(await writes()).toEqual(before);

    const renamed = await api(ann, `/filter-sets/${set.filterSetUID}`, 'PATCH', {
      name: 'Proposal, warm',
      filter: { hasPhone: true, statusLabels: [null] },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body!.filterSet).toMatchObject({
      name: 'Proposal, warm',
      filter: { hasPhone: true, statusLabels: [null] },
    });
    const byOwner = await api(owner, `/filter-sets/${set.filterSetUID}`, 'PATCH', {
      shared: false,
    });
    expect(byOwner.status).toBe(200);
    // Made personal by the owner: it stays Ann's, the others no longer see it.
    expect(await names(bob)).not.toContain('Proposal, warm');
    expect(await names(ann)).toContain('Proposal, warm');
    expect((await api(ann, `/filter-sets/${set.filterSetUID}`, 'DELETE')).status).toBe(200);
    expect(await names(ann)).not.toContain('Proposal, warm');

    const after = await writes();
    expect(Number(after.changes) - Number(before.changes)).toBe(3);
    expect(Number(after.sets)).toBe(Number(before.sets) - 1);
  });

  it('refuses a body off the schema with 400 naming the field, writing nothing', async () => {
    const before = await writes();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '  ', filter: {} }, 'name'],
      [{ name: 'x', filter: { hasEmail: 'yes' } }, 'filter.hasEmail'],
      [{ name: 'x', filter: { bogus: 1 } }, 'filter'],
      [{ name: 'x', filter: {}, sort: { field: 'shoeSize', direction: 'asc' } }, 'sort.field'],
      [{ name: 'x', filter: {}, columns: ['name', 'name'] }, 'columns'],
      [{ name: 'x' }, 'filter'],
    ];
    for (const [body, field] of cases) {
      const res = await api(ann, '/filter-sets', 'POST', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.body as { error: { field?: string } }).error.field).toBe(field);
    }
    const set = await create(ann, { name: 'Valid', filter: {} });
    const empty = await api(ann, `/filter-sets/${set.filterSetUID}`, 'PATCH', {});
    expect(empty.status).toBe(400);
    expect(Number((await writes()).sets)).toBe(Number(before.sets) + 1);
  });
});
