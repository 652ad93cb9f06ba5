import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, startTestServices, type TestServices } from '../test/harness';
import { DEMO_LABELS, DEMO_QUESTIONS, DEMO_TAG_SETS } from './demo-data';
import { seedDemo } from './demo';

/** The demo team is what a first-time user explores: every setup screen must have data. */

let s: TestServices;
let teamUID: string;

beforeAll(async () => {
  s = await startTestServices();
  teamUID = (await seedDemo(s.database, s.auth, { contacts: 200 })).teamUID!;
});
afterAll(() => s.cleanup());

const count = async (query: ReturnType<typeof sql>) =>
  Number((await s.database.db.execute<{ n: string }>(query)).rows[0]!.n);

describe(`demo seed (${ENGINE})`, () => {
  it('sets up labels, tag sets with tags, phases on stages and membership questions', async () => {
    expect(await count(sql`SELECT count(*) n FROM status_label WHERE team_uid = ${teamUID}`)).toBe(
      DEMO_LABELS.length,
    );
    expect(await count(sql`SELECT count(*) n FROM tag_set WHERE team_uid = ${teamUID}`)).toBe(
      DEMO_TAG_SETS.length,
    );
    expect(await count(sql`SELECT count(*) n FROM team_question WHERE team_uid = ${teamUID}`)).toBe(
      DEMO_QUESTIONS.length,
    );
    // Every stage but the placeholders sits in a phase that exists.
    expect(
      await count(sql`SELECT count(*) n FROM stage s WHERE s.team_uid = ${teamUID} AND s.idx > 0
        AND NOT EXISTS (SELECT 1 FROM pipeline_phase ph
          WHERE ph.team_uid = s.team_uid AND ph.phase_uid = s.phase)`),
    ).toBe(0);
  });

  it('gives contacts tags that exist, labels, answers, deals, notes and a coherent history', async () => {
    // No orphaned tags on a fresh demo team.
    expect(
      await count(sql`SELECT count(*) n FROM contact_tag ct WHERE ct.team_uid = ${teamUID}
        AND NOT EXISTS (SELECT 1 FROM tag t WHERE t.team_uid = ct.team_uid AND t.tag_id = ct.tag_id)`),
    ).toBe(0);
    expect(
      await count(sql`SELECT count(*) n FROM contact_tag WHERE team_uid = ${teamUID}`),
    ).toBeGreaterThan(0);
    expect(
      await count(
        sql`SELECT count(*) n FROM contact WHERE team_uid = ${teamUID} AND status_label_uid IS NOT NULL`,
      ),
    ).toBeGreaterThan(0);
    expect(
      await count(sql`SELECT count(*) n FROM answer WHERE team_uid = ${teamUID}`),
    ).toBeGreaterThan(0);
    expect(
      await count(sql`SELECT count(*) n FROM deal WHERE team_uid = ${teamUID}`),
    ).toBeGreaterThan(0);
    expect(
      await count(sql`SELECT count(*) n FROM note WHERE team_uid = ${teamUID}`),
    ).toBeGreaterThan(0);
    // Each contact's latest history entry is its current stage, and a moved contact has a
    // stage activity for the move.
    expect(
      await count(sql`SELECT count(*) n FROM contact_pipeline cp WHERE cp.team_uid = ${teamUID}
        AND cp.stage_uid <> (SELECT h.stage_uid FROM stage_history h
          WHERE h.team_uid = cp.team_uid AND h.gtid = cp.gtid AND h.pipeline_uid = cp.pipeline_uid
          ORDER BY h.at DESC LIMIT 1)`),
    ).toBe(0);
    expect(
      await count(sql`SELECT count(*) n FROM contact_pipeline cp
        JOIN stage st ON st.team_uid = cp.team_uid AND st.stage_uid = cp.stage_uid
        WHERE cp.team_uid = ${teamUID} AND st.idx > 0 AND NOT EXISTS (SELECT 1 FROM activity a
          WHERE a.team_uid = cp.team_uid AND a.gtid = cp.gtid AND a.type = 'stage'
            AND a.stage_uid = cp.stage_uid)`),
    ).toBe(0);
  });
});

describe(`demo seed --stage-heavy (${ENGINE})`, () => {
  it('puts half of the contacts in one stage', async () => {
    const t = await startTestServices();
    try {
      const team = (await seedDemo(t.database, t.auth, { contacts: 400, stageHeavy: true }))
        .teamUID!;
      const r = await t.database.db.execute<{ n: string }>(sql`
        SELECT count(*) n FROM contact_pipeline cp WHERE cp.team_uid = ${team}
        GROUP BY cp.stage_uid ORDER BY count(*) DESC LIMIT 1`);
      expect(Number(r.rows[0]!.n)).toBeGreaterThanOrEqual(200);
    } finally {
      await t.cleanup();
    }
  });
});
