import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import { addContacts } from '../../test/team-fixtures';
import {
  activitiesOf,
  changeLogOf,
  contactWorld,
  countRows,
  type ContactWorld,
} from '../contact-parts/test-helpers';

let s: TestServices;
let w: ContactWorld;

beforeAll(async () => {
  s = await startTestServices();
  w = await contactWorld(s, 'deals');
});
afterAll(() => s.cleanup());

interface Deal {
  dealUID: string;
  pipelineUID: string;
  name: string;
  value: string;
  currency: string;
  status: string;
}

const createPath = (gtid: string, pipelineUID = w.p1.pipelineUID, teamUID = w.teamUID) =>
  `/api/teams/${teamUID}/contacts/${gtid}/pipelines/${pipelineUID}/deals`;
const dealPath = (gtid: string, dealUID: string, teamUID = w.teamUID) =>
  `/api/teams/${teamUID}/contacts/${gtid}/deals/${dealUID}`;
const send = (client: ContactWorld['member'], path: string, method: string, body?: unknown) =>
  client.api(path, body === undefined ? { method } : { method, body: JSON.stringify(body) });

async function counts() {
  return {
    deals: await countRows(s, 'deal', w.teamUID),
    activities: await countRows(s, 'activity', w.teamUID),
    changes: await countRows(s, 'change_log', w.teamUID),
  };
}

