import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTx } from '../../db/tx';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import {
  addConnection,
  addStage,
  changeLogRows,
  outboxRows,
  stageOrder,
} from '../../test/contact-fixtures';
import { addContacts, addPipeline, ownerWithTeam } from '../../test/team-fixtures';
import { teamScopeFor } from '../../scope/team-scope';
import { MOVE_CHUNK, moveToStage } from './moves';

/**
 * The set-based stage change (DESIGN §1.5): every path that moves contacts (a deleted stage's
 * contacts, many at once) writes what SPEC §4/§5 require for each, in a bounded number of
 * statements.
 */

let s: TestServices;
beforeAll(async () => {
  s = await startTestServices();
});
afterAll(() => s.cleanup());

let n = 0;
/** A team with a pipeline (placeholder, Doomed, Target), webhooks and GoHighLevel connections. */
async function setup() {
  const t = await ownerWithTeam(s, `moves-${++n}@example.com`);
  const { pipelineUID, stageUID: placeholder } = await addPipeline(s, t.teamUID, 'Sales');
  const doomed = await addStage(s, t.teamUID, pipelineUID, 'Doomed', 1);
  const target = await addStage(s, t.teamUID, pipelineUID, 'Target', 2);
  await addConnection(s, t.teamUID, 'webhooks', { syncStages: true });
  // No remoteID on the target stage: core's rule sends GoHighLevel nothing.
  await addConnection(s, t.teamUID, 'gohighlevel', { syncStages: true });
  return { ...t, pipelineUID, placeholder, doomed, target };
}

async function rowsOf(table: 'stage_history' | 'activity', teamUID: string, gtids: string[]) {
  const r = await s.database.db.execute<{ gtid: string; stage_uid: string }>(sql`
    SELECT gtid, stage_uid FROM ${sql.identifier(table)}
    WHERE team_uid = ${teamUID} AND gtid = ANY(${sql.param(gtids)}::text[])
      ${table === 'activity' ? sql`AND type = 'stage'` : sql``}
    ORDER BY gtid`);
  return r.rows;
}

