import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import { addContacts } from '../../test/team-fixtures';
import {
  activitiesOf,
  addLabel,
  changeLogOf,
  contactWorld,
  countRows,
  type ContactWorld,
} from '../contact-parts/test-helpers';

let s: TestServices;
let w: ContactWorld;
let hot: string;
let cold: string;

beforeAll(async () => {
  s = await startTestServices();
  w = await contactWorld(s, 'labels');
  hot = await addLabel(s, w.teamUID, 'Hot', '#f00');
  cold = await addLabel(s, w.teamUID, 'Cold', '#00f');
});
afterAll(() => s.cleanup());

const labelPath = (gtid: string, teamUID = w.teamUID) =>
  `/api/teams/${teamUID}/contacts/${gtid}/status-label`;
const put = (client: ContactWorld['member'], path: string, body: unknown) =>
  client.api(path, { method: 'PUT', body: JSON.stringify(body) });

async function labelOf(gtid: string) {
  const r = await s.database.pool.query(
    `SELECT status_label_uid FROM contact WHERE team_uid = $1 AND gtid = $2`,
    [w.teamUID, gtid],
  );
  return r.rows[0].status_label_uid as string | null;
}

async function counts() {
  return {
    activities: await countRows(s, 'activity', w.teamUID),
    changes: await countRows(s, 'change_log', w.teamUID),
  };
}

describe(`status label on a contact (${ENGINE})`, () => {
  it('sets, changes and clears the label, each with a statusLabel activity', async () => {
    const [gtid] = await addContacts(s, w.teamUID, 1, [w.p1]);
    const set = await w.member.api(labelPath(gtid!), {
      method: 'PUT',
      headers: { 'x-change-id': 'chg-label' },
      body: JSON.stringify({ labelUID: hot }),
    });
    expect(set).toEqual({ status: 200, body: { statusLabelUID: hot } });
    expect(await labelOf(gtid!)).toBe(hot);
    expect(
      (await changeLogOf(s, w.teamUID))
        .filter((l) => l.change_id === 'chg-label')
        .map((l) => [l.resource, l.op])
        .sort(),
    ).toEqual([
      ['activity', 'insert'],
      ['contact', 'update'],
    ]);

    expect((await put(w.owner.client, labelPath(gtid!), { labelUID: cold })).status).toBe(200);
    expect((await put(w.owner.client, labelPath(gtid!), { labelUID: null })).body).toEqual({
      statusLabelUID: null,
    });
    expect(await labelOf(gtid!)).toBeNull();

    const acts = await activitiesOf(s, w.teamUID, gtid!);
    expect(acts.map((a) => [a.type, a.action, a.ref_uid, a.data])).toEqual([
      ['statusLabel', 'changed', hot, { from: null, to: hot, fromDisplay: null, toDisplay: 'Hot' }],
      [
        'statusLabel',
        'changed',
        cold,
        { from: hot, to: cold, fromDisplay: 'Hot', toDisplay: 'Cold' },
      ],
      [
        'statusLabel',
        'cleared',
        null,
        { from: cold, to: null, fromDisplay: 'Cold', toDisplay: null },
      ],
    ]);
    expect(acts[0]!.created_by_uid).toBe(w.memberUID);
  });

  it('writes nothing when the label is already the contact’s', async () => {
    const [gtid] = await addContacts(s, w.teamUID, 1, [w.p1]);
    await put(w.owner.client, labelPath(gtid!), { labelUID: hot });
    const before = await counts();
    expect((await put(w.owner.client, labelPath(gtid!), { labelUID: hot })).status).toBe(200);
    expect(await counts()).toEqual(before);
  });

  it('answers 400 for a bad body and 404 for a label of no team of its, writing nothing', async () => {
    const [gtid] = await addContacts(s, w.teamUID, 1, [w.p1]);
    const otherLabel = await addLabel(s, w.other.teamUID, 'Theirs');
    const before = await counts();
    for (const body of [{}, { labelUID: 5 }, { labelUID: '' }]) {
      const res = await put(w.owner.client, labelPath(gtid!), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body!.error).toMatchObject({ status: 'invalid-argument', field: 'labelUID' });
    }
    for (const labelUID of ['no-such-label', otherLabel]) {
      const res = await put(w.owner.client, labelPath(gtid!), { labelUID });
      expect(res.status).toBe(404);
      expect(res.body!.error).toMatchObject({ status: 'not-found', field: 'labelUID' });
    }
    expect(await labelOf(gtid!)).toBeNull();
    expect(await counts()).toEqual(before);
  });

  it('answers 404 for a contact the caller may not see', async () => {
    const [onlyP2] = await addContacts(s, w.teamUID, 1, [w.p2]);
    const before = await counts();
    expect((await put(w.member, labelPath(onlyP2!), { labelUID: hot })).status).toBe(404);
    expect((await put(w.other.client, labelPath(onlyP2!), { labelUID: hot })).status).toBe(404);
    expect(
      (await put(w.other.client, labelPath(onlyP2!, w.other.teamUID), { labelUID: hot })).status,
    ).toBe(404);
    expect(await labelOf(onlyP2!)).toBeNull();
    expect(await counts()).toEqual(before);
  });
});
