import { addDays, localToday, weekdayOf, type KpiFunnel, type KpiResults } from '@leadloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTx } from '../../db/tx';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import { addContacts } from '../../test/team-fixtures';
import { contactWorld, type ContactWorld } from '../contact-parts/test-helpers';
import { postBulk, waitForJob } from '../bulk/test-helpers';
import { headSeq, readChanges, visibleSeqs } from '../../realtime/repo';
import { teamScopeFor } from '../../scope/team-scope';
import { rebuildRollups } from './service';

/**
 * KPIs (issue 8 "Dashboards"): the daily rollups kept in the writing transaction by every
 * action that records a KPI event, and the KPI API that sums them.
 */

let s: TestServices;
let w: ContactWorld;
/** Stages of P1 besides the placeholder. */
let s1: string;
let s2: string;
let p2stage: string;
const ZONE = 'Pacific/Auckland';

interface Rollup {
  kind: string;
  pipeline_uid: string;
  stage_uid: string;
  currency: string;
  day: string;
  uid: string;
  count: string;
  value: string;
}

async function rollups(teamUID = w.teamUID) {
  const r = await s.database.pool.query<Rollup>(
    `SELECT kind, pipeline_uid, stage_uid, currency, to_char(day, 'YYYY-MM-DD') AS day, uid,
       count::text AS count, value::text AS value
     FROM kpi_rollup WHERE team_uid = $1
     ORDER BY kind, pipeline_uid, stage_uid, currency, day, uid`,
    [teamUID],
  );
  return r.rows;
}

/** The rollup count of one kind (and place) for a member, over all days. */
async function countOf(kind: string, uid: string, where: Partial<Rollup> = {}) {
  return (await rollups())
    .filter(
      (r) =>
        r.kind === kind &&
        r.uid === uid &&
        Object.entries(where).every(([k, v]) => r[k as keyof Rollup] === v),
    )
    .reduce((n, r) => n + Number(r.count), 0);
}