describe(`set-based stage moves (${ENGINE})`, () => {
  it('deleting a stage with 3 contacts writes 3 histories, activities, sync rows and triggers', async () => {
    const t = await setup();
    const gtids = await addContacts(s, t.teamUID, 3, [
      { pipelineUID: t.pipelineUID, stageUID: t.doomed },
    ]);
    const [already] = await addContacts(s, t.teamUID, 1, [
      { pipelineUID: t.pipelineUID, stageUID: t.target },
    ]);
    const outboxBefore = (await outboxRows(s, t.teamUID)).length;
    const logBefore = (await changeLogRows(s, t.teamUID)).length;

    const res = await t.client.api(
      `/api/teams/${t.teamUID}/pipelines/${t.pipelineUID}/stages/${t.doomed}?moveTo=${t.target}`,
      { method: 'DELETE' },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ moved: 3 });

    // Card order kept, after the card already in the target stage.
    expect(await stageOrder(s, t.teamUID, t.pipelineUID, t.target)).toEqual([already, ...gtids]);
    const sorted = [...gtids].sort();
    const history = await rowsOf('stage_history', t.teamUID, gtids);
    expect(history.filter((h) => h.stage_uid === t.target).map((h) => h.gtid)).toEqual(sorted);
    const acts = await s.database.db.execute<{ gtid: string; data: Record<string, unknown> }>(sql`
      SELECT gtid, data FROM activity WHERE team_uid = ${t.teamUID} AND type = 'stage'
        AND action = 'changed' ORDER BY gtid`);
    expect(acts.rows.map((a) => a.gtid)).toEqual(sorted);
    for (const a of acts.rows) {
      expect(a.data).toEqual({
        from: t.doomed,
        to: t.target,
        fromName: 'Doomed',
        toName: 'Target',
        reason: 'stageDeleted',
      });
    }

    const added = (await outboxRows(s, t.teamUID)).slice(outboxBefore);
    const syncs = added.filter((r) => r.kind === 'sync');
    expect(syncs.map((r) => r.payload.integration)).toEqual(['webhooks', 'webhooks', 'webhooks']);
    expect(syncs.map((r) => (r.payload.leadData as { GTID: string }).GTID).sort()).toEqual(sorted);
    for (const r of syncs) {
      expect(r.payload).toMatchObject({
        change: 'stage',
        changeData: {
          from: { stageUID: t.doomed, name: 'Doomed', remoteID: null },
          to: { stageUID: t.target, name: 'Target', remoteID: null },
        },
        pipelineData: { groupUID: t.pipelineUID, nickName: 'Sales' },
      });
    }
    const triggers = added.filter((r) => r.kind === 'workflow-trigger');
    expect(triggers.map((r) => r.payload.GTID).sort()).toEqual(sorted);
    for (const r of triggers) {
      expect(r.payload).toMatchObject({
        trigger: 'stageChanged',
        pipelineUID: t.pipelineUID,
        byUID: t.uid,
        data: { from: t.doomed, to: t.target },
      });
    }
    expect(added).toHaveLength(6);

    const log = (await changeLogRows(s, t.teamUID)).slice(logBefore);
    const count = (resource: string, op: string) =>
      log.filter((l) => l.resource === resource && l.op === op).length;
    expect(count('contactPipeline', 'update')).toBe(3);
    expect(count('stageHistory', 'insert')).toBe(3);
    expect(count('activity', 'insert')).toBe(3);
    expect(count('contact', 'update')).toBe(3);
    expect(count('stage', 'delete')).toBe(1);
  });

  it('moves 500 contacts at once with as many statements as 2, writing every row', async () => {
    const t = await setup();
    const [kept] = await addContacts(s, t.teamUID, 1, [
      { pipelineUID: t.pipelineUID, stageUID: t.target },
    ]);
    // 502 contacts in Doomed, written in one statement.
    const gtids = Array.from({ length: 502 }, (_, i) => `bulk-${n}-${String(i).padStart(4, '0')}`);
    await s.database.db.execute(sql`
      INSERT INTO contact (team_uid, gtid, full_name, email_address)
      SELECT ${t.teamUID}, g, 'Bulk ' || g, g || '@example.com'
      FROM unnest(${sql.param(gtids)}::text[]) AS g`);
    await s.database.db.execute(sql`
      INSERT INTO contact_pipeline (team_uid, gtid, pipeline_uid, stage_uid, position)
      SELECT ${t.teamUID}, g, ${t.pipelineUID}, ${t.doomed}, 'a' || g
      FROM unnest(${sql.param(gtids)}::text[]) AS g`);
    const scope = await teamScopeFor(s.database, t.uid, t.teamUID);
    const outboxBefore = (await outboxRows(s, t.teamUID)).length;

    /** Runs one move in its own transaction, counting the statements it sends. */
    const counted = (moves: { gtid: string }[]) =>
      withTx(s.database, scope, async (tx) => {
        const client = tx.client as unknown as { query: (...args: unknown[]) => unknown };
        const query = client.query.bind(client);
        let statements = 0;
        client.query = (...args: unknown[]) => {
          statements++;
          return query(...args);
        };
        try {
          const result = await moveToStage(tx, scope, {
            pipelineUID: t.pipelineUID,
            toStageUID: t.target,
            moves,
          });
          await tx.flushWrites(); // the deferred writes count too
          return { result, statements };
        } finally {
          client.query = query;
        }
      });

    const small = await counted(gtids.slice(0, 2).map((gtid) => ({ gtid })));
    const bulkGtids = gtids.slice(2);
    const big = await counted([
      ...bulkGtids.map((gtid) => ({ gtid })),
      { gtid: 'not-in-this-pipeline' },
      { gtid: bulkGtids[0]! },
    ]);
    expect(small.result.moved).toHaveLength(2);
    expect(big.result.moved).toHaveLength(500);
    expect(big.result.notPlaced).toEqual(['not-in-this-pipeline']);
    expect(big.statements).toBe(small.statements);
    // Reads: pipeline with stages, locked placements, the stage's last key, connections; the
    // writes go out deferred, as one statement (db/tx.ts).
    expect(small.statements).toBe(5);

    // Every card in the target stage, in the order given, after the ones already there.
    expect(await stageOrder(s, t.teamUID, t.pipelineUID, t.target)).toEqual([
      kept,
      ...gtids.slice(0, 2),
      ...bulkGtids,
    ]);
    expect(big.result.moved.every((m) => m.historyId && m.activityUID)).toBe(true);
    const history = await rowsOf('stage_history', t.teamUID, bulkGtids);
    expect(history.filter((h) => h.stage_uid === t.target)).toHaveLength(500);
    const acts = await rowsOf('activity', t.teamUID, bulkGtids);
    expect(acts.map((a) => a.gtid)).toEqual(bulkGtids);
    const added = (await outboxRows(s, t.teamUID)).slice(outboxBefore);
    const bulkSet = new Set(bulkGtids);
    const ofBulk = added.filter((r) =>
      bulkSet.has(
        ((r.payload.leadData as { GTID?: string } | undefined)?.GTID ?? r.payload.GTID) as string,
      ),
    );
    expect(ofBulk.filter((r) => r.kind === 'sync')).toHaveLength(500);
    expect(ofBulk.filter((r) => r.kind === 'workflow-trigger')).toHaveLength(500);
    expect(added).toHaveLength(1004);
  });

  it(`moves more than ${MOVE_CHUNK} contacts in rounds of ${MOVE_CHUNK}, writing every row`, async () => {
    const t = await setup();
    const total = MOVE_CHUNK + 200;
    const gtids = Array.from(
      { length: total },
      (_, i) => `many-${n}-${String(i).padStart(5, '0')}`,
    );
    await s.database.db.execute(sql`
      INSERT INTO contact (team_uid, gtid, full_name)
      SELECT ${t.teamUID}, g, 'Many ' || g FROM unnest(${sql.param(gtids)}::text[]) AS g`);
    await s.database.db.execute(sql`
      INSERT INTO contact_pipeline (team_uid, gtid, pipeline_uid, stage_uid, position)
      SELECT ${t.teamUID}, g, ${t.pipelineUID}, ${t.doomed}, 'a' || g
      FROM unnest(${sql.param(gtids)}::text[]) AS g`);
    const logBefore = (await changeLogRows(s, t.teamUID)).length;
    const res = await t.client.api(
      `/api/teams/${t.teamUID}/pipelines/${t.pipelineUID}/stages/${t.doomed}`,
      { method: 'DELETE' },
    );
    expect(res.body).toEqual({ moved: total });
    expect(await stageOrder(s, t.teamUID, t.pipelineUID, t.placeholder)).toEqual(gtids);
    const counts = await s.database.db.execute<{ h: string; a: string; o: string; w: string }>(sql`
      SELECT
        (SELECT count(*) FROM stage_history WHERE team_uid = ${t.teamUID}
          AND stage_uid = ${t.placeholder}) AS h,
        (SELECT count(DISTINCT gtid) FROM activity WHERE team_uid = ${t.teamUID}
          AND type = 'stage') AS a,
        (SELECT count(*) FROM outbox WHERE team_uid = ${t.teamUID} AND kind = 'sync') AS o,
        (SELECT count(*) FROM outbox WHERE team_uid = ${t.teamUID}
          AND kind = 'workflow-trigger') AS w`);
    expect(counts.rows[0]).toEqual({
      h: String(total),
      a: String(total),
      o: String(total),
      w: String(total),
    });
    const log = (await changeLogRows(s, t.teamUID)).slice(logBefore);
    expect(log.filter((l) => l.resource === 'contactPipeline')).toHaveLength(total);
  });

  it('leaves a card already in the target stage where it is (nothing written for it)', async () => {
    const t = await setup();
    const [inTarget] = await addContacts(s, t.teamUID, 1, [
      { pipelineUID: t.pipelineUID, stageUID: t.target },
    ]);
    const scope = await teamScopeFor(s.database, t.uid, t.teamUID);
    const outboxBefore = (await outboxRows(s, t.teamUID)).length;
    const logBefore = (await changeLogRows(s, t.teamUID)).length;
    const result = await withTx(s.database, scope, (tx) =>
      moveToStage(tx, scope, {
        pipelineUID: t.pipelineUID,
        toStageUID: t.target,
        moves: [{ gtid: inTarget! }],
      }),
    );
    expect(result.moved).toEqual([
      expect.objectContaining({ gtid: inTarget, historyId: null, activityUID: null }),
    ]);
    expect((await outboxRows(s, t.teamUID)).length).toBe(outboxBefore);
    expect((await changeLogRows(s, t.teamUID)).length).toBe(logBefore);
  });
});
