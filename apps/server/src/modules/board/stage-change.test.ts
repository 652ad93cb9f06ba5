import { workflowTriggerPayloadSchema } from '@leadloom/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../http/app';
import { DEMO_USER } from '../../seed/demo-data';
import { seedDemo } from '../../seed/demo';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import { TestClient } from '../../test/http-client';
import {
  activityRows,
  addConnection,
  addStage,
  changeLogRows,
  countRows,
  historyRows,
  outboxRows,
  placementRows,
  setStageRemoteID,
  stageOrder,
} from '../../test/contact-fixtures';
import { addPipeline, ownerWithTeam } from '../../test/team-fixtures';
import { teamScopeFor } from '../../scope/team-scope';
import { changeStage } from './stage-change';

/** SPEC §4 stage change: one transaction, core's sync rules, card order, history deletion. */

let s: TestServices;
beforeAll(async () => {
  s = await startTestServices();
});
afterAll(() => s.cleanup());

interface Setup {
  uid: string;
  teamUID: string;
  client: TestClient;
  pipelineUID: string;
  placeholder: string;
  qualified: string;
  booked: string;
}

let n = 0;
/** A team with a pipeline (placeholder, Qualified, Booked), webhooks and GoHighLevel connections. */
async function setup(): Promise<Setup> {
  const t = await ownerWithTeam(s, `stage-${++n}@example.com`);
  const { pipelineUID, stageUID: placeholder } = await addPipeline(s, t.teamUID, 'Sales');
  const qualified = await addStage(s, t.teamUID, pipelineUID, 'Qualified', 1);
  const booked = await addStage(s, t.teamUID, pipelineUID, 'Booked', 2);
  await addConnection(s, t.teamUID, 'webhooks', { syncStages: true });
  await addConnection(s, t.teamUID, 'gohighlevel', { syncStages: true });
  return { ...t, pipelineUID, placeholder, qualified, booked };
}

