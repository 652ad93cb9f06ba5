import fc from 'fast-check';
import {
  encodeSearchCursor,
  searchDocument,
  SEARCH_MAX_SIZE,
  searchRequestSchema,
  type SearchAnswer,
  type SearchRequestInput,
} from '@leadloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../http/app';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import { TestClient } from '../../test/http-client';
import { ownerWithTeam } from '../../test/team-fixtures';
import { modelAnswers, modelSearch, seedSearchTeam, type SearchSeed } from './search-fixtures';

let s: TestServices;
let seed: SearchSeed;

beforeAll(async () => {
  s = await startTestServices();
  seed = await seedSearchTeam(s);
}, 120_000);
afterAll(() => s.cleanup());

type Body = Omit<SearchRequestInput, 'teamUID'> & { teamUID?: string };

async function post(body: Body, client: TestClient = seed.owner.client) {
  const res = await client.api('/v2', {
    method: 'POST',
    body: JSON.stringify({ teamUID: seed.teamUID, ...body }),
  });
  return res as {
    status: number;
    body: { data: SearchAnswer; error?: never } & Record<string, unknown>;
  };
}

/** Asks /v2 and the in-memory model the same question; they must agree on hits and total. */
async function agrees(body: Body, who: 'owner' | 'member' = 'owner') {
  const client = who === 'owner' ? seed.owner.client : seed.member;
  const res = await post({ paging: { from: 0, size: SEARCH_MAX_SIZE }, ...body }, client);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const req = searchRequestSchema.parse({ teamUID: seed.teamUID, ...body });
  const expected = modelSearch(seed, who === 'owner' ? 'all' : seed.memberPipelines, req);
  const got = res.body.data.hits.map((h) => h.GTID);
  expect(res.body.data.total).toEqual({ value: expected.gtids.length, relation: 'eq' });
  expect(got).toEqual(expected.gtids);
  return { got, data: res.body.data };
}

const p = (i: number) => seed.pipelines[i]!;

