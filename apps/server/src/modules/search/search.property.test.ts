import fc from 'fast-check';
import {
  SEARCH_SORT_FIELDS,
  searchRequestSchema,
  type SearchAnswer,
  type SearchRequest,
} from '@leadloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import { classWalkTuning } from './class-walk.repo';
import { relevanceTuning } from './relevance.repo';
import type { TestClient } from '../../test/http-client';
import {
  FIRST,
  LAST,
  modelAnswers,
  modelSearch,
  seedSearchTeam,
  SOURCES,
  type SearchSeed,
} from './search-fixtures';

/**
 * Properties of POST /v2 over generated bodies (issue 7 "Done when"): valid bodies answer
 * exactly what the in-memory model of the seeded team answers; random bodies never cause a
 * 500; no answer holds another team's contact or one only in a pipeline the caller cannot see.
 */

let s: TestServices;
let seed: SearchSeed;

beforeAll(async () => {
  s = await startTestServices();
  seed = await seedSearchTeam(s, 80, 11);
}, 120_000);
afterAll(() => s.cleanup());

const RUNS = Number(process.env.SEARCH_PROPERTY_RUNS ?? 120);

/** Text tokens with an exact expected answer (see search-fixtures): prefixes, typos, digits. */
function tokenArb(): fc.Arbitrary<string> {
  const words = [...FIRST, ...LAST];
  const prefix = fc
    .tuple(fc.constantFrom(...words), fc.integer({ min: 1, max: 12 }))
    .map(([w, n]) => w.slice(0, n));
  const typo = fc
    .tuple(fc.constantFrom(...words.filter((w) => w.length >= 9)), fc.integer({ min: 3, max: 5 }))
    .map(([w, i]) => w.slice(0, i) + (w[i] === 'z' ? 'x' : 'z') + w.slice(i + 1));
  const other = fc.constantFrom('555', '(555)', 'ex.io', 'io', '1002', 'Pem', 'HUMPH');
  return fc.oneof({ weight: 5, arbitrary: prefix }, typo, other);
}

const isoDates = [
  '2026-01-15T00:00:00Z',
  '2026-03-01T00:00:00.000Z',
  '2026-06-10T12:00:00+02:00',
  '2026-09-01T00:00:00Z',
  '2026-12-31T00:00:00Z',
];

function bodyArb(): fc.Arbitrary<Record<string, unknown>> {
  const pipelines = seed.pipelines.map((p) => p.pipelineUID);
  const stages = seed.pipelines.flatMap((p) => p.stages.map((x) => x.stageUID));
  const tags = [...seed.globalTags, ...seed.pipelineTags.map((t) => t.tagID)];
  const labels = [...seed.labels.map((l) => l.labelUID), null];
  const range = fc.record(
    {
      from: fc.constantFrom(...isoDates),
      to: fc.constantFrom(...isoDates),
      includeEmpty: fc.boolean(),
    },
    { requiredKeys: [] },
  );
  const filters = {
    text: fc.array(tokenArb(), { minLength: 0, maxLength: 2 }).map((t) => t.join(' ')),
    pipelineUID: fc.constantFrom(...pipelines, 'no-such-pipeline'),
    stageUIDs: fc.subarray(stages, { maxLength: 4 }),
    tags: fc.record(
      {
        any: fc.subarray(tags, { maxLength: 3 }),
        all: fc.subarray(tags, { maxLength: 2 }),
        none: fc.subarray(tags, { maxLength: 2 }),
      },
      { requiredKeys: [] },
    ),
    statusLabels: fc.subarray(labels, { maxLength: 3 }),
    sources: fc.subarray(SOURCES, { maxLength: 2 }),
    createdAt: range,
    lastActivityAt: range,
    hasEmail: fc.boolean(),
    hasPhone: fc.boolean(),
    dealValue: fc.record(
      {
        min: fc.constantFrom(0, 100, 250, 500, 1000),
        max: fc.constantFrom(0, 300, 800, 1500, 3000),
      },
      { requiredKeys: [] },
    ),
  };
  // Most bodies carry zero to three filters, so the answers are not mostly empty.
  const keys = Object.keys(filters) as (keyof typeof filters)[];
  const sparse = fc
    .shuffledSubarray(keys, { maxLength: 3 })
    .chain((chosen) =>
      fc.record(
        Object.fromEntries(chosen.map((k) => [k, filters[k]])) as Record<
          string,
          fc.Arbitrary<unknown>
        >,
      ),
    );
  return fc.record(
    {
      teamUID: fc.constant(seed.teamUID),
      paging: fc.record({
        from: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 90 })),
        size: fc.oneof(fc.constant(200), fc.integer({ min: 1, max: 200 })),
      }),
      sort: fc.record({
        field: fc.constantFrom(...SEARCH_SORT_FIELDS),
        direction: fc.constantFrom('asc', 'desc'),
      }),
      objectToFilter: fc.constant('contacts'),
      searchObj: sparse,
      isPipelineInitial: fc.boolean(),
      currentTab: fc.constantFrom('table', 'pipeline', 'palette'),
      options: fc.record({ total: fc.constantFrom('auto', 'exact', 'none') }),
    },
    { requiredKeys: ['teamUID'] },
  );
}

