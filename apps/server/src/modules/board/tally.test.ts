import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { newPushId } from '@leadloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findServerAsset } from '../../db/find-asset';
import { systemScope } from '../../db/scope';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import type { TestClient } from '../../test/http-client';
import { addContacts, addPipeline, ownerWithTeam } from '../../test/team-fixtures';
import { foldStageTallies } from './tally.repo';

/**
 * The board's counts and deal totals come from stage tallies that triggers keep at write time.
 * Whatever writes come, in whatever order, the board must answer what counting and summing the
 * placements and deals there now would: checked against that live computation after each step of
 * a long random run of the writes the app makes (moves, bulk moves, deals written, renamed,
 * re-valued, re-statused and deleted, placements removed and made again, contacts deleted),
 * before and after folding.
 */

let s: TestServices;
let owner: TestClient;
let teamUID: string;
let pipelineUID: string;
let stages: string[];
let other: { pipelineUID: string; stageUID: string };

interface Figures {
  counts: Record<string, number>;
  totals: Record<string, { currency: string; open: string; won: string }[]>;
}

/** What the board says now. */
async function boardFigures(): Promise<Figures> {
  const res = await owner.api(`/api/teams/${teamUID}/pipelines/${pipelineUID}/board?limit=1`);
  expect(res.status).toBe(200);
  const body = res.body as {
    stages: {
      stageUID: string;
      count: number;
      dealTotals: { currency: string; open: string; won: string }[];
    }[];
  };
  return {
    counts: Object.fromEntries(body.stages.map((st) => [st.stageUID, st.count])),
    totals: Object.fromEntries(body.stages.map((st) => [st.stageUID, st.dealTotals])),
  };
}

/** What counting and summing what is there now says (the board's computation before tallies). */
async function liveFigures(): Promise<Figures> {
  const counts = await s.database.db.execute<{ stage_uid: string; n: string }>(sql`
    SELECT s.stage_uid, (SELECT count(*) FROM contact_pipeline cp WHERE cp.team_uid = s.team_uid
      AND cp.pipeline_uid = s.pipeline_uid AND cp.stage_uid = s.stage_uid) AS n
    FROM stage s WHERE s.team_uid = ${teamUID} AND s.pipeline_uid = ${pipelineUID}`);
  const totals = await s.database.db.execute<{
    stage_uid: string;
    currency: string;
    open: string;
    won: string;
  }>(sql`
    SELECT cp.stage_uid, d.currency,
      COALESCE(SUM(d.value) FILTER (WHERE d.status = 'open'), 0)::text AS open,
      COALESCE(SUM(d.value) FILTER (WHERE d.status = 'won'), 0)::text AS won
    FROM deal d
    JOIN contact_pipeline cp ON cp.team_uid = d.team_uid AND cp.gtid = d.gtid
      AND cp.pipeline_uid = d.pipeline_uid
    WHERE d.team_uid = ${teamUID} AND d.pipeline_uid = ${pipelineUID} AND d.status IN ('open', 'won')
    GROUP BY cp.stage_uid, d.currency
    ORDER BY cp.stage_uid, d.currency`);
  const byStage: Figures['totals'] = Object.fromEntries(stages.map((st) => [st, []]));
  for (const row of totals.rows) {
    byStage[row.stage_uid]!.push({ currency: row.currency, open: row.open, won: row.won });
  }
  return {
    counts: Object.fromEntries(counts.rows.map((r) => [r.stage_uid, Number(r.n)])),
    totals: byStage,
  };
}