describe(`POST /v2 search (${ENGINE})`, () => {
  it('answers every visible contact of the team, newest first, when nothing is asked', async () => {
    const { got } = await agrees({});
    expect(got).toHaveLength(seed.contacts.length);
    expect(got.some((g) => seed.otherContacts.includes(g))).toBe(false);
  });

  it('free text: prefixes of first and last names, e-mail words, phone digits, handles', async () => {
    for (const text of ['al', 'pem', 'Pemberton', 'humph sincl', 'ex.io', 'io', '555', '(555)']) {
      const { got } = await agrees({ searchObj: { text } });
      expect(got.length, text).toBeGreaterThan(0);
    }
    // A whole handle: its owner first (relevance); close ones (same name) may follow.
    const withHandle = seed.contacts.find((c) => c.profiles.instagram)!;
    const handle = withHandle.profiles.instagram!.split('/').at(-2)!;
    const res = await post({ searchObj: { text: handle } });
    expect(res.body.data.hits[0]!.GTID).toBe(withHandle.gtid);
    const { got } = await agrees({ searchObj: { text: handle.slice(0, 6) } });
    expect(got).toContain(withHandle.gtid);
  });

  it('free text tolerates a typo in a long word', async () => {
    const { got } = await agrees({ searchObj: { text: 'nightinzale' } });
    expect(got.length).toBeGreaterThan(0);
    const exact = await agrees({ searchObj: { text: 'nightingale' } });
    expect([...got].sort()).toEqual([...exact.got].sort());
  });

  it("forgives a typo in a name, not in an e-mail or a handle; a new or renamed contact's name at once", async () => {
    const own = await ownerWithTeam(s, 'search-typo-owner@example.com');
    const res = await own.client.api(`/api/teams/${own.teamUID}/contacts`, {
      method: 'POST',
      body: JSON.stringify({
        firstName: 'Maximiliane',
        lastName: 'Ng',
        emailAddress: 'quartermaster@mail.test',
        profiles: { instagram: 'https://www.instagram.com/thunderbolts' },
      }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const gtid = (res.body!.contact as { GTID: string }).GTID;
    const text = async (t: string) => {
      const r = await post({ teamUID: own.teamUID, searchObj: { text: t } }, own.client);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data.hits.map((h) => h.GTID);
    };
    expect(await text('maximiliame')).toEqual([gtid]);
    expect(await text('maximiliame ng')).toEqual([gtid]);
    expect(await text('quartermaster')).toEqual([gtid]);
    expect(await text('thunderbolts')).toEqual([gtid]);
    expect(await text('quartermaater')).toEqual([]);
    expect(await text('thunderbolta')).toEqual([]);
    // Renamed: the new name is forgiven its typos, as typed; the old one no longer matches.
    const renamed = await own.client.api(`/api/teams/${own.teamUID}/contacts/${gtid}`, {
      method: 'PATCH',
      body: JSON.stringify({ firstName: 'Wilhelmina' }),
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(await text('wilhelmima')).toEqual([gtid]);
    expect(await text('wilhelm')).toEqual([gtid]);
    expect(await text('maximiliame')).toEqual([]);
  });

  it('free text that matches nothing answers no hits and a total of 0', async () => {
    const { data } = await agrees({ searchObj: { text: 'zzqqxxww' } });
    expect(data.hits).toEqual([]);
    expect(data.searchAfter).toBeNull();
  });

  it('filters by pipeline, stage, status label, source, e-mail and phone presence', async () => {
    await agrees({ searchObj: { pipelineUID: p(1).pipelineUID } });
    await agrees({
      searchObj: { stageUIDs: [p(0).stages[1]!.stageUID, p(1).stages[2]!.stageUID] },
    });
    await agrees({
      searchObj: { pipelineUID: p(0).pipelineUID, stageUIDs: [p(0).stages[0]!.stageUID] },
    });
    await agrees({ searchObj: { statusLabels: [seed.labels[0]!.labelUID] } });
    await agrees({ searchObj: { statusLabels: [null, seed.labels[2]!.labelUID] } });
    await agrees({ searchObj: { sources: ['instagram', 'linkedin'] } });
    await agrees({ searchObj: { hasEmail: true } });
    await agrees({ searchObj: { hasEmail: false, hasPhone: true } });
  });

  it('filters by GTIDs (the rows a screen re-reads), with the other filters and the sort', async () => {
    const some = seed.contacts.filter((_, i) => i % 7 === 0).map((c) => c.gtid);
    const { got } = await agrees({ searchObj: { GTIDs: some } });
    expect(got.length).toBe(some.length);
    await agrees({ searchObj: { GTIDs: some, hasEmail: true }, sort: { field: 'name' } });
    await agrees({ searchObj: { GTIDs: some, pipelineUID: p(0).pipelineUID } });
    // A GTID of another team or of a contact the member may not see is simply not found.
    const hidden = seed.contacts.find(
      (c) =>
        c.placements.length > 0 &&
        c.placements.every((pl) => pl.pipelineUID === seed.hiddenPipelineUID),
    )!;
    const mine = await agrees({ searchObj: { GTIDs: [hidden.gtid, some[0]!] } }, 'member');
    expect(mine.got).not.toContain(hidden.gtid);
    const other = await agrees({ searchObj: { GTIDs: [seed.otherContacts[0]!] } });
    expect(other.got).toEqual([]);
  });

  it('filters by tags: any, all, none (global and pipeline tags)', async () => {
    const [g0, g1] = seed.globalTags;
    const pt = seed.pipelineTags[0]!.tagID;
    const any = await agrees({ searchObj: { tags: { any: [g0!, pt] } } });
    const all = await agrees({ searchObj: { tags: { all: [g0!, g1!] } } });
    const none = await agrees({ searchObj: { tags: { none: [g0!] } } });
    expect(any.got.length).toBeGreaterThan(all.got.length);
    expect(none.got.length).toBeGreaterThan(0);
  });

  it('filters by created and last-activity dates (the latter with or without "never")', async () => {
    await agrees({
      searchObj: { createdAt: { from: '2026-03-01T00:00:00Z', to: '2026-06-01T00:00:00Z' } },
    });
    const some = await agrees({ searchObj: { lastActivityAt: { to: '2026-05-01T00:00:00Z' } } });
    const withNever = await agrees({
      searchObj: { lastActivityAt: { to: '2026-05-01T00:00:00Z', includeEmpty: true } },
    });
    expect(withNever.got.length).toBeGreaterThan(some.got.length);
  });

  it('filters by deal value (open and won deals of the pipelines searched)', async () => {
    await agrees({ searchObj: { dealValue: { min: 500 } } });
    await agrees({
      searchObj: { dealValue: { min: 100, max: 900 }, pipelineUID: p(0).pipelineUID },
    });
    await agrees({ searchObj: { dealValue: { max: 0 } } });
  });

  it('sorts on every field, both ways', async () => {
    const fields = [
      'name',
      'email',
      'phone',
      'createdAt',
      'lastActivityAt',
      'statusLabel',
      'source',
      'dealValue',
    ] as const;
    for (const field of fields) {
      for (const direction of ['asc', 'desc'] as const) {
        await agrees({ sort: { field, direction } });
      }
    }
    for (const direction of ['asc', 'desc'] as const) {
      await agrees({
        sort: { field: 'stage', direction },
        searchObj: { pipelineUID: p(1).pipelineUID },
      });
    }
  });

  it('ranks by relevance when there is text: whole-prefix matches first', async () => {
    const { data } = await agrees({ searchObj: { text: 'nightingale' } });
    expect(data.hits.length).toBeGreaterThan(0);
    const typo = await post({ searchObj: { text: 'nightinzale' } });
    expect(typo.body.data.hits.map((h) => h.GTID).sort()).toEqual(
      data.hits.map((h) => h.GTID).sort(),
    );
  });

  it('isPipelineInitial searches the default pipeline and names it', async () => {
    const { data } = await agrees({
      isPipelineInitial: true,
      sort: { field: 'stage', direction: 'asc' },
    });
    expect(data.pipelineUID).toBe(p(0).pipelineUID);
  });

  it("hits carry the contact's answers in the pipeline searched, blank ones left out", async () => {
    const byGtid = new Map(seed.contacts.map((c) => [c.gtid, c]));
    for (const body of [
      { searchObj: { pipelineUID: p(1).pipelineUID } },
      { isPipelineInitial: true },
    ] satisfies Body[]) {
      const { data } = await agrees(body);
      const expected = data.hits.map((h) => modelAnswers(byGtid.get(h.GTID)!, data.pipelineUID));
      expect(data.hits.map((h) => h.answers)).toEqual(expected);
      // The seed gives answers to many contacts, and blank ones to some.
      expect(expected.filter((a) => a.length > 0).length).toBeGreaterThan(5);
      expect(
        data.hits.some((h) =>
          byGtid
            .get(h.GTID)!
            .answers.some((a) => a.pipelineUID === data.pipelineUID && !a.answer.trim()),
        ),
      ).toBe(true);
      for (const h of data.hits) {
        expect(h.answers.every((a) => a.answer.includes(data.pipelineUID!))).toBe(true);
      }
    }
    // No pipeline searched: no answers (they belong to one pipeline).
    const { data } = await agrees({});
    expect(data.hits.every((h) => h.answers.length === 0)).toBe(true);
    // A member searching the pipeline they cannot see gets nothing, answers included: not found.
    const hidden = await post({ searchObj: { pipelineUID: seed.hiddenPipelineUID } }, seed.member);
    expect(hidden.status).toBe(404);
    expect(hidden.body.data).toBeUndefined();
  });

  it('pages with from/size and continues with searchAfter in the same order', async () => {
    const all = await agrees({ sort: { field: 'name', direction: 'asc' } });
    const page1 = await post({
      sort: { field: 'name', direction: 'asc' },
      paging: { from: 0, size: 7 },
    });
    const page2 = await post({
      sort: { field: 'name', direction: 'asc' },
      paging: { from: 7, size: 7 },
    });
    expect(page1.body.data.hits.map((h) => h.GTID)).toEqual(all.got.slice(0, 7));
    expect(page2.body.data.hits.map((h) => h.GTID)).toEqual(all.got.slice(7, 14));
    expect(page1.body.data.total).toEqual({ value: all.got.length, relation: 'eq' });

    for (const field of [
      'name',
      'createdAt',
      'lastActivityAt',
      'dealValue',
      'relevance',
    ] as const) {
      const sort = { field, direction: 'desc' as const };
      const searchObj = field === 'relevance' ? { text: 'a' } : {};
      const whole = await post({ sort, searchObj, paging: { from: 0, size: 200 } });
      const walked: string[] = [];
      let after: string | null | undefined;
      do {
        const page: { status: number; body: { data: SearchAnswer } } = await post({
          sort,
          searchObj,
          paging: { from: 0, size: 9, ...(after ? { searchAfter: after } : {}) },
        });
        expect(page.status).toBe(200);
        walked.push(...page.body.data.hits.map((h) => h.GTID));
        after = page.body.data.searchAfter;
      } while (after);
      expect(walked, field).toEqual(whole.body.data.hits.map((h) => h.GTID));
    }
  });

  it('answers hits with visible placements, tags and deal value only', async () => {
    const res = await post({ paging: { from: 0, size: 200 } }, seed.member);
    expect(res.status).toBe(200);
    for (const h of res.body.data.hits) {
      expect(h.pipelines.every((x) => x.pipelineUID !== seed.hiddenPipelineUID)).toBe(true);
      const c = seed.contacts.find((x) => x.gtid === h.GTID)!;
      const hiddenTags = c.tags
        .filter((t) => t.pipelineUID === seed.hiddenPipelineUID)
        .map((t) => t.tagID);
      expect(h.tagIDs.filter((t) => hiddenTags.includes(t))).toEqual([]);
    }
  });

  it('a member never sees a contact only in a pipeline they cannot see, whatever they filter', async () => {
    const hiddenOnly = seed.contacts.filter(
      (c) =>
        c.placements.length > 0 &&
        c.placements.every((x) => x.pipelineUID === seed.hiddenPipelineUID),
    );
    expect(hiddenOnly.length).toBeGreaterThan(0);
    const hiddenStage = p(2).stages[0]!.stageUID;
    const hiddenTag = seed.pipelineTags[2]!.tagID;
    for (const searchObj of [
      {},
      { stageUIDs: [hiddenStage] },
      { tags: { any: [hiddenTag] } },
      { text: hiddenOnly[0]!.lastName },
    ]) {
      const { got } = await agrees({ searchObj }, 'member');
      expect(got.filter((g) => hiddenOnly.some((c) => c.gtid === g))).toEqual([]);
    }
    // Filtering by the invisible pipeline finds nothing, even contacts also in a visible one: the
    // pipeline is not found, as on every other route.
    const hidden = await post({ searchObj: { pipelineUID: seed.hiddenPipelineUID } }, seed.member);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({
      error: { status: 'not-found', message: 'Pipeline not found', field: 'searchObj.pipelineUID' },
    });
  });

  it('marks a total past the bound as an estimate, and counts exactly when asked', async () => {
    // Past 10,000 needs a big team; here the contract: a small total is exact either way.
    const auto = await post({ options: { total: 'auto' } });
    const exact = await post({ options: { total: 'exact' } });
    expect(auto.body.data.total).toEqual({ value: seed.contacts.length, relation: 'eq' });
    expect(exact.body.data.total).toEqual(auto.body.data.total);
  });

  it("total 'none' (the palette's) counts nothing: at least the hits shown, exact on the last page", async () => {
    const n = seed.contacts.length;
    const all = await agrees({});
    const none = (paging: Body['paging']) =>
      post({ paging, options: { total: 'none' } }).then((r) => {
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        return r.body.data;
      });
    // A full page: at least up to its end; the same hits as when counted.
    const first = await none({ from: 0, size: 5 });
    expect(first.total).toEqual({ value: 5, relation: 'gte' });
    expect(first.hits.map((h) => h.GTID)).toEqual(all.got.slice(0, 5));
    expect((await none({ from: 10, size: 5 })).total).toEqual({ value: 15, relation: 'gte' });
    // After a cursor: the hits of the page alone.
    const next = await none({ from: 0, size: 5, searchAfter: first.searchAfter! });
    expect(next.total).toEqual({ value: 5, relation: 'gte' });
    expect(next.hits.map((h) => h.GTID)).toEqual(all.got.slice(5, 10));
    // The last page, short: exact. Past the end: nothing proven.
    expect((await none({ from: n - 2, size: 5 })).total).toEqual({ value: n, relation: 'eq' });
    expect((await none({ from: n + 3, size: 5 })).total).toEqual({ value: 0, relation: 'gte' });
    expect((await none({ from: 0, size: SEARCH_MAX_SIZE })).total).toEqual({
      value: n,
      relation: 'eq',
    });
  });
});

describe(`contact.search_doc (${ENGINE})`, () => {
  it('the database builds the same searchable words as core searchDocument', async () => {
    const ascii = fc.string({
      unit: fc.constantFrom(..."aZ09 .-_@+()/?#='%\\\tÉé".split('')),
      maxLength: 24,
    });
    const contact = fc.record({
      firstName: ascii,
      lastName: ascii,
      fullName: ascii,
      emailAddress: fc.option(ascii, { nil: null }),
      phoneNumber: fc.option(ascii, { nil: null }),
      profiles: fc.dictionary(fc.constantFrom('facebook', 'instagram', 'linkedin', 'x'), ascii),
    });
    await fc.assert(
      fc.asyncProperty(contact, async (c) => {
        const r = await s.database.pool.query<{ doc: string }>(
          `SELECT contact_search_doc($1, $2, $3, $4, $5, $6::jsonb) AS doc`,
          [
            c.firstName,
            c.lastName,
            c.fullName,
            c.emailAddress,
            c.phoneNumber,
            JSON.stringify(c.profiles),
          ],
        );
        expect(r.rows[0]!.doc).toBe(searchDocument(c));
      }),
      { numRuns: 150 },
    );
  });
});

describe(`POST /v2 errors (${ENGINE})`, () => {
  it('not signed in: 403 permission-denied "User not logged in"', async () => {
    const res = await new TestClient(createApp(s)).api('/v2', {
      method: 'POST',
      body: JSON.stringify({ teamUID: seed.teamUID }),
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: { status: 'permission-denied', message: 'User not logged in' },
    });
  });

  it('a bad token: 401 "Unauthorized: Invalid token" (the client refreshes and retries)', async () => {
    const res = await new TestClient(createApp(s)).api('/v2', {
      method: 'POST',
      headers: { authorization: 'Bearer not-a-token' },
      body: JSON.stringify({ teamUID: seed.teamUID }),
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      error: { status: 'unauthenticated', message: 'Unauthorized: Invalid token' },
    });
  });

  it('a teamUID the caller is not in, or that does not exist: 404', async () => {
    const res = await post({}, seed.other.client);
    expect(res.status).toBe(404);
    expect((res.body as unknown as { error: { status: string } }).error.status).toBe('not-found');
    expect((await post({ teamUID: 'no-such-team' })).status).toBe(404);
  });

  it('a body off the schema: 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ teamUID: seed.teamUID, paging: { from: 0, size: 201 } }, 'paging.size'],
      [{ teamUID: seed.teamUID, paging: { from: 9950, size: 100 } }, 'paging.from'],
      [{ teamUID: seed.teamUID, paging: { from: -1, size: 10 } }, 'paging.from'],
      [{ teamUID: seed.teamUID, sort: { field: 'shoeSize' } }, 'sort.field'],
      [{ teamUID: seed.teamUID, sort: { field: 'stage' } }, 'sort.field'],
      [{ teamUID: seed.teamUID, searchObj: { hasEmail: 'yes' } }, 'searchObj.hasEmail'],
      [{ teamUID: seed.teamUID, searchObj: { colour: 'red' } }, 'searchObj'],
      [{ teamUID: seed.teamUID, searchObj: { GTIDs: [] } }, 'searchObj.GTIDs'],
      [
        {
          teamUID: seed.teamUID,
          searchObj: { GTIDs: Array.from({ length: 201 }, (_, i) => `g${i}`) },
        },
        'searchObj.GTIDs',
      ],
      [
        { teamUID: seed.teamUID, searchObj: { createdAt: { from: 'yesterday' } } },
        'searchObj.createdAt.from',
      ],
      [{ teamUID: seed.teamUID, objectToFilter: 'deals' }, 'objectToFilter'],
      [{ paging: { from: 0, size: 10 } }, 'teamUID'],
      [
        { teamUID: seed.teamUID, paging: { from: 0, size: 10, searchAfter: 'garbage' } },
        'paging.searchAfter',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await seed.owner.client.api('/v2', {
        method: 'POST',
        body: JSON.stringify(body),
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.body as { error: { field: string } }).error.field, JSON.stringify(body)).toBe(
        field,
      );
    }
    const notJson = await seed.owner.client.api('/v2', { method: 'POST', body: '{nope' });
    expect(notJson.status).toBe(400);
  });

  it('a cursor of another sort is refused with 400', async () => {
    const first = await post({
      sort: { field: 'name', direction: 'asc' },
      paging: { from: 0, size: 3 },
    });
    const cursor = first.body.data.searchAfter!;
    const res = await post({
      sort: { field: 'email', direction: 'asc' },
      paging: { from: 0, size: 3, searchAfter: cursor },
    });
    expect(res.status).toBe(400);
  });

  it('a forged cursor value is refused with 400', async () => {
    const res = await post({
      sort: { field: 'createdAt', direction: 'desc' },
      paging: {
        from: 0,
        size: 3,
        searchAfter: encodeSearchCursor({ s: 'createdAt:desc', v: 'not a time', g: 'x' }),
      },
    });
    expect(res.status).toBe(400);
  });

  it('a failing search: 500 failed-search "Couldn\'t do the search"', async () => {
    // The database fails under the search: plain reads, and the typo-tolerant transaction.
    const db = new Proxy(s.database.db, {
      get(target, prop, receiver) {
        if (prop === 'execute') return () => Promise.reject(new Error('connection lost'));
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
    const database = {
      ...s.database,
      db,
      acquireForTransaction: () => Promise.reject(new Error('connection lost')),
    };
    const client = new TestClient(createApp({ ...s, database }));
    client.token = seed.owner.client.token;
    for (const searchObj of [{}, { text: 'pemberton' }]) {
      const res = await client.api('/v2', {
        method: 'POST',
        body: JSON.stringify({ teamUID: seed.teamUID, searchObj }),
      });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({
        error: { status: 'failed-search', message: "Couldn't do the search" },
      });
    }
  });

  it('publishes the request schema as JSON Schema at GET /v2/schema', async () => {
    const res = await new TestClient(createApp(s)).api('/v2/schema');
    expect(res.status).toBe(200);
    const schema = res.body as {
      type: string;
      required: string[];
      properties: Record<string, { properties?: Record<string, { maximum?: number }> }>;
    };
    expect(schema.type).toBe('object');
    expect(schema.required).toContain('teamUID');
    expect(Object.keys(schema.properties).sort()).toEqual(
      [
        'currentTab',
        'isPipelineInitial',
        'objectToFilter',
        'options',
        'paging',
        'searchObj',
        'sort',
        'teamUID',
      ].sort(),
    );
    expect(schema.properties.paging!.properties!.size!.maximum).toBe(200);
  });
});