async function post(client: TestClient, body: unknown) {
  return (await client.api('/v2', { method: 'POST', body: JSON.stringify(body) })) as {
    status: number;
    body: { data: SearchAnswer } & Record<string, unknown>;
  };
}

/** Hits that must never appear for this caller. */
function forbidden(who: 'owner' | 'member') {
  const other = new Set(seed.otherContacts);
  if (who === 'member') {
    for (const c of seed.contacts) {
      if (
        c.placements.length > 0 &&
        c.placements.every((p) => p.pipelineUID === seed.hiddenPipelineUID)
      ) {
        other.add(c.gtid);
      }
    }
  }
  return other;
}

/** A pipeline the caller cannot see (none such, or withheld from the member) is not found. */
function pipelineNotFound(who: 'owner' | 'member', req: SearchRequest) {
  const uid = req.searchObj.pipelineUID;
  if (!uid) return false;
  const visible = who === 'owner' ? seed.pipelines.map((p) => p.pipelineUID) : seed.memberPipelines;
  return !visible.includes(uid);
}

function checkAgainstModel(who: 'owner' | 'member', req: SearchRequest, data: SearchAnswer) {
  const expected = modelSearch(seed, who === 'owner' ? 'all' : seed.memberPipelines, req);
  const got = data.hits.map((h) => h.GTID);
  const { from, size } = req.paging;
  // `total: 'none'` counts nothing: exact on a short first page (or any short page that is not
  // empty), else at least the hits up to the page's end (none past the end).
  const proven = got.length < size && (got.length > 0 || from === 0);
  expect(data.total).toEqual(
    req.options.total === 'none' && !proven
      ? { value: got.length === 0 ? 0 : from + got.length, relation: 'gte' }
      : { value: expected.gtids.length, relation: 'eq' },
  );
  expect(data.total.value).toBeLessThanOrEqual(expected.gtids.length);
  expect(data.pipelineUID).toBe(expected.pipelineUID);
  expect(got).toEqual(expected.gtids.slice(from, from + size));
  // Each hit's answers: exactly its non-blank ones in the pipeline searched.
  const byGtid = new Map(seed.contacts.map((c) => [c.gtid, c]));
  for (const h of data.hits) {
    expect(h.answers, h.GTID).toEqual(modelAnswers(byGtid.get(h.GTID)!, expected.pipelineUID));
  }
}

/**
 * A property over `bodies` with `target`'s tuning (a plan's thresholds, shrunk so a small team
 * takes every path) drawn from `tunings`, for the owner and the member: each answer agrees with
 * the model, then `more` checks what else it should. The tuning is restored after.
 */
