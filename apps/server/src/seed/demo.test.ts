import { checkTemplate } from '@leadloom/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../http/app';
import { keyBetween } from '../modules/board/position';
import { ENGINE, startTestServices, type TestServices } from '../test/harness';
import { TestClient } from '../test/http-client';
import {
  DEMO_ANNOUNCEMENT,
  DEMO_LABELS,
  DEMO_MESSAGE_DAYS,
  DEMO_PIPELINES,
  DEMO_QUESTIONS,
  DEMO_TAG_SETS,
  DEMO_DONE_TASKS,
  DEMO_TASKS,
  DEMO_TASK_TEMPLATES,
  DEMO_TEMPLATES,
  DEMO_USER,
  LAST_NAMES,
} from './demo-data';
import { seedDemo } from './demo';
import { pgArray, skipForeignKeyTriggers, verifyForeignKeys } from './demo.repo';
import { systemScope } from '../db/scope';
import { readSetting, writeSetting } from '../modules/settings/repo';
import { withTx } from '../db/tx';

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
    expect(
      await count(sql`SELECT count(*) n FROM task WHERE team_uid = ${teamUID} AND status = 'open'`),
    ).toBe(DEMO_TASKS.length);
    expect(
      await count(sql`SELECT count(*) n FROM task WHERE team_uid = ${teamUID} AND status = 'done'`),
    ).toBe(DEMO_DONE_TASKS.length);
    expect(await count(sql`SELECT count(*) n FROM task_template WHERE team_uid = ${teamUID}`)).toBe(
      DEMO_TASK_TEMPLATES.length,
    );
    // Message templates, each in a category and a type, and each passing the grammar's checks.
    const templates = await s.database.db.execute<{ body: string; c: string; t: string }>(sql`
      SELECT body, category_id c, type_id t FROM message_template WHERE team_uid = ${teamUID}`);
    expect(templates.rows).toHaveLength(DEMO_TEMPLATES.length);
    for (const row of templates.rows) {
      expect(checkTemplate(row.body)).toEqual([]);
      expect(row.c && row.t).toBeTruthy();
    }
    // Every stage but the placeholders sits in a phase that exists.
    expect(
      await count(sql`SELECT count(*) n FROM stage s WHERE s.team_uid = ${teamUID} AND s.idx > 0
        AND NOT EXISTS (SELECT 1 FROM pipeline_phase ph
          WHERE ph.team_uid = s.team_uid AND ph.phase_uid = s.phase)`),
    ).toBe(0);
  });

  it('gives the demo tasks their `task` activities on their contacts, completions at their times', async () => {
    const rows = await s.database.db.execute<{ action: string; n: string; late: string }>(sql`
      SELECT a.action, count(*) n,
             count(*) FILTER (WHERE a.action = 'completed' AND a.created_at <> t.completed_at) late
      FROM activity a JOIN task t ON t.team_uid = a.team_uid AND t.task_uid = a.ref_uid
      WHERE a.team_uid = ${teamUID} AND a.type = 'task' AND a.gtid = t.gtid
      GROUP BY a.action ORDER BY a.action`);
    expect(rows.rows.map((r) => [r.action, Number(r.n), Number(r.late)])).toEqual([
      ['completed', DEMO_DONE_TASKS.length, 0],
      ['created', DEMO_TASKS.length + DEMO_DONE_TASKS.length, 0],
    ]);
    // Messages logged from the composer on recent days, each naming its template.
    const messages = await s.database.db.execute<{ note: string; template: string }>(sql`
      SELECT a.note, a.data->>'templateName' AS template FROM activity a
      JOIN message_template m ON m.team_uid = a.team_uid AND m.template_uid = a.ref_uid
      WHERE a.team_uid = ${teamUID} AND a.type = 'message' AND a.action = 'sent'`);
    expect(messages.rows).toHaveLength(DEMO_MESSAGE_DAYS.length);
    for (const m of messages.rows) {
      expect(m.note).not.toMatch(/[{}]/);
      expect(m.template).toBeTruthy();
    }
    // The home dashboard: tasks done this week and a streak of active days from them.
    const client = await new TestClient(createApp(s)).signIn(DEMO_USER.email, DEMO_USER.password);
    const home = await client.api(`/api/teams/${teamUID}/dashboard/home`);
    expect(home.status).toBe(200);
    const body = home.body as { streak: { current: number; best: number } };
    expect(body.streak.current).toBeGreaterThanOrEqual(6);
    expect(body.streak.best).toBeGreaterThanOrEqual(body.streak.current);
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

  it('announces the demo on the home dashboard, and keeps announcements a super admin set', async () => {
    const scope = systemScope('test');
    expect(await readSetting(scope, s.database.db, 'dashboardData')).toEqual({
      announcements: [expect.objectContaining({ title: DEMO_ANNOUNCEMENT.title })],
    });
    const u = await startTestServices();
    try {
      const own = { announcements: [{ title: 'Our own news', text: 'Kept.' }] };
      await withTx(u.database, scope, (tx) => writeSetting(scope, tx.db, 'dashboardData', own));
      await seedDemo(u.database, u.auth, { contacts: 10 });
      expect(await readSetting(scope, u.database.db, 'dashboardData')).toEqual(own);
    } finally {
      await u.cleanup();
    }
  }, 60_000);
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

describe(`npm run demo -- --contacts N --stage-heavy (${ENGINE})`, () => {
  // In batches of 1,000 (4 transactions), so batching and the per-batch statistics run too.
  const N = 3_001;
  let t: TestServices;
  let team: string;
  let client: TestClient;
  const n = async (query: ReturnType<typeof sql>) =>
    Number((await t.database.db.execute<{ n: string }>(query)).rows[0]!.n);

  beforeAll(async () => {
    t = await startTestServices();
    const seeded = await seedDemo(t.database, t.auth, {
      contacts: N,
      stageHeavy: true,
      batchSize: 1_000,
    });
    expect(seeded).toMatchObject({ created: true, contacts: N });
    team = seeded.teamUID!;
    client = await new TestClient(createApp(t)).signIn(DEMO_USER.email, DEMO_USER.password);
  }, 180_000);
  afterAll(() => t?.cleanup());

  it('makes N contacts, each placed once, exactly half of them in one stage', async () => {
    expect(await n(sql`SELECT count(*) n FROM contact WHERE team_uid = ${team}`)).toBe(N);
    expect(await n(sql`SELECT count(*) n FROM contact_pipeline WHERE team_uid = ${team}`)).toBe(N);
    const r = await t.database.db.execute<{ name: string; idx: number; nick: string; n: string }>(
      sql`SELECT st.name, st.idx, p.nick_name nick, count(*) n FROM contact_pipeline cp
        JOIN stage st ON st.team_uid = cp.team_uid AND st.stage_uid = cp.stage_uid
        JOIN pipeline p ON p.team_uid = cp.team_uid AND p.pipeline_uid = cp.pipeline_uid
        WHERE cp.team_uid = ${team} GROUP BY st.name, st.idx, p.nick_name ORDER BY count(*) DESC`,
    );
    expect(r.rows[0]).toMatchObject({
      name: DEMO_PIPELINES[0]!.stages[0]!.name,
      nick: DEMO_PIPELINES[0]!.nickName,
      n: String(Math.floor(N / 2)),
    });
    // The other half is spread: every stage of every pipeline has cards.
    expect(r.rows).toHaveLength(DEMO_PIPELINES.reduce((k, p) => k + p.stages.length + 1, 0));
  });

  it('puts the bulk-loaded names in the typo dictionary: a misspelt last name finds its contacts', async () => {
    const name = [...LAST_NAMES].sort((a, b) => b.length - a.length)[0]!;
    const misspelt =
      `${name.slice(0, 3)}${name[3] === 'q' ? 'x' : 'q'}${name.slice(4)}`.toLowerCase();
    const res = await client.api('/v2', {
      method: 'POST',
      body: JSON.stringify({
        teamUID: team,
        searchObj: { text: misspelt },
        paging: { from: 0, size: 200 },
        options: { total: 'exact' },
      }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = (res.body as { data: { hits: { lastName: string }[]; total: { value: number } } })
      .data;
    const expected = await n(
      sql`SELECT count(*) n FROM contact WHERE team_uid = ${team} AND last_name = ${name}`,
    );
    expect(expected).toBeGreaterThan(0);
    expect(data.total.value).toBe(expected);
    expect(new Set(data.hits.map((h) => h.lastName))).toEqual(new Set([name]));
  });

  it('gives every contact its activities with the typed columns, and history to match', async () => {
    // initial (-2 min) and pipeline/added (-1 min) per contact, as the app writes them.
    expect(
      await n(sql`SELECT count(*) n FROM activity a JOIN contact c
        ON c.team_uid = a.team_uid AND c.gtid = a.gtid
        WHERE a.team_uid = ${team} AND a.type = 'initial' AND a.action = 'created'
          AND a.created_at_unix = (extract(epoch FROM c.created_at) * 1000)::bigint - 120000`),
    ).toBe(N);
    expect(
      await n(sql`SELECT count(*) n FROM activity a JOIN contact_pipeline cp
        ON cp.team_uid = a.team_uid AND cp.gtid = a.gtid AND cp.pipeline_uid = a.pipeline_uid
        JOIN stage st ON st.team_uid = a.team_uid AND st.stage_uid = a.stage_uid AND st.idx = 0
        WHERE a.team_uid = ${team} AND a.type = 'pipeline' AND a.action = 'added'`),
    ).toBe(N);
    // Typed columns: author, times (created_at = created_at_unix), stage moves name both ends.
    expect(
      await n(sql`SELECT count(*) n FROM activity WHERE team_uid = ${team}
        AND (created_by IS DISTINCT FROM ${DEMO_USER.name} OR created_by_uid IS NULL
          OR created_at_unix <> (extract(epoch FROM created_at) * 1000)::bigint)`),
    ).toBe(0);
    const moved = await n(sql`SELECT count(*) n FROM contact_pipeline cp
      JOIN stage st ON st.team_uid = cp.team_uid AND st.stage_uid = cp.stage_uid
      WHERE cp.team_uid = ${team} AND st.idx > 0`);
    expect(
      await n(sql`SELECT count(*) n FROM activity a JOIN contact_pipeline cp
        ON cp.team_uid = a.team_uid AND cp.gtid = a.gtid AND cp.stage_uid = a.stage_uid
        WHERE a.team_uid = ${team} AND a.type = 'stage' AND a.action = 'changed'
          AND a.data->>'to' = cp.stage_uid AND a.data->>'toName' IS NOT NULL
          AND a.created_at = cp.stage_changed_at`),
    ).toBe(moved);
    expect(await n(sql`SELECT count(*) n FROM stage_history WHERE team_uid = ${team}`)).toBe(
      N + moved,
    );
    // Notes have their activity.
    expect(
      await n(sql`SELECT count(*) n FROM note nt WHERE nt.team_uid = ${team} AND NOT EXISTS (
        SELECT 1 FROM activity a WHERE a.team_uid = nt.team_uid AND a.type = 'note'
          AND a.ref_uid = nt.note_uid AND a.note = nt.text)`),
    ).toBe(0);
  });

  it('records one change per contact, gap-free, and the team counter agrees', async () => {
    const head = await n(sql`SELECT seq n FROM team_counter WHERE team_uid = ${team}`);
    expect(await n(sql`SELECT count(*) n FROM change_log WHERE team_uid = ${team}`)).toBe(head);
    expect(await n(sql`SELECT max(seq) n FROM change_log WHERE team_uid = ${team}`)).toBe(head);
    expect(
      await n(sql`SELECT count(DISTINCT id) n FROM change_log
        WHERE team_uid = ${team} AND resource = 'contact' AND op = 'insert'`),
    ).toBe(N);
  });

  it('gives contacts found on Facebook their Facebook link, so a queued message reaches most of them', async () => {
    const rows = await t.database.db.execute<{ gtid: string; link: string | null }>(sql`
      SELECT gtid, profiles->>'facebook' AS link FROM contact
      WHERE team_uid = ${team} AND sources @> '["facebook"]'::jsonb`);
    const withLink = rows.rows.filter((r) => r.link);
    const without = rows.rows.filter((r) => !r.link);
    // A few have none, as in real data, so "has no profile link" shows on the demo too.
    expect(without.length).toBeGreaterThan(0);
    expect(without.length).toBeLessThan(rows.rows.length * 0.05);
    expect(withLink[0]!.link).toMatch(/^https:\/\/www\.facebook\.com\/[a-z]+\.[a-z]+\.\d+$/);
    const chosen = [...withLink.slice(0, 20), without[0]!];
    const preview = await client.api(`/api/teams/${team}/outreach/preview`, {
      method: 'POST',
      body: JSON.stringify({
        platform: 'facebook',
        GTIDs: chosen.map((r) => r.gtid),
        text: 'Hi {{firstName}}',
      }),
    });
    expect(preview.status).toBe(200);
    const previews = preview.body!.previews as { GTID: string; problem: string | null }[];
    expect(previews.filter((p) => p.problem === null)).toHaveLength(20);
    expect(previews.find((p) => p.GTID === without[0]!.gtid)?.problem).toMatch(
      /has no Facebook profile link$/,
    );
  });

  it('the board API, the pipeline list and the plan usage agree on the counts', async () => {
    const pipelines = (await client.api(`/api/teams/${team}/pipelines`)).body!.pipelines as {
      groupUID: string;
      isDefault: boolean;
      contactCount: number;
    }[];
    expect(pipelines.reduce((k, p) => k + p.contactCount, 0)).toBe(N);
    const billing = await client.api(`/api/teams/${team}/billing`);
    expect(billing.status).toBe(200);
    expect((billing.body!.usage as { contacts: number }).contacts).toBe(N);
    let biggest = { count: 0, stageUID: '', groupUID: '' };
    for (const p of pipelines) {
      const board = await client.api(`/api/teams/${team}/pipelines/${p.groupUID}/board?limit=5`);
      expect(board.status).toBe(200);
      const stages = board.body!.stages as { stageUID: string; count: number }[];
      expect(stages.reduce((k, st) => k + st.count, 0)).toBe(p.contactCount);
      for (const st of stages) {
        expect(st.count).toBe(
          await n(sql`SELECT count(*) n FROM contact_pipeline
            WHERE team_uid = ${team} AND stage_uid = ${st.stageUID}`),
        );
        if (st.count > biggest.count) biggest = { ...st, groupUID: p.groupUID };
      }
    }
    expect(biggest.count).toBe(Math.floor(N / 2));

    // The heavy stage pages through every card once, in position order; the keys are valid
    // fractional-index keys (a key fits between any two neighbours, as a drop needs).
    const gtids: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = await client.api(
        `/api/teams/${team}/pipelines/${biggest.groupUID}/stages/${biggest.stageUID}/contacts?limit=200${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.status).toBe(200);
      gtids.push(...(page.body!.contacts as { GTID: string }[]).map((c) => c.GTID));
      cursor = page.body!.nextCursor as string | null;
    }
    expect(new Set(gtids).size).toBe(biggest.count);
    const rows = await t.database.db.execute<{ gtid: string; position: string }>(sql`
      SELECT gtid, position FROM contact_pipeline
      WHERE team_uid = ${team} AND stage_uid = ${biggest.stageUID}
      ORDER BY position COLLATE "C", gtid COLLATE "C"`);
    expect(rows.rows.map((r) => r.gtid)).toEqual(gtids);
    const keys = rows.rows.map((r) => r.position);
    for (let i = 1; i < keys.length; i++) {
      const between = keyBetween(keys[i - 1]!, keys[i]!);
      expect(keys[i - 1]! < between && between < keys[i]!).toBe(true);
    }
  });

  it('in bulk-load mode, a row whose parent is missing still fails the batch', async () => {
    // The test databases run as a superuser, as embedded PGlite always does.
    const attempt = withTx(t.database, systemScope('test'), async (tx) => {
      expect(await skipForeignKeyTriggers(tx)).toBe(true);
      await tx.client.query(
        `INSERT INTO activity (team_uid, activity_uid, gtid, type, action, created_at_unix)
         VALUES ($1, 'act-orphan', 'no-such-contact-1', 'initial', 'created', 0)`,
        [team],
      );
      await verifyForeignKeys(tx, team);
    });
    await expect(attempt).rejects.toThrow(/1 rows of activity break/);
    expect(await n(sql`SELECT count(*) n FROM activity WHERE activity_uid = 'act-orphan'`)).toBe(0);
  });

  it('without bulk-load mode, the database checks every foreign key itself and agrees', async () => {
    const u = await startTestServices();
    try {
      const seeded = await seedDemo(u.database, u.auth, {
        contacts: 1_200,
        stageHeavy: true,
        batchSize: 500,
        bulkLoad: false,
      });
      const r = await u.database.pool.query<{ n: string }>(
        `SELECT count(*) n FROM contact_pipeline WHERE team_uid = $1`,
        [seeded.teamUID],
      );
      expect(Number(r.rows[0]!.n)).toBe(1_200);
    } finally {
      await u.cleanup();
    }
  }, 120_000);

  it('sends column arrays that survive quotes, backslashes, commas, braces and NULL', async () => {
    const values = ['plain', 'a "quoted" word', 'back\\slash', 'comma, {brace}', '', 'NULL', null];
    const r = await t.database.pool.query<{ a: (string | null)[] }>('SELECT $1::text[] a', [
      pgArray(values),
    ]);
    expect(r.rows[0]!.a).toEqual(values);
    const nums = await t.database.pool.query<{ a: string[] }>('SELECT $1::bigint[] a', [
      pgArray([1_700_000_000_123, 0]),
    ]);
    expect(nums.rows[0]!.a).toEqual(['1700000000123', '0']);
  });
});
