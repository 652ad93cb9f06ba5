import { sql } from 'drizzle-orm';
import {
  defaultExportColumns,
  EXPORT_COLUMNS,
  exportRequestSchema,
  parseCsv,
  SEARCH_MAX_SIZE,
  type ExportRequestInput,
  type SearchAnswer,
  type SearchRequestInput,
} from '@leadloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../http/app';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import { ownerWithTeam, addPipeline, addContacts } from '../../test/team-fixtures';
import { teamScopeFor } from '../../scope/team-scope';
import { seedSearchTeam, type SearchSeed } from '../search/search-fixtures';
import type { TestClient } from '../../test/http-client';
import { exportContacts } from './service';

let s: TestServices;
let seed: SearchSeed;
let tagNames: Map<string, string>;
let stageNames: Map<string, string>;

beforeAll(async () => {
  s = await startTestServices();
  seed = await seedSearchTeam(s);
  const tags = await s.database.db.execute<{ tag_id: string; name: string }>(
    sql`SELECT tag_id, name FROM tag WHERE team_uid = ${seed.teamUID}`,
  );
  tagNames = new Map(tags.rows.map((t) => [t.tag_id, t.name]));
  const stages = await s.database.db.execute<{ stage_uid: string; name: string }>(
    sql`SELECT stage_uid, name FROM stage WHERE team_uid = ${seed.teamUID}`,
  );
  stageNames = new Map(stages.rows.map((t) => [t.stage_uid, t.name]));
}, 120_000);
afterAll(() => s.cleanup());

const exportPath = (teamUID: string) => `/api/teams/${teamUID}/contacts/export`;

/** The raw answer of the export route: status, headers and body text. */
async function exportRaw(client: TestClient, teamUID: string, body: unknown) {
  const res = await client.api(exportPath(teamUID), {
    method: 'POST',
    body: JSON.stringify(body),
  });
  return res;
}