describe(`deals of a contact (${ENGINE})`, () => {
  it('creates, wins and deletes a deal, each step on the timeline with its value and currency', async () => {
    const [gtid] = await addContacts(s, w.teamUID, 1, [w.p1]);
    const created = await w.member.api(createPath(gtid!), {
      method: 'POST',
      headers: { 'x-change-id': 'chg-deal' },
      body: JSON.stringify({ name: '  Coaching package ', value: '1250.50', currency: 'eur' }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const deal = created.body!.deal as Deal;
    expect(deal).toMatchObject({
      pipelineUID: w.p1.pipelineUID,
      name: 'Coaching package',
      value: '1250.50',
      currency: 'EUR',
      status: 'open',
    });
    expect(
      (await changeLogOf(s, w.teamUID))
        .filter((l) => l.change_id === 'chg-deal')
        .map((l) => l.resource)
        .sort(),
    ).toEqual(['activity', 'deal']);

    const renamed = await send(w.member, dealPath(gtid!, deal.dealUID), 'PATCH', { name: 'Gold' });
    expect(renamed.body!.deal).toMatchObject({ name: 'Gold', status: 'open' });
    const won = await send(w.member, dealPath(gtid!, deal.dealUID), 'PATCH', {
      status: 'won',
      value: 1400,
    });
    expect(won.status).toBe(200);
    expect(won.body!.deal).toMatchObject({ status: 'won', value: '1400', currency: 'EUR' });

    const deleted = await send(w.member, dealPath(gtid!, deal.dealUID), 'DELETE');
    expect(deleted).toEqual({ status: 200, body: { deleted: true } });
    expect(await countRows(s, 'deal', w.teamUID)).toBe(0);

    const acts = await activitiesOf(s, w.teamUID, gtid!);
    expect(
      acts.map((a) => [a.type, a.action, a.value, a.currency, a.ref_uid, a.pipeline_uid]),
    ).toEqual([
      ['pipeline', 'dealCreated', '1250.50', 'EUR', deal.dealUID, w.p1.pipelineUID],
      ['pipeline', 'dealWon', '1400', 'EUR', deal.dealUID, w.p1.pipelineUID],
      ['pipeline', 'dealDeleted', '1400', 'EUR', deal.dealUID, w.p1.pipelineUID],
    ]);
    expect(acts[1]!.created_by_uid).toBe(w.memberUID);
  });

  it('records dealLost, and dealWon for a deal created as won', async () => {
    const [gtid] = await addContacts(s, w.teamUID, 1, [w.p1]);
    const a = await send(w.owner.client, createPath(gtid!), 'POST', {
      name: 'A',
      value: 0,
      currency: 'USD',
    });
    const b = await send(w.owner.client, createPath(gtid!), 'POST', {
      name: 'B',
      value: 99.9,
      currency: 'JPY',
      status: 'won',
    });
    expect(b.body!.deal).toMatchObject({ value: '99.9', status: 'won' });
    await send(w.owner.client, dealPath(gtid!, (a.body!.deal as Deal).dealUID), 'PATCH', {
      status: 'lost',
    });
    const before = await counts();
    // No change at all writes nothing.
    const same = await send(
      w.owner.client,
      dealPath(gtid!, (a.body!.deal as Deal).dealUID),
      'PATCH',
      {
        status: 'lost',
        value: '0.00',
      },
    );
    expect(same.status).toBe(200);
    expect(await counts()).toEqual(before);

    const acts = await activitiesOf(s, w.teamUID, gtid!);
    expect(acts.map((x) => [x.action, x.value, x.currency])).toEqual([
      ['dealCreated', '0', 'USD'],
      ['dealCreated', '99.9', 'JPY'],
      ['dealWon', '99.9', 'JPY'],
      ['dealLost', '0', 'USD'],
    ]);
  });

  it('answers 400 naming the field for bad input, writing nothing', async () => {
    const [gtid] = await addContacts(s, w.teamUID, 1, [w.p1]);
    const ok = await send(w.owner.client, createPath(gtid!), 'POST', {
      name: 'Base',
      value: 10,
      currency: 'USD',
    });
    const dealUID = (ok.body!.deal as Deal).dealUID;
    const before = await counts();
    const good = { name: 'Deal', value: '10', currency: 'USD' };
    for (const [body, field] of [
      [{ ...good, name: ' ' }, 'name'],
      [{ value: 1, currency: 'USD' }, 'name'],
      [{ ...good, value: -1 }, 'value'],
      [{ ...good, value: '12,50' }, 'value'],
      [{ ...good, value: '1e5' }, 'value'],
      [{ ...good, value: '1.23456' }, 'value'],
      [{ ...good, value: null }, 'value'],
      [{ ...good, currency: 'EURO' }, 'currency'],
      [{ ...good, currency: 'ABC' }, 'currency'],
      [{ ...good, currency: undefined }, 'currency'],
      [{ ...good, status: 'pending' }, 'status'],
    ] as const) {
      const res = await send(w.owner.client, createPath(gtid!), 'POST', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body!.error, JSON.stringify(body)).toMatchObject({
        status: 'invalid-argument',
        field,
      });
    }
    for (const [body, field] of [
      [{ value: -5 }, 'value'],
      [{ status: 'closed' }, 'status'],
      [{ currency: 'usdd' }, 'currency'],
    ] as const) {
      const res = await send(w.owner.client, dealPath(gtid!, dealUID), 'PATCH', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body!.error).toMatchObject({ field });
    }
    const empty = await send(w.owner.client, dealPath(gtid!, dealUID), 'PATCH', {});
    expect(empty.status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('keeps deals of pipelines a member may not see, and other teams’ deals, out of reach', async () => {
    const [inBoth] = await addContacts(s, w.teamUID, 1, [w.p1, w.p2]);
    const [onlyP1] = await addContacts(s, w.teamUID, 1, [w.p1]);
    const p2Deal = await send(w.owner.client, createPath(inBoth!, w.p2.pipelineUID), 'POST', {
      name: 'P2 deal',
      value: 5,
      currency: 'USD',
    });
    const dealUID = (p2Deal.body!.deal as Deal).dealUID;
    const before = await counts();
    const body = { name: 'x', value: 1, currency: 'USD' };
    expect((await send(w.member, createPath(inBoth!, w.p2.pipelineUID), 'POST', body)).status).toBe(
      404,
    );
    expect((await send(w.member, dealPath(inBoth!, dealUID), 'PATCH', { name: 'y' })).status).toBe(
      404,
    );
    expect((await send(w.member, dealPath(inBoth!, dealUID), 'DELETE')).status).toBe(404);
    // The contact is not in P2.
    const notIn = await send(w.owner.client, createPath(onlyP1!, w.p2.pipelineUID), 'POST', body);
    expect(notIn.status).toBe(404);
    expect(notIn.body!.error).toMatchObject({ field: 'groupUID' });
    // Another team.
    const o = w.other.client;
    expect((await send(o, createPath(inBoth!), 'POST', body)).status).toBe(404);
    expect(
      (await send(o, createPath(inBoth!, w.p1.pipelineUID, w.other.teamUID), 'POST', body)).status,
    ).toBe(404);
    expect((await send(o, dealPath(inBoth!, dealUID), 'PATCH', { name: 'z' })).status).toBe(404);
    expect((await send(o, dealPath(inBoth!, dealUID, w.other.teamUID), 'DELETE')).status).toBe(404);
    // A deal uid under another contact of the same team.
    expect((await send(w.owner.client, dealPath(onlyP1!, dealUID), 'DELETE')).status).toBe(404);
    expect(await counts()).toEqual(before);
  });
});