async function agreesUnderTuning<T extends object>(
  target: T,
  tunings: fc.Arbitrary<Partial<T>>,
  bodies: fc.Arbitrary<Record<string, unknown>>,
  more?: (
    who: 'owner' | 'member',
    body: Record<string, unknown>,
    req: SearchRequest,
    answer: SearchAnswer,
  ) => Promise<void>,
) {
  const saved = { ...target };
  try {
    await fc.assert(
      fc.asyncProperty(
        bodies,
        tunings,
        fc.constantFrom('owner', 'member') as fc.Arbitrary<'owner' | 'member'>,
        async (body, t, who) => {
          Object.assign(target, t);
          const parsed = searchRequestSchema.safeParse(body);
          if (!parsed.success) return;
          const res = await post(who === 'owner' ? seed.owner.client : seed.member, body);
          if (pipelineNotFound(who, parsed.data)) {
            expect(res.status, JSON.stringify(res.body)).toBe(404);
            return;
          }
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          checkAgainstModel(who, parsed.data, res.body.data);
          await more?.(who, body, parsed.data, res.body.data);
        },
      ),
      { numRuns: RUNS },
    );
  } finally {
    Object.assign(target, saved);
  }
}

describe(`POST /v2 properties (${ENGINE})`, () => {
  it('valid bodies answer exactly what the in-memory filter of the seeded team answers', async () => {
    let reached = 0;
    let tried = 0;
    await fc.assert(
      fc.asyncProperty(
        bodyArb(),
        fc.constantFrom('owner', 'member') as fc.Arbitrary<'owner' | 'member'>,
        async (body, who) => {
          tried++;
          const parsed = searchRequestSchema.safeParse(body);
          const res = await post(who === 'owner' ? seed.owner.client : seed.member, body);
          if (!parsed.success) {
            expect(res.status, JSON.stringify(res.body)).toBe(400);
            return;
          }
          reached++;
          if (pipelineNotFound(who, parsed.data)) {
            expect(res.status, JSON.stringify(res.body)).toBe(404);
            return;
          }
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          checkAgainstModel(who, parsed.data, res.body.data);
          const bad = forbidden(who);
          expect(res.body.data.hits.filter((h) => bad.has(h.GTID))).toEqual([]);
        },
      ),
      { numRuns: RUNS },
    );
    expect(reached / tried).toBeGreaterThanOrEqual(0.8);
  }, 300_000);

  it('relevance reads the same through each of its plans (walked, sorted whole, both) and its cursor', async () => {
    // Relevance is a top-k read class by class (repo relevanceTopK): walked in name order within
    // a budget, else every match sorted. On a team of 80 the default budget walks every contact;
    // shrunk budgets take every way (a walk that fills the page, reaches the end, or runs out).
    const tuning = fc.record({
      walkShort: fc.constantFrom(1, 4, 30, 1000),
      walkLong: fc.constantFrom(1, 4, 30, 1000),
      walkPerRow: fc.constantFrom(0, 2),
    });
    const relevanceBody = fc
      .tuple(bodyArb(), fc.array(tokenArb(), { minLength: 1, maxLength: 2 }), fc.boolean())
      .map(([body, tokens, asc]) => ({
        ...body,
        searchObj: { ...((body.searchObj as object | undefined) ?? {}), text: tokens.join(' ') },
        sort: { field: 'relevance', direction: asc ? 'asc' : 'desc' },
      }));
    await agreesUnderTuning(
      relevanceTuning,
      tuning,
      relevanceBody,
      async (who, body, req, first) => {
        // The next page through the cursor: the model's next hits in the same order.
        const cursor = first.searchAfter;
        if (!cursor) return;
        const next = await post(who === 'owner' ? seed.owner.client : seed.member, {
          ...body,
          paging: { from: 0, size: req.paging.size, searchAfter: cursor },
        });
        expect(next.status, JSON.stringify(next.body)).toBe(200);
        const expected = modelSearch(seed, who === 'owner' ? 'all' : seed.memberPipelines, req);
        const start = req.paging.from + req.paging.size;
        expect(next.body.data.hits.map((h) => h.GTID)).toEqual(
          expected.gtids.slice(start, start + req.paging.size),
        );
      },
    );
  }, 300_000);

  it('stage, status label and deal value sorts read the same walked class by class as ranked whole', async () => {
    // Those sorts walk their classes in key order (repo classWalk) when the matches are many, or
    // rank every match. On a team of 80 the default tuning never walks; shrunk thresholds and
    // budgets take every way (walked, a budget spent in a class, ranked whole).
    const tuning = fc.record({
      minMatches: fc.constantFrom(0, 10, 1000),
      matchesPerRow: fc.constantFrom(0, 1, 9),
      budgetPerRow: fc.constantFrom(0, 1, 24),
      budgetMin: fc.constantFrom(1, 8, 1000),
    });
    const classBody = fc
      .tuple(bodyArb(), fc.constantFrom('stage', 'statusLabel', 'dealValue'), fc.boolean())
      .map(([body, field, asc]) => ({
        ...body,
        // A stage sort needs a pipeline: the filter's, else the default one.
        ...(field === 'stage' ? { isPipelineInitial: true } : {}),
        sort: { field, direction: asc ? 'asc' : 'desc' },
      }));
    await agreesUnderTuning(classWalkTuning, tuning, classBody);
  }, 300_000);

  it('random bodies never cause a 500 (only 200, 400 or 404)', async () => {
    const mutated = fc
      .tuple(
        bodyArb(),
        fc.constantFrom(
          'teamUID',
          'paging',
          'sort',
          'searchObj',
          'objectToFilter',
          'isPipelineInitial',
          'currentTab',
          'options',
          'searchObj.text',
          'paging.size',
          'searchObj.tags',
        ),
        fc.anything(),
      )
      .map(([body, path, value]) => {
        const copy = structuredClone(body) as Record<string, unknown>;
        const [head, tail] = path.split('.') as [string, string | undefined];
        if (tail) copy[head] = { ...((copy[head] as object | undefined) ?? {}), [tail]: value };
        else copy[head] = value;
        return copy;
      });
    const text = fc
      .string({ unit: 'binary', maxLength: 60 })
      .map((t) => ({ teamUID: seed.teamUID, searchObj: { text: t } }));
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.anything(), mutated, text), async (body) => {
        let json: string;
        try {
          json = JSON.stringify(body) ?? 'null';
        } catch {
          return;
        }
        const res = await seed.owner.client.api('/v2', { method: 'POST', body: json });
        expect([200, 400, 404], JSON.stringify(res.body)).toContain(res.status);
      }),
      { numRuns: RUNS * 2 },
    );
  }, 300_000);

  it("no answer holds another team's contact or one of an invisible pipeline", async () => {
    await fc.assert(
      fc.asyncProperty(bodyArb(), async (body) => {
        // Team B's owner: team A's teamUID is a 404; their own team never shows A's contacts.
        const asOther = await post(seed.other.client, body);
        expect([400, 404]).toContain(asOther.status);
        const own = await post(seed.other.client, { ...body, teamUID: seed.otherTeamUID });
        if (own.status === 200) {
          const mine = new Set(seed.otherContacts);
          expect(own.body.data.hits.every((h) => mine.has(h.GTID))).toBe(true);
          // Team B's answers only: every seeded answer of team A names one of A's pipelines.
          const ofA = seed.pipelines.map((p) => p.pipelineUID);
          const leaked = own.body.data.hits.flatMap((h) =>
            h.answers.filter((a) => ofA.some((uid) => a.answer.includes(uid))),
          );
          expect(leaked).toEqual([]);
        }
        // Team A's member: never a hidden-only contact, never the hidden pipeline's data.
        const asMember = await post(seed.member, body);
        if (asMember.status === 200) {
          const bad = forbidden('member');
          for (const h of asMember.body.data.hits) {
            expect(bad.has(h.GTID)).toBe(false);
            expect(h.pipelines.some((p) => p.pipelineUID === seed.hiddenPipelineUID)).toBe(false);
            // Seeded answer texts name their pipeline: none of the hidden one's.
            expect(h.answers.filter((a) => a.answer.includes(seed.hiddenPipelineUID))).toEqual([]);
          }
        }
      }),
      { numRuns: Math.ceil(RUNS / 2) },
    );
  }, 300_000);
});