async function addStage(pipelineUID: string, name: string) {
  const res = await w.owner.client.api(`/api/teams/${w.teamUID}/pipelines/${pipelineUID}/stages`, {
    method: 'POST',
    body: JSON.stringify({ name }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body!.stage as { stageUID: string }).stageUID;
}

beforeAll(async () => {
  s = await startTestServices();
  w = await contactWorld(s, 'kpi');
  s1 = await addStage(w.p1.pipelineUID, 'Contacted');
  s2 = await addStage(w.p1.pipelineUID, 'Booked');
  p2stage = await addStage(w.p2.pipelineUID, 'Hidden stage');
  const res = await w.owner.client.api('/api/me', {
    method: 'PATCH',
    body: JSON.stringify({ timeZone: ZONE }),
  });
  expect(res.status).toBe(200);
});
afterAll(() => s.cleanup());

describe(`KPI rollups, kept in the writing transaction (${ENGINE})`, () => {
  const api = (path: string, method = 'GET', body?: unknown) =>
    w.owner.client.api(`/api/teams/${w.teamUID}${path}`, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  let gtid: string;

  it('creating a contact in a stage: one contact added and one entry into that stage, on the actor’s day', async () => {
    const before = localToday(Date.now(), ZONE);
    const res = await api('/contacts', 'POST', {
      fullName: 'Ada Lovelace',
      pipelineUID: w.p1.pipelineUID,
      stageUID: s1,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    gtid = (res.body!.contact as { GTID: string }).GTID;
    const after = localToday(Date.now(), ZONE);
    const rows = await rollups();
    expect(rows.map((r) => [r.kind, r.pipeline_uid, r.stage_uid, r.uid, r.count])).toEqual([
      ['added', '', '', w.owner.uid, '1'],
      ['stage', w.p1.pipelineUID, s1, w.owner.uid, '1'],
    ]);
    // The owner's calendar (Auckland), not the server's.
    for (const r of rows) expect([before, after]).toContain(r.day);
  });

  it('a single move adds an entry into the new stage; the same stage again adds nothing', async () => {
    const move = (stageUID: string) =>
      api(`/contacts/${gtid}/pipelines/${w.p1.pipelineUID}/stage`, 'PUT', { stageUID });
    expect((await move(s2)).status).toBe(200);
    expect(await countOf('stage', w.owner.uid, { stage_uid: s2 })).toBe(1);
    expect((await move(s2)).status).toBe(200);
    expect(await countOf('stage', w.owner.uid, { stage_uid: s2 })).toBe(1);
    expect(await countOf('stage', w.owner.uid, { stage_uid: s1 })).toBe(1);
  });

  it('a bulk stage change adds all its entries for whoever ran it, in one row per day', async () => {
    const gtids = await addContacts(s, w.teamUID, 25, [w.p1]);
    const { jobUID } = await postBulk(w.member, w.teamUID, {
      action: { type: 'stage', pipelineUID: w.p1.pipelineUID, stageUID: s1 },
      GTIDs: gtids,
    });
    expect((await waitForJob(w.member, w.teamUID, jobUID)).job).toMatchObject({ done: 25 });
    expect(await countOf('stage', w.memberUID, { stage_uid: s1 })).toBe(25);
    const rows = (await rollups()).filter((r) => r.uid === w.memberUID);
    expect(rows.length).toBeLessThanOrEqual(2); // one day (two if the job crossed midnight)
  });

  it('logging a message and completing a task count; creating a task does not', async () => {
    expect((await api(`/contacts/${gtid}/messages`, 'POST', { text: 'Hi Ada' })).status).toBe(201);
    expect(await countOf('message', w.owner.uid)).toBe(1);
    const made = await api('/tasks', 'POST', {
      name: 'Call Ada',
      GTID: gtid,
      dueDate: '2026-12-01',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(await countOf('task', w.owner.uid)).toBe(0);
    const taskUID = (made.body!.task as { taskUID: string }).taskUID;
    expect((await api(`/tasks/${taskUID}`, 'PATCH', { status: 'done' })).status).toBe(200);
    expect(await countOf('task', w.owner.uid)).toBe(1);
  });

  it('deals won add their value per currency, exactly', async () => {
    const deals = `/contacts/${gtid}/pipelines/${w.p1.pipelineUID}/deals`;
    const won = await api(deals, 'POST', {
      name: 'Pilot',
      value: '1200.50',
      currency: 'EUR',
      status: 'won',
    });
    expect(won.status, JSON.stringify(won.body)).toBe(201);
    const open = await api(deals, 'POST', { name: 'Upsell', value: '0.25', currency: 'EUR' });
    const dealUID = (open.body!.deal as { dealUID: string }).dealUID;
    expect(await countOf('won', w.owner.uid)).toBe(1);
    expect(
      (await api(`/contacts/${gtid}/deals/${dealUID}`, 'PATCH', { status: 'won' })).status,
    ).toBe(200);
    await api(deals, 'POST', { name: 'US deal', value: '10', currency: 'USD', status: 'won' });
    const rows = (await rollups()).filter((r) => r.kind === 'won');
    expect(rows.map((r) => [r.pipeline_uid, r.currency, r.count, Number(r.value)])).toEqual([
      [w.p1.pipelineUID, 'EUR', '2', 1200.75],
      [w.p1.pipelineUID, 'USD', '1', 10],
    ]);
  });

  it('agrees with a rebuild from the activities (the rule of the migration’s backfill)', async () => {
    const kept = await rollups();
    const scope = await teamScopeFor(s.database, w.owner.uid, w.teamUID);
    await withTx(s.database, scope, (tx) => rebuildRollups(tx, scope));
    const rebuilt = await rollups();
    expect(rebuilt.map((r) => ({ ...r, value: Number(r.value) }))).toEqual(
      kept.map((r) => ({ ...r, value: Number(r.value) })),
    );
  });
});

describe(`KPI API (${ENGINE})`, () => {
  const kpis = (client = w.owner.client, teamUID = w.teamUID) => ({
    call: (path: string, method = 'GET', body?: unknown) =>
      client.api(`/api/teams/${teamUID}/kpis${path}`, {
        method,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
  });
  const stageKpi = () => ({
    name: 'Booked calls',
    event: 'stage',
    pipelineUID: w.p1.pipelineUID,
    stageUID: s1,
    period: 'week',
    target: 20,
  });
  let kpiUID: string;
  let hiddenUID: string;

  it('owners create KPIs; a bad one is a 400 naming the field, and nothing is written', async () => {
    const bad = await kpis().call('', 'POST', { ...stageKpi(), stageUID: undefined });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { field: 'stageUID' } });
    const wrongStage = await kpis().call('', 'POST', { ...stageKpi(), stageUID: p2stage });
    expect(wrongStage.status).toBe(400);
    expect(wrongStage.body).toMatchObject({ error: { field: 'stageUID' } });
    const stranger = await kpis().call('', 'POST', { ...stageKpi(), members: ['nobody'] });
    expect(stranger.status).toBe(400);
    expect(stranger.body).toMatchObject({ error: { field: 'members' } });
    expect((await kpis().call('')).body).toEqual({ kpis: [] });

    const made = await kpis().call('', 'POST', stageKpi());
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    kpiUID = (made.body!.kpi as { kpiUID: string }).kpiUID;
    expect(made.body!.kpi).toMatchObject({ ...stageKpi(), currency: null, members: null });
    const hidden = await kpis().call('', 'POST', {
      ...stageKpi(),
      name: 'P2 entries',
      pipelineUID: w.p2.pipelineUID,
      stageUID: p2stage,
    });
    hiddenUID = (hidden.body!.kpi as { kpiUID: string }).kpiUID;
  });

  it('members read the KPIs of pipelines they see, and may not write (403, nothing written)', async () => {
    const list = await kpis(w.member).call('');
    expect((list.body!.kpis as { kpiUID: string }[]).map((k) => k.kpiUID)).toEqual([kpiUID]);
    expect((await kpis(w.member).call(`/${hiddenUID}`)).status).toBe(404);
    expect((await kpis(w.member).call(`/${hiddenUID}/results`)).status).toBe(404);
    expect((await kpis(w.member).call('', 'POST', stageKpi())).status).toBe(403);
    expect((await kpis(w.member).call(`/${kpiUID}`, 'PUT', stageKpi())).status).toBe(403);
    expect((await kpis(w.member).call(`/${kpiUID}`, 'DELETE')).status).toBe(403);
    expect((await kpis().call('')).body!.kpis as unknown[]).toHaveLength(2);
  });

  it('another team’s KPI is a 404', async () => {
    const other = kpis(w.other.client, w.other.teamUID);
    expect((await other.call(`/${kpiUID}`)).status).toBe(404);
    expect((await other.call(`/${kpiUID}/results`)).status).toBe(404);
    expect((await other.call(`/${kpiUID}`, 'PUT', stageKpi())).status).toBe(404);
  });

  it('results: each counted member’s total, the team total, and a series per day', async () => {
    const res = await kpis(w.member).call(`/${kpiUID}/results`);
    expect(res.status).toBe(200);
    const r = res.body as unknown as KpiResults;
    // Entries into "Contacted" this week: the owner's new contact and the member's bulk move.
    expect(r.members.map((m) => [m.uid, m.total]).sort()).toEqual(
      [
        [w.owner.uid, 1],
        [w.memberUID, 25],
      ].sort(),
    );
    expect(r.total).toBe(26);
    expect(r.bucket).toBe('day');
    expect(r.series).toHaveLength(7);
    expect(r.series.reduce((n, d) => n + d.total, 0)).toBeGreaterThanOrEqual(1);
    expect(r.range.to > r.range.from).toBe(true);

    // Only the member counted; a move by the owner into the stage shows at once.
    const put = await kpis().call(`/${kpiUID}`, 'PUT', { ...stageKpi(), members: [w.memberUID] });
    expect(put.status).toBe(200);
    const only = (await kpis().call(`/${kpiUID}/results`)).body as unknown as KpiResults;
    expect(only.members.map((m) => m.uid)).toEqual([w.memberUID]);
    expect(only.total).toBe(25);
  });

  it('a long custom range is charted by week, and its weeks add up to the total', async () => {
    const today = localToday(Date.now(), 'UTC');
    const from = addDays(today, -120);
    const made = await kpis().call('', 'POST', {
      ...stageKpi(),
      name: 'Contacted (custom)',
      period: 'custom',
      from,
      to: addDays(today, 2),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const uid = (made.body!.kpi as { kpiUID: string }).kpiUID;
    const r = (await kpis().call(`/${uid}/results`)).body as unknown as KpiResults;
    expect(r.bucket).toBe('week');
    expect(r.series.every((p) => weekdayOf(p.start) === 1)).toBe(true);
    expect(r.series.reduce((n, p) => n + p.total, 0)).toBe(r.total);
    expect(r.total).toBe(26);
  });

  it('a deal KPI sums the value in its currency', async () => {
    const made = await kpis().call('', 'POST', {
      name: 'Won (EUR)',
      event: 'won',
      currency: 'eur',
      period: 'month',
      target: 5000,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const uid = (made.body!.kpi as { kpiUID: string }).kpiUID;
    const r = (await kpis().call(`/${uid}/results`)).body as unknown as KpiResults;
    expect(r.total).toBeCloseTo(1200.75);
    expect(r.members.find((m) => m.uid === w.owner.uid)?.total).toBeCloseTo(1200.75);
    expect((await kpis().call(`/${uid}`, 'DELETE')).body).toEqual({ deleted: true });
    expect((await kpis().call(`/${uid}`)).status).toBe(404);
  });

  it('the funnel counts entries into each stage of a pipeline, in board order', async () => {
    const res = await w.member.api(`/api/teams/${w.teamUID}/kpi-funnel/${w.p1.pipelineUID}`);
    expect(res.status).toBe(200);
    const f = res.body as unknown as KpiFunnel;
    expect(f.stages.map((st) => [st.name, st.count])).toEqual([
      ['Contacted', 26],
      ['Booked', 1],
    ]);
    const bad = await w.member.api(
      `/api/teams/${w.teamUID}/kpi-funnel/${w.p1.pipelineUID}?from=2026-02-01&to=2026-01-01`,
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { field: 'to' } });
    const hidden = await w.member.api(`/api/teams/${w.teamUID}/kpi-funnel/${w.p2.pipelineUID}`);
    expect(hidden.status).toBe(404);
  });
  it('an edit and a delete reach a teammate through the change log; a member changes nothing', async () => {
    const made = await kpis().call('', 'POST', { ...stageKpi(), name: 'To edit' });
    const uid = (made.body!.kpi as { kpiUID: string }).kpiUID;
    const hidden = await kpis().call('', 'POST', {
      ...stageKpi(),
      name: 'Hidden to edit',
      pipelineUID: w.p2.pipelineUID,
      stageUID: p2stage,
    });
    const hiddenKpi = (hidden.body!.kpi as { kpiUID: string }).kpiUID;
    const memberScope = await teamScopeFor(s.database, w.memberUID, w.teamUID);
    const since = await headSeq(memberScope, s.database.db);

    // A member's edit and delete are refused and leave the KPI as it was.
    expect((await kpis(w.member).call(`/${uid}`, 'PUT', { ...stageKpi(), target: 1 })).status).toBe(
      403,
    );
    expect((await kpis(w.member).call(`/${uid}`, 'DELETE')).status).toBe(403);
    expect((await kpis(w.member).call(`/${uid}`)).body!.kpi).toMatchObject({
      name: 'To edit',
      target: 20,
    });
    expect(await headSeq(memberScope, s.database.db)).toBe(since);

    const edited = await kpis().call(`/${uid}`, 'PUT', {
      ...stageKpi(),
      name: 'Edited',
      target: 7,
    });
    expect(edited.status).toBe(200);
    expect((await kpis(w.member).call(`/${uid}`)).body!.kpi).toMatchObject({
      name: 'Edited',
      target: 7,
    });
    const hiddenEdit = await kpis().call(`/${hiddenKpi}`, 'PUT', {
      ...stageKpi(),
      name: 'Hidden, edited',
      pipelineUID: w.p2.pipelineUID,
      stageUID: p2stage,
    });
    expect(hiddenEdit.status).toBe(200);
    expect((await kpis().call(`/${uid}`, 'DELETE')).body).toEqual({ deleted: true });
    expect((await kpis(w.member).call(`/${uid}`)).status).toBe(404);

    // What the member's realtime stream carries: this KPI's update and delete, not the hidden one.
    const entries = await readChanges(memberScope, s.database.db, since, 100);
    const seen = await visibleSeqs(memberScope, s.database.db, entries);
    const carried = entries
      .filter((e) => seen.has(e.seq) && e.resource === 'kpi')
      .map((e) => `${e.op} ${e.id}`);
    expect(carried).toEqual([`update ${uid}`, `delete ${uid}`]);
    const all = entries.filter((e) => e.resource === 'kpi').map((e) => `${e.op} ${e.id}`);
    expect(all).toEqual([`update ${uid}`, `update ${hiddenKpi}`, `delete ${uid}`]);
  });
});