/** A small deterministic PRNG (mulberry32): the same run every time, any failure replayable. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

beforeAll(async () => {
  s = await startTestServices();
  // These tests fold by hand and count unfolded rows: the server's timer must not fold between.
  await s.stopTallyFolding();
  ({ teamUID, client: owner } = await ownerWithTeam(s, 'owner-tally@example.com'));
  const first = await addPipeline(s, teamUID, 'Sales');
  pipelineUID = first.pipelineUID;
  stages = [first.stageUID];
  for (let i = 1; i <= 3; i++) {
    const stageUID = newPushId();
    stages.push(stageUID);
    await s.database.db.execute(sql`
      INSERT INTO stage (team_uid, stage_uid, pipeline_uid, name, color, font_color, idx)
      VALUES (${teamUID}, ${stageUID}, ${pipelineUID}, ${`Stage ${i}`}, '#123456', '#000', ${i})`);
  }
  other = await addPipeline(s, teamUID, 'Other');
});
afterAll(() => s.cleanup());

describe(`stage tallies (${ENGINE})`, () => {
  it('answer what counting and summing would, after every write of a long random run', async () => {
    const random = prng(20261127);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const db = s.database.db;
    let gtids = await addContacts(s, teamUID, 12, [{ pipelineUID, stageUID: stages[0]! }, other]);
    const amount = () => {
      const decimals = Math.floor(random() * 5); // a deal value has 0 to 4 decimals
      return (Math.floor(random() * 100_000) / 10 ** decimals).toFixed(decimals);
    };
    const placed = async () =>
      (
        await db.execute<{ gtid: string }>(sql`
          SELECT gtid FROM contact_pipeline WHERE team_uid = ${teamUID} AND pipeline_uid = ${pipelineUID}
          ORDER BY gtid`)
      ).rows.map((r) => r.gtid);
    const deals = async () =>
      (
        await db.execute<{ deal_uid: string }>(sql`
          SELECT deal_uid FROM deal WHERE team_uid = ${teamUID} ORDER BY deal_uid`)
      ).rows.map((r) => r.deal_uid);

    const steps: Record<string, () => Promise<unknown>> = {
      async move() {
        const inPipeline = await placed();
        if (inPipeline.length === 0) return;
        await db.execute(sql`
          UPDATE contact_pipeline SET stage_uid = ${pick(stages)}
          WHERE team_uid = ${teamUID} AND pipeline_uid = ${pipelineUID} AND gtid = ${pick(inPipeline)}`);
      },
      async bulkMove() {
        const some = (await placed()).filter(() => random() < 0.5);
        await db.execute(sql`
          UPDATE contact_pipeline SET stage_uid = ${pick(stages)}
          WHERE team_uid = ${teamUID} AND pipeline_uid = ${pipelineUID}
            AND gtid = ANY(${sql.param(some)}::text[])`);
      },
      async reorder() {
        // A write to a placement that keeps its stage changes nothing.
        await db.execute(sql`
          UPDATE contact_pipeline SET position = position || 'x'
          WHERE team_uid = ${teamUID} AND pipeline_uid = ${pipelineUID}`);
      },
      async addDeals() {
        const inPipeline = await placed();
        if (inPipeline.length === 0) return;
        const rows = Array.from({ length: 1 + Math.floor(random() * 3) }, () => ({
          gtid: pick(inPipeline),
          pipelineUID: random() < 0.85 ? pipelineUID : other.pipelineUID,
        }));
        for (const row of rows) {
          const inOther = row.pipelineUID === other.pipelineUID;
          const gtid = inOther ? pick(gtids) : row.gtid;
          const exists = await db.execute(sql`
            SELECT 1 FROM contact_pipeline WHERE team_uid = ${teamUID} AND gtid = ${gtid}
              AND pipeline_uid = ${row.pipelineUID}`);
          if (exists.rows.length === 0) continue;
          await db.execute(sql`
            INSERT INTO deal (team_uid, deal_uid, gtid, pipeline_uid, name, value, currency, status)
            VALUES (${teamUID}, ${newPushId()}, ${gtid}, ${row.pipelineUID}, 'Deal', ${amount()}::numeric,
              ${pick(['USD', 'EUR'])}, ${pick(['open', 'open', 'won', 'lost'])})`);
        }
      },
      async updateDeal() {
        const all = await deals();
        if (all.length === 0) return;
        const change = pick(['value', 'status', 'currency', 'name'] as const);
        const dealUID = pick(all);
        if (change === 'value') {
          await db.execute(sql`UPDATE deal SET value = ${amount()}::numeric
            WHERE team_uid = ${teamUID} AND deal_uid = ${dealUID}`);
        } else if (change === 'status') {
          await db.execute(sql`UPDATE deal SET status = ${pick(['open', 'won', 'lost'])}
            WHERE team_uid = ${teamUID} AND deal_uid = ${dealUID}`);
        } else if (change === 'currency') {
          await db.execute(sql`UPDATE deal SET currency = ${pick(['USD', 'EUR', 'GBP'])}
            WHERE team_uid = ${teamUID} AND deal_uid = ${dealUID}`);
        } else {
          await db.execute(sql`UPDATE deal SET name = 'Renamed'
            WHERE team_uid = ${teamUID} AND deal_uid = ${dealUID}`);
        }
      },
      async deleteDeal() {
        const all = await deals();
        if (all.length === 0) return;
        await db.execute(
          sql`DELETE FROM deal WHERE team_uid = ${teamUID} AND deal_uid = ${pick(all)}`,
        );
      },
      async unplace() {
        // Its deals in the pipeline go with it (their foreign key's cascade).
        const inPipeline = await placed();
        if (inPipeline.length === 0) return;
        await db.execute(sql`
          DELETE FROM contact_pipeline
          WHERE team_uid = ${teamUID} AND pipeline_uid = ${pipelineUID} AND gtid = ${pick(inPipeline)}`);
      },
      async place() {
        const inPipeline = new Set(await placed());
        const out = gtids.filter((g) => !inPipeline.has(g));
        if (out.length === 0) return;
        await db.execute(sql`
          INSERT INTO contact_pipeline (team_uid, gtid, pipeline_uid, stage_uid, position)
          VALUES (${teamUID}, ${pick(out)}, ${pipelineUID}, ${pick(stages)}, 'n')`);
      },
      async deleteContact() {
        if (gtids.length < 6) return;
        const gtid = pick(gtids);
        await db.execute(sql`DELETE FROM contact WHERE team_uid = ${teamUID} AND gtid = ${gtid}`);
        gtids = gtids.filter((g) => g !== gtid);
      },
      async addContact() {
        gtids.push(
          ...(await addContacts(s, teamUID, 1, [{ pipelineUID, stageUID: pick(stages) }])),
        );
      },
      async fold() {
        await foldStageTallies(systemScope('test'), db, 10);
      },
    };
    const names = Object.keys(steps);
    const ran: string[] = [];
    for (let i = 0; i < 160; i++) {
      const name = i % 40 === 39 ? 'fold' : pick(names);
      ran.push(name);
      await steps[name]!();
      const [board, live] = [await boardFigures(), await liveFigures()];
      expect(board, `after ${ran.join(', ')}`).toEqual(live);
    }
    expect(new Set(ran)).toEqual(new Set(names));
    // The contacts' ids are new each run, so the picks (and where the run ends) differ: it ends
    // with an open deal on a card of the board, so the last comparison has totals to compare.
    let [card] = await placed();
    if (!card) {
      await steps.place!();
      [card] = await placed();
    }
    await db.execute(sql`
      INSERT INTO deal (team_uid, deal_uid, gtid, pipeline_uid, name, value, currency, status)
      VALUES (${teamUID}, ${newPushId()}, ${card!}, ${pipelineUID}, 'Last', 12.5, 'USD', 'open')`);
    const [board, live] = [await boardFigures(), await liveFigures()];
    expect(board).toEqual(live);
    expect(Object.values(board.totals).flat().length).toBeGreaterThan(0);
  });

  it("folds a pipeline's rows into one per stage and currency scale, answering the same", async () => {
    const db = s.database.db;
    const [gtid] = await addContacts(s, teamUID, 1, [{ pipelineUID, stageUID: stages[0]! }]);
    for (const stageUID of [stages[1]!, stages[2]!, stages[1]!]) {
      await db.execute(sql`UPDATE contact_pipeline SET stage_uid = ${stageUID}
        WHERE team_uid = ${teamUID} AND pipeline_uid = ${pipelineUID} AND gtid = ${gtid!}`);
    }
    const rows = async () =>
      (
        await db.execute<{ n: string; unfolded: string; keys: string }>(sql`
          SELECT count(*) AS n, count(*) FILTER (WHERE NOT folded) AS unfolded,
            count(DISTINCT (stage_uid, currency, scale)) AS keys
          FROM stage_tally WHERE team_uid = ${teamUID} AND pipeline_uid = ${pipelineUID}`)
      ).rows[0]!;
    const before = await boardFigures();
    expect(Number((await rows()).unfolded)).toBeGreaterThan(0);
    expect(await foldStageTallies(systemScope('test'), db, 10)).toBeGreaterThanOrEqual(1);
    const after = await rows();
    expect(Number(after.unfolded)).toBe(0);
    expect(Number(after.n)).toBe(Number(after.keys));
    expect(await boardFigures()).toEqual(before);
    expect(await boardFigures()).toEqual(await liveFigures());
  });

  it('are built by the migration from the placements and deals already there', async () => {
    const db = s.database.db;
    const [gtid] = await addContacts(s, teamUID, 1, [{ pipelineUID, stageUID: stages[2]! }]);
    await db.execute(sql`
      INSERT INTO deal (team_uid, deal_uid, gtid, pipeline_uid, name, value, currency, status)
      VALUES (${teamUID}, ${newPushId()}, ${gtid!}, ${pipelineUID}, 'Deal', 12.345, 'USD', 'won')`);
    const before = await liveFigures();
    // As a database before the migration: no tallies; then the migration's own statements that
    // fill them.
    await db.execute(sql`DELETE FROM stage_tally`);
    expect((await boardFigures()).counts).not.toEqual(before.counts);
    const fill = fs
      .readFileSync(path.join(findServerAsset('drizzle'), '0019_stage_tally.sql'), 'utf8')
      .split('--> statement-breakpoint')
      .filter((statement) => /^\s*INSERT INTO "stage_tally"/m.test(statement));
    expect(fill).toHaveLength(2);
    for (const statement of fill) await db.execute(sql.raw(statement));
    expect(await boardFigures()).toEqual(before);
  });
});