async function create(t: Setup, firstName: string, stageUID?: string) {
  const res = await t.client.api(`/api/teams/${t.teamUID}/contacts`, {
    method: 'POST',
    body: JSON.stringify({ firstName, pipelineUID: t.pipelineUID, stageUID }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body!.contact as { GTID: string }).GTID;
}

const move = (t: Setup, gtid: string, body: Record<string, unknown>, changeId?: string) =>
  t.client.api(`/api/teams/${t.teamUID}/contacts/${gtid}/pipelines/${t.pipelineUID}/stage`, {
    method: 'PUT',
    body: JSON.stringify(body),
    headers: changeId ? { 'x-change-id': changeId } : {},
  });

/** Everything a stage change writes, to compare before and after a failed one. */
async function footprint(t: Setup, gtid: string) {
  return {
    placement: await placementRows(s, t.teamUID, gtid),
    history: await historyRows(s, t.teamUID, gtid),
    activities: await activityRows(s, t.teamUID, gtid),
    outbox: await countRows(s, 'outbox', t.teamUID),
    changeLog: await countRows(s, 'change_log', t.teamUID),
  };
}

describe(`stage change (${ENGINE})`, () => {
  it('writes stage, history, activity, one webhooks sync row, a trigger and the change log', async () => {
    const t = await setup();
    const gtid = await create(t, 'Ada');
    const outboxBefore = (await outboxRows(s, t.teamUID)).length;
    const logBefore = (await changeLogRows(s, t.teamUID)).length;

    const res = await move(t, gtid, { stageUID: t.qualified }, 'change-42');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ stageUID: t.qualified });
    expect(typeof res.body!.historyId).toBe('string');
    expect(typeof res.body!.activityUID).toBe('string');

    const [placement] = await placementRows(s, t.teamUID, gtid);
    expect(placement!.stage_uid).toBe(t.qualified);
    expect(placement!.position).toBe(res.body!.position);
    const hist = await historyRows(s, t.teamUID, gtid);
    expect(hist.map((h) => h.stage_uid)).toEqual([t.placeholder, t.qualified]);
    expect(hist[1]!.id).toBe(res.body!.historyId);

    const stageActs = (await activityRows(s, t.teamUID, gtid)).filter((a) => a.type === 'stage');
    expect(stageActs).toHaveLength(1);
    expect(stageActs[0]).toMatchObject({
      activity_uid: res.body!.activityUID,
      action: 'changed',
      pipeline_uid: t.pipelineUID,
      stage_uid: t.qualified,
      created_by_uid: t.uid,
      data: { from: t.placeholder, to: t.qualified, fromName: 'Set Stage...', toName: 'Qualified' },
    });

    const added = (await outboxRows(s, t.teamUID)).slice(outboxBefore);
    const syncs = added.filter((r) => r.kind === 'sync');
    expect(syncs).toHaveLength(1);
    expect(syncs[0]!.payload).toMatchObject({
      integration: 'webhooks',
      change: 'stage',
      leadData: { GTID: gtid, firstName: 'Ada' },
      changeData: {
        from: { stageUID: t.placeholder, name: 'Set Stage...', remoteID: null },
        to: { stageUID: t.qualified, name: 'Qualified', remoteID: null },
      },
      pipelineData: { groupUID: t.pipelineUID, nickName: 'Sales' },
    });
    const triggers = added.filter((r) => r.kind === 'workflow-trigger');
    expect(triggers).toHaveLength(1);
    expect(triggers[0]!.payload).toMatchObject({
      trigger: 'stageChanged',
      GTID: gtid,
      pipelineUID: t.pipelineUID,
      byUID: t.uid,
      data: { from: t.placeholder, to: t.qualified },
    });
    // What the workflow engine will read back: the row is core's trigger payload.
    expect(workflowTriggerPayloadSchema.parse(triggers[0]!.payload).trigger).toBe('stageChanged');
    expect(added).toHaveLength(2);

    const log = (await changeLogRows(s, t.teamUID)).slice(logBefore);
    expect(log.map((l) => `${l.resource} ${l.op}`).sort()).toEqual(
      ['activity insert', 'contact update', 'contactPipeline update', 'stageHistory insert'].sort(),
    );
    expect(log.every((l) => l.change_id === 'change-42')).toBe(true);
  });

  it('goes to GoHighLevel as well once the stage has a remoteID (two sync rows)', async () => {
    const t = await setup();
    await setStageRemoteID(s, t.teamUID, t.booked, 'ghl-stage-7');
    const gtid = await create(t, 'Grace');
    const before = (await outboxRows(s, t.teamUID)).length;
    expect((await move(t, gtid, { stageUID: t.booked })).status).toBe(200);
    const syncs = (await outboxRows(s, t.teamUID)).slice(before).filter((r) => r.kind === 'sync');
    expect(syncs.map((r) => r.payload.integration).sort()).toEqual(['gohighlevel', 'webhooks']);
    expect(syncs[0]!.payload).toMatchObject({
      changeData: { to: { stageUID: t.booked, remoteID: 'ghl-stage-7' } },
    });
  });

  it('writes no sync row for a paused or inactive connection, or one without syncStages', async () => {
    const t = await ownerWithTeam(s, `stage-${++n}@example.com`);
    const { pipelineUID } = await addPipeline(s, t.teamUID, 'Quiet');
    const next = await addStage(s, t.teamUID, pipelineUID, 'Next', 1, 'r-1');
    await addConnection(s, t.teamUID, 'webhooks', { syncStages: true }, { isPaused: true });
    await addConnection(s, t.teamUID, 'gsheet', { syncStages: true }, { status: 'inactive' });
    await addConnection(s, t.teamUID, 'gohighlevel', { syncStages: false, syncInfo: true });
    const res = await t.client.api(`/api/teams/${t.teamUID}/contacts`, {
      method: 'POST',
      body: JSON.stringify({ firstName: 'Quiet', pipelineUID }),
    });
    const gtid = (res.body!.contact as { GTID: string }).GTID;
    const before = (await outboxRows(s, t.teamUID)).length;
    const moved = await t.client.api(
      `/api/teams/${t.teamUID}/contacts/${gtid}/pipelines/${pipelineUID}/stage`,
      { method: 'PUT', body: JSON.stringify({ stageUID: next }) },
    );
    expect(moved.status).toBe(200);
    const added = (await outboxRows(s, t.teamUID)).slice(before);
    expect(added.map((r) => r.kind)).toEqual(['workflow-trigger']);
  });

  it('leaves nothing behind when the change fails right after the stage write', async () => {
    const t = await setup();
    const gtid = await create(t, 'Half');
    const before = await footprint(t, gtid);
    const scope = await teamScopeFor(s.database, t.uid, t.teamUID);
    let wrote = false;
    await expect(
      changeStage(
        s.database,
        scope,
        gtid,
        t.pipelineUID,
        { stageUID: t.qualified },
        {
          afterStageWrite: async (tx) => {
            // The stage is written inside the transaction at this point...
            const r = await tx.db.execute<{ stage_uid: string }>(sql`
              SELECT stage_uid FROM contact_pipeline WHERE team_uid = ${t.teamUID} AND gtid = ${gtid}`);
            wrote = r.rows[0]?.stage_uid === t.qualified;
            throw new Error('injected failure after the stage write');
          },
        },
      ),
    ).rejects.toThrow('injected failure');
    expect(wrote).toBe(true);
    // ...and gone after the rollback, with everything else the change would have written.
    expect(await footprint(t, gtid)).toEqual(before);
  });

  it('leaves nothing behind when the last statement of the transaction fails', async () => {
    const t = await setup();
    const gtid = await create(t, 'Late');
    const before = await footprint(t, gtid);
    // The change log is written last (at commit): failing it fails the whole change.
    await s.database.db.execute(sql`
      CREATE OR REPLACE FUNCTION test_fail_stage_change() RETURNS trigger AS $$
      BEGIN
        IF NEW.resource = 'stageHistory' THEN RAISE EXCEPTION 'injected change-log failure'; END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await s.database.db.execute(sql`
      CREATE TRIGGER test_fail_stage_change BEFORE INSERT ON change_log
      FOR EACH ROW EXECUTE FUNCTION test_fail_stage_change()`);
    try {
      const res = await move(t, gtid, { stageUID: t.qualified });
      expect(res.status).toBe(500);
    } finally {
      await s.database.db.execute(sql`DROP TRIGGER test_fail_stage_change ON change_log`);
      await s.database.db.execute(sql`DROP FUNCTION test_fail_stage_change()`);
    }
    expect(await footprint(t, gtid)).toEqual(before);
    // The same change goes through once nothing breaks it.
    expect((await move(t, gtid, { stageUID: t.qualified })).status).toBe(200);
  });

  it('places the card between its neighbours; the same stage only reorders', async () => {
    const t = await setup();
    // A new card goes first: C, then B, then A above them.
    const c = await create(t, 'C', t.qualified);
    const b = await create(t, 'B', t.qualified);
    const a = await create(t, 'A', t.qualified);
    expect(await stageOrder(s, t.teamUID, t.pipelineUID, t.qualified)).toEqual([a, b, c]);

    const before = await footprint(t, c);
    const res = await move(t, c, { stageUID: t.qualified, afterGtid: a, beforeGtid: b });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ historyId: null, activityUID: null });
    expect(await stageOrder(s, t.teamUID, t.pipelineUID, t.qualified)).toEqual([a, c, b]);
    const after = await footprint(t, c);
    expect(after.history).toEqual(before.history);
    expect(after.activities).toEqual(before.activities);
    expect(after.outbox).toBe(before.outbox);

    // Only beforeGtid: right above it. Only afterGtid: right below it.
    await move(t, a, { stageUID: t.qualified, beforeGtid: b });
    expect(await stageOrder(s, t.teamUID, t.pipelineUID, t.qualified)).toEqual([c, a, b]);
    await move(t, c, { stageUID: t.qualified, afterGtid: b });
    expect(await stageOrder(s, t.teamUID, t.pipelineUID, t.qualified)).toEqual([a, b, c]);

    // Into another stage between two cards there; without neighbours it goes last.
    const d = await create(t, 'D');
    await move(t, d, { stageUID: t.qualified, afterGtid: a, beforeGtid: b });
    expect(await stageOrder(s, t.teamUID, t.pipelineUID, t.qualified)).toEqual([a, d, b, c]);
    await move(t, a, { stageUID: t.booked });
    await move(t, a, { stageUID: t.qualified });
    expect(await stageOrder(s, t.teamUID, t.pipelineUID, t.qualified)).toEqual([d, b, c, a]);

    // The same stage without neighbours changes nothing.
    const still = await footprint(t, a);
    const same = await move(t, a, { stageUID: t.qualified });
    expect(same.status).toBe(200);
    expect(await footprint(t, a)).toEqual(still);
  });

  it('answers 400 naming the neighbour that is not in the target stage, writing nothing', async () => {
    const t = await setup();
    const a = await create(t, 'A', t.qualified);
    const elsewhere = await create(t, 'E', t.booked);
    const before = await footprint(t, a);
    for (const [body, field] of [
      [{ stageUID: t.qualified, afterGtid: elsewhere }, 'afterGtid'],
      [{ stageUID: t.qualified, beforeGtid: 'no-such-card-1' }, 'beforeGtid'],
      [{ stageUID: t.qualified, afterGtid: a }, 'afterGtid'],
      [{ stageUID: 42 }, 'stageUID'],
      [{ stageUID: t.qualified, extra: true }, undefined],
    ] as const) {
      const res = await move(t, a, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = res.body!.error as { status: string; field?: string };
      expect(error.status).toBe('invalid-argument');
      if (field) expect(error.field).toBe(field);
    }
    expect(await footprint(t, a)).toEqual(before);

    const b = await create(t, 'B', t.qualified); // first, above A
    const beforeReversed = await footprint(t, elsewhere);
    const reversed = await move(t, elsewhere, {
      stageUID: t.qualified,
      afterGtid: a,
      beforeGtid: b,
    });
    expect(reversed.status).toBe(400);
    expect((reversed.body!.error as { field: string }).field).toBe('beforeGtid');
    expect(await footprint(t, elsewhere)).toEqual(beforeReversed);
  });

  it('answers 404 for a stage of another pipeline and for a pipeline the contact is not in', async () => {
    const t = await setup();
    const gtid = await create(t, 'Lost');
    const other = await addPipeline(s, t.teamUID, 'Other');
    const before = await footprint(t, gtid);
    expect((await move(t, gtid, { stageUID: other.stageUID })).status).toBe(404);
    const res = await t.client.api(
      `/api/teams/${t.teamUID}/contacts/${gtid}/pipelines/${other.pipelineUID}/stage`,
      { method: 'PUT', body: JSON.stringify({ stageUID: other.stageUID }) },
    );
    expect(res.status).toBe(404);
    expect(await footprint(t, gtid)).toEqual(before);
  });
});

describe(`stage history (${ENGINE})`, () => {
  it('deletes an entry and logs a stage activity historyDeleted', async () => {
    const t = await setup();
    const gtid = await create(t, 'Hist');
    const moved = await move(t, gtid, { stageUID: t.qualified });
    const historyId = moved.body!.historyId as string;
    const res = await t.client.api(
      `/api/teams/${t.teamUID}/contacts/${gtid}/pipelines/${t.pipelineUID}/history/${historyId}`,
      { method: 'DELETE' },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ deleted: true });
    expect((await historyRows(s, t.teamUID, gtid)).map((h) => h.stage_uid)).toEqual([
      t.placeholder,
    ]);
    const got = await t.client.api(`/api/teams/${t.teamUID}/contacts/${gtid}`);
    const [entry] = got.body!.pipelines as { stagesHistory: { id: string }[]; stageUID: string }[];
    expect(entry!.stagesHistory.map((h) => h.id)).not.toContain(historyId);
    expect(entry!.stageUID).toBe(t.qualified);
    const last = (await activityRows(s, t.teamUID, gtid)).at(-1)!;
    expect(last).toMatchObject({
      type: 'stage',
      action: 'historyDeleted',
      pipeline_uid: t.pipelineUID,
      stage_uid: t.qualified,
      data: { historyId, stageUID: t.qualified, stageName: 'Qualified' },
    });

    const again = await t.client.api(
      `/api/teams/${t.teamUID}/contacts/${gtid}/pipelines/${t.pipelineUID}/history/${historyId}`,
      { method: 'DELETE' },
    );
    expect(again.status).toBe(404);
  });
});

describe(`on the demo data (${ENGINE})`, () => {
  it('reads a seeded contact and drags it between two cards of another stage', async () => {
    const seeded = await seedDemo(s.database, s.auth, { contacts: 40 });
    const teamUID = seeded.teamUID!;
    const demo = await new TestClient(createApp(s)).signIn(DEMO_USER.email, DEMO_USER.password);
    const pipelines = (await demo.api(`/api/teams/${teamUID}/pipelines`)).body!.pipelines as {
      groupUID: string;
      isDefault: boolean;
    }[];
    const pipelineUID = pipelines.find((p) => p.isDefault)!.groupUID;
    const board = await demo.api(`/api/teams/${teamUID}/pipelines/${pipelineUID}/board?limit=200`);
    const stages = board.body!.stages as { stageUID: string; contacts: { GTID: string }[] }[];
    const target = stages.find((st) => st.contacts.length >= 2)!;
    const source = stages.find((st) => st !== target && st.contacts.length > 0)!;
    const gtid = source.contacts[0]!.GTID;

    const got = await demo.api(`/api/teams/${teamUID}/contacts/${gtid}`);
    expect(got.status).toBe(200);
    expect((got.body!.pipelines as { stageUID: string }[])[0]!.stageUID).toBe(source.stageUID);

    const [first, second] = target.contacts;
    const moved = await demo.api(
      `/api/teams/${teamUID}/contacts/${gtid}/pipelines/${pipelineUID}/stage`,
      {
        method: 'PUT',
        body: JSON.stringify({
          stageUID: target.stageUID,
          afterGtid: first!.GTID,
          beforeGtid: second!.GTID,
        }),
      },
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const order = await stageOrder(s, teamUID, pipelineUID, target.stageUID);
    expect(order.slice(0, 3)).toEqual([first!.GTID, gtid, second!.GTID]);
  });
});