async function exportRows(body: ExportRequestInput, client = seed.owner.client) {
  const res = await exportRaw(client, seed.teamUID, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  // (The BOM is checked on the bytes above; decoding the answer as text drops it.)
  const text = (res.body as { text: string }).text;
  const [header, ...rows] = parseCsv(text);
  const columns =
    body.columns ?? defaultExportColumns(Boolean(body.pipelineUID ?? body.searchObj?.pipelineUID));
  expect(header).toEqual(columns.map((k) => EXPORT_COLUMNS[k].header));
  return rows;
}

async function searchAll(body: Omit<SearchRequestInput, 'teamUID'>, client = seed.owner.client) {
  const res = await client.api('/v2', {
    method: 'POST',
    body: JSON.stringify({
      teamUID: seed.teamUID,
      paging: { from: 0, size: SEARCH_MAX_SIZE },
      options: { total: 'exact' },
      ...body,
    }),
  });
  expect(res.status).toBe(200);
  const data = (res.body as { data: SearchAnswer }).data;
  expect(data.total.value).toBeLessThanOrEqual(SEARCH_MAX_SIZE);
  return data.hits;
}

const p = (i: number) => seed.pipelines[i]!;

describe(`POST /api/teams/:teamUID/contacts/export (${ENGINE})`, () => {
  it('answers a CSV attachment named after today', async () => {
    const res = await createApp(s).request(exportPath(seed.teamUID), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${seed.owner.client.token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ columns: ['name'] }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="leadloom-contacts-${today}.csv"`,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('writes exactly the contacts /v2 finds for a filter, in its order, with names not ids', async () => {
    const filters: ExportRequestInput[] = [
      {},
      { searchObj: { pipelineUID: p(0).pipelineUID } },
      { searchObj: { text: 'nightinzale' } },
      { searchObj: { tags: { any: [seed.globalTags[0]!] } }, sort: { field: 'name' } },
      { searchObj: { hasEmail: true }, sort: { field: 'dealValue', direction: 'desc' } },
      {
        searchObj: { pipelineUID: p(1).pipelineUID, stageUIDs: [p(1).stages[1]!.stageUID] },
        sort: { field: 'stage', direction: 'asc' },
      },
    ];
    for (const body of filters) {
      const columns = ['id', 'tags', 'statusLabel', 'stage', 'createdAt', 'email'] as const;
      const rows = await exportRows({ ...body, columns: [...columns] });
      const hits = await searchAll({
        ...(body.searchObj ? { searchObj: body.searchObj } : {}),
        ...(body.sort ? { sort: body.sort } : {}),
      });
      expect(
        rows.map((r) => r[0]),
        JSON.stringify(body),
      ).toEqual(hits.map((h) => h.GTID));
      const onePipeline = body.searchObj?.pipelineUID;
      rows.forEach((row, i) => {
        const hit = hits[i]!;
        const tags = hit.tagIDs.map((t) => tagNames.get(t)!).sort();
        expect(row[1]!.split('; ').filter(Boolean).sort()).toEqual(tags);
        const label = seed.labels.find((l) => l.labelUID === hit.statusLabelUID)?.display ?? '';
        expect(row[2]).toBe(label);
        if (onePipeline) {
          const placement = hit.pipelines.find((pl) => pl.pipelineUID === onePipeline)!;
          expect(row[3]).toBe(stageNames.get(placement.stageUID));
        }
        expect(row[4]).toBe(hit.createdAt);
        expect(row[4]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
        expect(row[5]).toBe(hit.emailAddress ?? '');
      });
    }
  });

  it("a member's export holds no contact of a pipeline they cannot see", async () => {
    const rows = await exportRows({ columns: ['id'] }, seed.member);
    const hits = await searchAll({}, seed.member);
    expect(rows.map((r) => r[0])).toEqual(hits.map((h) => h.GTID));
    const hiddenOnly = seed.contacts.filter(
      (c) =>
        c.placements.length > 0 &&
        c.placements.every((pl) => pl.pipelineUID === seed.hiddenPipelineUID),
    );
    expect(hiddenOnly.length).toBeGreaterThan(0);
    const got = new Set(rows.map((r) => r[0]));
    for (const c of hiddenOnly) expect(got.has(c.gtid)).toBe(false);
    const res = await exportRaw(seed.member, seed.teamUID, {
      searchObj: { pipelineUID: seed.hiddenPipelineUID },
    });
    expect(res.status).toBe(404);
  });

  it('pages through the search with a small page size and gives the same file', async () => {
    const scope = await teamScopeFor(s.database, seed.owner.uid, seed.teamUID);
    for (const body of [
      { columns: ['id', 'name'] },
      { columns: ['id'], sort: { field: 'name', direction: 'desc' } },
      { columns: ['id'], searchObj: { text: 'al' } },
      { columns: ['id'], sort: { field: 'lastActivityAt' } },
    ] satisfies ExportRequestInput[]) {
      const req = exportRequestSchema.parse(body);
      let pages = 0;
      const small = await new Response(
        await exportContacts(s.database, scope, req, { pageSize: 7, onPage: () => pages++ }),
      ).text();
      const whole = await new Response(await exportContacts(s.database, scope, req)).text();
      expect(small).toBe(whole);
      expect(pages).toBe(Math.floor((parseCsv(whole).length - 1) / 7) + 1);
    }
  });

  it('reads a page only when the reader asks for more (memory stays one page)', async () => {
    const scope = await teamScopeFor(s.database, seed.owner.uid, seed.teamUID);
    let pages = 0;
    const stream = await exportContacts(s.database, scope, exportRequestSchema.parse({}), {
      pageSize: 5,
      onPage: () => pages++,
    });
    expect(pages).toBe(1);
    const reader = stream.getReader();
    await reader.read();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pages).toBe(1);
    await reader.read();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pages).toBe(2);
    await reader.cancel();
  });

  it('escapes formula cells end to end, keeps accents, quotes commas and quotes', async () => {
    const team = await ownerWithTeam(s, 'export-formula@example.com');
    await s.database.db.execute(sql`
      INSERT INTO contact (team_uid, gtid, full_name, first_name, email_address, phone_number, profiles)
      VALUES (${team.teamUID}, 'evil-1', '=HYPERLINK("http://x","a, b")', 'Zoë', '@evil.io',
        '+1 555 0100', ${JSON.stringify({ facebook: '-2+3+cmd|calc' })}::jsonb)`);
    const res = await exportRaw(team.client, team.teamUID, {
      columns: ['name', 'firstName', 'email', 'phone', 'facebook'],
    });
    expect(res.status).toBe(200);
    const text = (res.body as { text: string }).text;
    expect(text).toContain(
      `"'=HYPERLINK(""http://x"",""a, b"")",Zoë,'@evil.io,'+1 555 0100,'-2+3+cmd|calc\r\n`,
    );
    expect(parseCsv(text)[1]).toEqual([
      `'=HYPERLINK("http://x","a, b")`,
      'Zoë',
      `'@evil.io`,
      `'+1 555 0100`,
      `'-2+3+cmd|calc`,
    ]);
  });

  it('writes every matching contact past 10,000 (beyond the search window)', async () => {
    const team = await ownerWithTeam(s, 'export-big@example.com');
    const pl = await addPipeline(s, team.teamUID, 'Big');
    const n = 10_050;
    await s.database.db.execute(sql`
      INSERT INTO contact (team_uid, gtid, full_name, created_at)
      SELECT ${team.teamUID}, 'big-' || g, 'Big ' || g, now() - (g || ' seconds')::interval
      FROM generate_series(1, ${n}) g`);
    await s.database.db.execute(sql`
      INSERT INTO contact_pipeline (team_uid, gtid, pipeline_uid, stage_uid, position)
      SELECT ${team.teamUID}, 'big-' || g, ${pl.pipelineUID}, ${pl.stageUID}, 'a' || g
      FROM generate_series(1, ${n}) g WHERE g % 2 = 0`);
    const res = await exportRaw(team.client, team.teamUID, { columns: ['id', 'stage'] });
    expect(res.status).toBe(200);
    const [, ...rows] = parseCsv((res.body as { text: string }).text);
    expect(rows).toHaveLength(n);
    // Newest first: big-1 is the newest.
    expect(rows.map((r) => r[0])).toEqual(Array.from({ length: n }, (_, i) => `big-${i + 1}`));
    expect(rows[1]).toEqual(['big-2', 'Big: Set Stage...']);
    expect(rows[0]).toEqual(['big-1', '']);
    const inPipeline = await exportRaw(team.client, team.teamUID, {
      searchObj: { pipelineUID: pl.pipelineUID },
      columns: ['id', 'stage'],
    });
    const [, ...placed] = parseCsv((inPipeline.body as { text: string }).text);
    expect(placed).toHaveLength(n / 2);
    expect(placed[0]).toEqual(['big-2', 'Set Stage...']);
  }, 120_000);

  it("writes the pipeline's answers one column per question, as /v2 shows them", async () => {
    for (const body of [
      { searchObj: { pipelineUID: p(0).pipelineUID }, sort: { field: 'name' } },
      { searchObj: { pipelineUID: p(1).pipelineUID, text: 'al' } },
      // The pipeline of the columns without filtering on it: /v2 with that pipeline's filter
      // gives those contacts' answers.
      { pipelineUID: p(0).pipelineUID, searchObj: { hasEmail: true } },
    ] satisfies ExportRequestInput[]) {
      const res = await exportRaw(seed.owner.client, seed.teamUID, {
        ...body,
        columns: ['id', 'answers', 'name'],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const [header, ...rows] = parseCsv((res.body as { text: string }).text);
      const questions = header!.slice(1, -1);
      expect(header![0]).toBe('ID');
      expect(header!.at(-1)).toBe('Name');
      const pipelineUID = body.pipelineUID ?? body.searchObj.pipelineUID!;
      const hits = await searchAll({
        searchObj: { ...body.searchObj, pipelineUID },
        ...('sort' in body ? { sort: body.sort } : {}),
      });
      const answersOf = new Map(hits.map((h) => [h.GTID, h.answers]));
      // Every question some exported contact answered has its column, and no other.
      const exported = new Set(rows.map((r) => r[0]!));
      const answered = new Set(
        [...answersOf]
          .filter(([g]) => exported.has(g))
          .flatMap(([, a]) => a.map((x) => x.question)),
      );
      expect(answered.size).toBeGreaterThan(0);
      expect(new Set(questions)).toEqual(answered);
      expect(questions).toHaveLength(answered.size);
      let withAnswers = 0;
      for (const row of rows) {
        const answers = answersOf.get(row[0]!);
        if (!('pipelineUID' in body)) expect(answers, row[0]).toBeDefined();
        const want = Object.fromEntries(questions.map((q) => [q, '']));
        for (const a of answers ?? []) want[a.question] = a.answer;
        if ((answers ?? []).length > 0) withAnswers++;
        expect(Object.fromEntries(questions.map((q, i) => [q, row[i + 1]]))).toEqual(want);
      }
      expect(withAnswers).toBeGreaterThan(0);
    }
  });

  it('heads a team question by its current text, merges free answers to it, escapes answers', async () => {
    const team = await ownerWithTeam(s, 'export-answers@example.com');
    const pl = await addPipeline(s, team.teamUID, 'Groups');
    const [a, b] = await addContacts(s, team.teamUID, 3, [pl]);
    await s.database.db.execute(sql`
      INSERT INTO team_question (team_uid, question_uid, kind, question, "order") VALUES
        (${team.teamUID}, 'q-role', 'live', 'What is your role?', 1),
        (${team.teamUID}, 'q-budget', 'live', 'Budget?', 0),
        (${team.teamUID}, 'q-unused', 'live', 'Never asked?', 2)`);
    const answer = (gtid: string, k: number, uid: string | null, q: string, text: string) => sql`
      (${team.teamUID}, ${`an-${gtid}-${k}`}, ${gtid}, ${pl.pipelineUID}, ${uid}, ${q}, ${text}, ${k})`;
    await s.database.db.execute(sql`
      INSERT INTO answer (team_uid, answer_uid, gtid, pipeline_uid, question_uid, question, answer, "order")
      VALUES ${sql.join(
        [
          // Answered before the question was reworded: filed under its current text.
          answer(a!, 0, 'q-role', 'Role?', 'CTO'),
          answer(a!, 1, null, 'How did you hear of us?', '=cmd|calc'),
          // A free answer whose question is a team question's text: that question's column.
          answer(b!, 0, null, 'Budget? ', '12,000 "approved"'),
          answer(b!, 1, 'q-role', 'What is your role?', '   '),
        ],
        sql`, `,
      )}`);
    const res = await exportRaw(team.client, team.teamUID, {
      searchObj: { pipelineUID: pl.pipelineUID },
      sort: { field: 'name' },
      columns: ['name', 'answers'],
    });
    expect(res.status).toBe(200);
    const text = (res.body as { text: string }).text;
    expect(parseCsv(text)).toEqual([
      ['Name', 'Budget?', 'What is your role?', 'How did you hear of us?'],
      ['Contact 0', '', 'CTO', `'=cmd|calc`],
      ['Contact 1', '12,000 "approved"', '', ''],
      ['Contact 2', '', '', ''],
    ]);
    expect(text).toContain(`Contact 1,"12,000 ""approved""",,\r\n`);
    // The board's export (no columns named) carries the answers after the deal value.
    const all = await exportRaw(team.client, team.teamUID, { pipelineUID: pl.pipelineUID });
    const header = parseCsv((all.body as { text: string }).text)[0]!;
    expect(header.slice(header.indexOf('Deal value') + 1, header.indexOf('Tags'))).toEqual([
      'Budget?',
      'What is your role?',
      'How did you hear of us?',
    ]);
    // Without a pipeline there are no answers: no answer columns by default, a 400 when asked.
    const none = parseCsv(
      ((await exportRaw(team.client, team.teamUID, {})).body as { text: string }).text,
    )[0]!;
    expect(none).not.toContain('Budget?');
    expect(none).toHaveLength(defaultExportColumns(false).length);
  });

  it('400 naming the field for a body off the schema', async () => {
    const cases: [unknown, string][] = [
      [{ columns: ['name', 'password'] }, 'columns.1'],
      [{ searchObj: { hasEmail: 'yes' } }, 'searchObj.hasEmail'],
      [{ sort: { field: 'stage' } }, 'sort.field'],
      [{ columns: ['name', 'answers'] }, 'columns.1'],
      [
        { pipelineUID: p(0).pipelineUID, searchObj: { pipelineUID: p(1).pipelineUID } },
        'pipelineUID',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await exportRaw(seed.owner.client, seed.teamUID, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.body as { error: { field: string } }).error.field).toBe(field);
    }
  });

  it("another team's export is 404, an unknown pipeline is 404, no sign-in is 401", async () => {
    const other = await exportRaw(seed.other.client, seed.teamUID, {});
    expect(other.status).toBe(404);
    const unknown = await exportRaw(seed.owner.client, seed.teamUID, {
      pipelineUID: seed.pipelines[0]!.pipelineUID + 'x',
    });
    expect(unknown.status).toBe(404);
    const anonymous = await createApp(s).request(exportPath(seed.teamUID), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(anonymous.status).toBe(401);
  });
});
