import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import type { TestClient } from '../../test/http-client';
import {
  addContacts,
  addMember,
  createUser,
  ownerWithTeam,
  signIn,
} from '../../test/team-fixtures';
import type { StatusLabelRow } from './repo';

let s: TestServices;
let owner: TestClient;
let member: TestClient;
let teamUID: string;

beforeAll(async () => {
  s = await startTestServices();
  const o = await ownerWithTeam(s, 'labels-owner@example.com');
  owner = o.client;
  teamUID = o.teamUID;
  const uid = await createUser(s, 'labels-member@example.com');
  await addMember(s, teamUID, uid, 'member');
  member = await signIn(s, 'labels-member@example.com');
});
afterAll(() => s.cleanup());

const api = (client: TestClient, path: string, method = 'GET', body?: unknown) =>
  client.api(`/api/teams/${teamUID}${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

async function create(display: string, color = '#1C7EBB') {
  const res = await api(owner, '/status-labels', 'POST', { display, color });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body!.statusLabel as StatusLabelRow;
}

async function list(client: TestClient = owner) {
  const res = await api(client, '/status-labels');
  expect(res.status).toBe(200);
  return res.body!.statusLabels as StatusLabelRow[];
}

async function counts() {
  const r = await s.database.pool.query<{ n: string }>(
    `SELECT (SELECT count(*) FROM status_label WHERE team_uid = $1)
      + (SELECT count(*) FROM change_log WHERE team_uid = $1) AS n`,
    [teamUID],
  );
  return Number(r.rows[0]!.n);
}

describe(`status labels (${ENGINE})`, () => {
  it('creates labels in order, edits and reorders them; the boot data lists them by order', async () => {
    const hot = await create('Hot', '#E03131');
    const warm = await create('Warm', '#F08C00');
    const cold = await create('Cold');
    expect([hot.order, warm.order, cold.order]).toEqual([0, 1, 2]);
    expect(hot.labelUID.startsWith('lbl')).toBe(true);

    const patched = await api(owner, `/status-labels/${warm.labelUID}`, 'PATCH', {
      display: 'Lukewarm',
    });
    expect(patched.body!.statusLabel).toMatchObject({ display: 'Lukewarm', color: '#F08C00' });

    const order = [cold.labelUID, hot.labelUID, warm.labelUID];
    const ordered = await api(owner, '/status-labels-order', 'PUT', { order });
    expect((ordered.body!.statusLabels as StatusLabelRow[]).map((l) => l.labelUID)).toEqual(order);
    const boot = await api(owner, '/team-data');
    expect((boot.body!.statusLabels as StatusLabelRow[]).map((l) => [l.display, l.order])).toEqual([
      ['Cold', 0],
      ['Hot', 1],
      ['Lukewarm', 2],
    ]);
  });

  it('lets members read labels but not change them', async () => {
    const labels = await list(member);
    expect(labels.map((l) => l.display)).toEqual(['Cold', 'Hot', 'Lukewarm']);
    const before = await counts();
    for (const [path, method, body] of [
      ['/status-labels', 'POST', { display: 'New', color: '#000' }],
      [`/status-labels/${labels[0]!.labelUID}`, 'PATCH', { display: 'x' }],
      [`/status-labels/${labels[0]!.labelUID}`, 'DELETE', undefined],
      ['/status-labels-order', 'PUT', { order: labels.map((l) => l.labelUID).reverse() }],
    ] as const) {
      const res = await api(member, path, method, body);
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect(await counts()).toBe(before);
  });

  it('refuses bad input with 400 naming the field and writes nothing', async () => {
    const [first] = await list();
    const before = await counts();
    for (const [path, method, body, field] of [
      ['/status-labels', 'POST', { display: '', color: '#000' }, 'display'],
      ['/status-labels', 'POST', { display: 'Ok', color: 'green-ish' }, 'color'],
      ['/status-labels', 'POST', { display: 'Ok' }, 'color'],
      [`/status-labels/${first!.labelUID}`, 'PATCH', { color: '#12' }, 'color'],
      ['/status-labels-order', 'PUT', { order: [first!.labelUID] }, 'order'],
    ] as const) {
      const res = await api(owner, path, method, body);
      expect(res.status, `${method} ${path}`).toBe(400);
      expect((res.body!.error as { field?: string }).field).toBe(field);
    }
    expect((await api(owner, '/status-labels/lbl-nope', 'PATCH', { display: 'x' })).status).toBe(
      404,
    );
    expect(await counts()).toBe(before);
  });

  it('deleting a label clears it from its contacts, with a change-log entry for each', async () => {
    const gone = await create('Gone');
    const kept = (await list())[0]!;
    const [a, b, c] = await addContacts(s, teamUID, 3);
    await s.database.pool.query(
      `UPDATE contact SET status_label_uid = $3 WHERE team_uid = $1 AND gtid = ANY($2::text[])`,
      [teamUID, [a, b], gone.labelUID],
    );
    await s.database.pool.query(
      `UPDATE contact SET status_label_uid = $3 WHERE team_uid = $1 AND gtid = $2`,
      [teamUID, c, kept.labelUID],
    );
    const res = await api(owner, `/status-labels/${gone.labelUID}`, 'DELETE');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ deleted: true, contacts: 2 });

    const r = await s.database.pool.query<{ gtid: string; status_label_uid: string | null }>(
      `SELECT gtid, status_label_uid FROM contact WHERE team_uid = $1 AND gtid = ANY($2::text[])`,
      [teamUID, [a, b, c]],
    );
    const labelOf = Object.fromEntries(r.rows.map((x) => [x.gtid, x.status_label_uid]));
    expect(labelOf).toEqual({ [a!]: null, [b!]: null, [c!]: kept.labelUID });
    const log = await s.database.pool.query<{ resource: string; id: string; op: string }>(
      `SELECT resource, id, op FROM change_log WHERE team_uid = $1 AND seq > (
         SELECT max(seq) - 3 FROM change_log WHERE team_uid = $1)`,
      [teamUID],
    );
    const byKey = (x: { resource: string; id: string }, y: { resource: string; id: string }) =>
      x.resource + x.id < y.resource + y.id ? -1 : 1;
    expect(log.rows.sort(byKey)).toEqual(
      [
        { resource: 'contact', id: a!, op: 'update' },
        { resource: 'contact', id: b!, op: 'update' },
        { resource: 'statusLabel', id: gone.labelUID, op: 'delete' },
      ].sort(byKey),
    );
    expect((await list()).map((l) => l.labelUID)).not.toContain(gone.labelUID);
  });
});
