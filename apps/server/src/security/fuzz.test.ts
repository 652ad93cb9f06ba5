/// <reference types="vite/client" />
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ENDPOINTS } from '../auth/endpoints';
import { loadConfig } from '../config';
import { systemScope } from '../db/scope';
import { createApp } from '../http/app';
import { unfinishedJobs } from '../modules/bulk/repo';
import type { Services } from '../services';
import { ENGINE, startTestServices, type TestServices } from '../test/harness';
import type { Ctx, Fixture, Team } from '../test/isolation';
import { digest } from '../test/snapshot';
import { addMember, createUser, ownerWithTeam, signIn } from '../test/team-fixtures';
import { runningRuns } from '../test/workflow-fixtures';

/**
 * Sends generated bad input to every route of the app's route table, better-auth's included:
 * bad bodies (wrong types, huge, empty, NUL and lone-surrogate strings, deep nesting, arrays for
 * objects, numbers out of range), bad path parameters (%00, broken escapes, lone surrogates, very
 * long, dots), bad queries and bad headers, as team A's owner, a member of team A and a stranger
 * (the owner of team B). No answer may be a 500, and after every 4xx the data of both teams is
 * what it was. FUZZ_RUNS (runs per route, default 2) runs more; FUZZ_SEED replays a run.
 */

/**
 * better-auth's endpoints the app exposes (AUTH_ENDPOINTS), and a few it refuses (they must stay
 * refused whatever the input), each fuzzed with GET and POST.
 */
const AUTH_PATHS = [
  ...new Set([
    ...AUTH_ENDPOINTS.map((e) => e.path),
    '/api/auth/sign-up/email',
    '/api/auth/get-session',
    '/api/auth/update-user',
    '/api/auth/organization/update-member-role',
  ]),
];

/** Routes that end the caller's session or membership: fuzzed as throwaway members of team A. */
const ENDS_SESSION = [
  ...AUTH_ENDPOINTS.filter((e) => e.endsSessions).map(
    (e) => new RegExp(`^\\w+ ${e.path.replace(/[/.-]/g, '\\$&')}$`),
  ),
  /^DELETE \/api\/teams\/:teamUID\/members\/:uid$/,
];

const RUNS = Number(process.env.FUZZ_RUNS) || 2;
const SEED = Number(process.env.FUZZ_SEED) || 20;
const ORIGIN = 'http://localhost:3000';
/** Stands for the throwaway account's own uid in a path. */
const SELF = 'the-throwaway-itself';

const ROUTES = [
  ...new Set([
    ...createApp({ config: loadConfig({}) } as Services)
      .routes.filter((r) => r.method !== 'ALL' && !r.path.includes('*'))
      .map((r) => `${r.method} ${r.path}`),
    ...AUTH_PATHS.flatMap((p) => [`GET ${p}`, `POST ${p}`]),
  ]),
].sort();

/** Valid params and bodies for team routes: the tenant-isolation fixtures of each module. */
const moduleFixtures = import.meta.glob<{ FIXTURES: Record<string, Fixture> }>(
  '../modules/*/isolation.fixtures.ts',
  { eager: true },
);
const FIXTURES: Record<string, Fixture> = Object.assign(
  {},
  ...Object.values(moduleFixtures).map((m) => m.FIXTURES),
);

/** Field names the app's schemas use (so generated objects hit real fields), read from source. */
function fieldNamesOfSource(): string[] {
  const roots = ['../modules', '../../../../packages/core/src'].map((p) =>
    path.resolve(import.meta.dirname, p),
  );
  const names = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
        for (const m of fs.readFileSync(file, 'utf8').matchAll(/^\s*([A-Za-z]\w*)\??:\s/gm)) {
          names.add(m[1]!);
        }
      }
    }
  };
  roots.forEach(visit);
  return [...names].sort();
}
const FIELD_NAMES = fieldNamesOfSource();

// ---- generators ---------------------------------------------------------------------------

const HUGE = 'x'.repeat(100_000);
const LONG_SEGMENT = 'a'.repeat(5_000);

/** Percent-encodes every UTF-16 unit as UTF-8 bytes, a lone surrogate too (as %ED%A0%80...). */
function encodeAny(value: string): string {
  let out = '';
  for (const ch of value) {
    if (/^[A-Za-z0-9_.~-]$/.test(ch)) {
      out += ch;
      continue;
    }
    const cp = ch.codePointAt(0)!;
    const bytes =
      cp < 0x80
        ? [cp]
        : cp < 0x800
          ? [0xc0 | (cp >> 6), 0x80 | (cp & 63)]
          : cp < 0x10000
            ? [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63)]
            : [
                0xf0 | (cp >> 18),
                0x80 | ((cp >> 12) & 63),
                0x80 | ((cp >> 6) & 63),
                0x80 | (cp & 63),
              ];
    out += bytes.map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
  return out;
}

const BAD_SEGMENTS = [
  '%00',
  'a%00b',
  '%',
  '%zz',
  '%4',
  '%ED%A0%80',
  '%ED%B0%80',
  '%C0%AE',
  '%FF',
  '%E2%82',
  '%0A',
  '%01',
  '%7F',
  '%2F',
  '%2e%2e',
  '.',
  '..',
  '...',
  '%25',
  '%20',
  ' ',
  '-1',
  '0',
  '1e309',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  LONG_SEGMENT,
];

/** A raw (already encoded) path segment: a bad one, a random one, or the seeded valid one. */
const segment = (valid: string | undefined) =>
  fc.oneof(
    fc.constantFrom(...BAD_SEGMENTS),
    fc.string({ maxLength: 20 }).map(encodeAny),
    fc.string({ unit: 'binary', maxLength: 8 }).map(encodeAny),
    ...(valid ? [fc.constant(encodeURIComponent(valid))] : []),
  );

const badString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udc00y',
    '\udfff\ud800',
    HUGE,
    '%00',
    '../../etc',
    '<img src=x onerror=alert(1)>',
    '=HYPERLINK("x")',
    'javascript:alert(1)',
    'data:text/html,x',
    '2024-02-30',
    'NaN',
    '-1',
    '1e309',
    '\u202e',
    '\ufeff',
    'true',
    'null',
    '{}',
  ),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
);
const badNumber = fc.oneof(
  fc.constantFrom(-1, 0, 1.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e308, -1e308, 5e-324, 1e21),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const fieldName = fc.oneof(
  { arbitrary: fc.constantFrom(...FIELD_NAMES), weight: 4 },
  fc.constantFrom('__proto__', 'constructor', '', '\u0000', '\ud800'),
  fc.string({ maxLength: 10 }),
);
const leaf = fc.oneof(badString, badNumber, fc.boolean(), fc.constant(null));
const { json } = fc.letrec<{ json: unknown }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('json'), { maxLength: 4 }),
    fc.dictionary(fieldName, tie('json'), { maxKeys: 4 }),
  ),
}));
const deeplyNested = fc
  .tuple(fc.integer({ min: 60, max: 3_000 }), fc.boolean())
  .map(([n, array]) =>
    array ? '['.repeat(n) + ']'.repeat(n) : '{"a":'.repeat(n) + '1' + '}'.repeat(n),
  );
const rawBody = fc.constantFrom(
  '',
  ' ',
  '{',
  '[',
  'null',
  '"text"',
  '42',
  '[]',
  '{}',
  '\u0000',
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
  'name=a%00b&email=x%40y.z',
  'a=%&b=%zz',
  '--x\r\n\r\n',
  HUGE,
);

/** Leaves of a JSON value, as paths. */
function leafPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [prefix];
  const entries = Object.entries(value);
  const own = prefix.length > 0 ? [prefix] : [];
  return [
    ...own,
    ...entries.flatMap(([k, v]) => leafPaths(v, [...prefix, Array.isArray(value) ? Number(k) : k])),
  ];
}

function setAt(value: unknown, at: (string | number)[], replacement: unknown): unknown {
  if (at.length === 0) return replacement;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of at.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[at.at(-1)!] = replacement;
  return copy;
}

/** The valid body with one field (at any depth) replaced, dropped, or one unknown field added. */
const mutated = (valid: unknown) => {
  const paths = leafPaths(valid).filter((p) => p.length > 0);
  return fc.oneof(
    ...(paths.length > 0
      ? [
          fc.tuple(fc.constantFrom(...paths), json).map(([at, v]) => setAt(valid, at, v)),
          fc.tuple(fc.constantFrom(...paths), leaf).map(([at, v]) => setAt(valid, at, v)),
        ]
      : []),
    fc
      .tuple(fieldName, json)
      .map(([k, v]) => (valid && typeof valid === 'object' ? { ...valid, [k]: v } : { [k]: v })),
  );
};

const body = (valid: unknown) =>
  fc.oneof(
    ...(valid !== undefined
      ? [{ arbitrary: mutated(valid).map((v) => JSON.stringify(v)), weight: 4 }]
      : []),
    {
      arbitrary: fc.dictionary(fieldName, json, { maxKeys: 6 }).map((v) => JSON.stringify(v)),
      weight: 3,
    },
    json.map((v) => JSON.stringify(v) ?? 'null'),
    deeplyNested,
    rawBody,
    fc.constant(undefined),
  );

const QUERY_KEYS = [
  'q',
  'limit',
  'cursor',
  'view',
  'assignee',
  'platform',
  'path',
  'pipelineUID',
  'moveTo',
  'type',
  'from',
  'to',
  'email',
];
const query = fc.oneof(
  fc.constant(''),
  fc
    .array(
      fc.tuple(
        fc.oneof(fc.constantFrom(...QUERY_KEYS), segment(undefined)),
        fc.oneof(segment(undefined), badNumber.map(String), fc.constant('')),
      ),
      { minLength: 1, maxLength: 3 },
    )
    .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`),
  fc.constantFrom('?%', '?q=%00', '?q=%', '?&&==&', '?a', `?q=${LONG_SEGMENT}`, '?limit=1e309'),
);

/** Header values a client can send: latin-1 without NUL, CR or LF. */
const headerValue = fc.oneof(
  fc.constantFrom(
    '',
    'a\u0001b',
    '\u007f',
    '\t',
    'é',
    'x'.repeat(10_000),
    'Bearer',
    'Bearer ',
    'Bearer x.y.z',
    'Basic Zm9vOmJhcg==',
  ),
  fc.string({
    unit: fc
      .integer({ min: 1, max: 255 })
      .filter((c) => c !== 10 && c !== 13)
      .map((c) => String.fromCharCode(c)),
    maxLength: 40,
  }),
);
const contentType = fc.constantFrom(
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'multipart/form-data',
  'application/json; charset=utf-16',
  'application/octet-stream',
);
const headers = fc.record(
  {
    'x-request-id': headerValue,
    'x-change-id': headerValue,
    authorization: headerValue,
    'content-type': contentType,
  },
  { requiredKeys: [] },
);

interface Case {
  params: Record<string, string>;
  query: string;
  headers: Record<string, string>;
  body: string | undefined;
}

function caseFor(route: string, valid: { params?: Record<string, string>; body?: unknown }) {
  const [method, routePath] = route.split(' ') as [string, string];
  const names = [...routePath.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const params = fc.record(
    Object.fromEntries(
      names.map((name) => [
        name,
        fc.oneof(
          // teamUID stays team A's most of the time, so the request reaches the route's checks.
          {
            arbitrary: segment(name === 'teamUID' ? ctx.a.teamUID : valid.params?.[name]),
            weight: 1,
          },
          {
            arbitrary: fc.constant(
              encodeURIComponent(
                name === 'teamUID' ? ctx.a.teamUID : (valid.params?.[name] ?? 'x'),
              ),
            ),
            weight: name === 'teamUID' ? 3 : 1,
          },
        ),
      ]),
    ),
  );
  return fc.record({
    params,
    query,
    headers: fc.oneof({ arbitrary: fc.constant({}), weight: 2 }, headers),
    body: method === 'GET' ? fc.constant(undefined) : body(valid.body),
  }) as fc.Arbitrary<Case>;
}

// ---- the run ------------------------------------------------------------------------------

interface Actor {
  name: string;
  cookie: string;
  token: string;
}

let s: TestServices;
let ctx: Ctx;
let b: Team;
let actors: Actor[];
let throwaways = 0;
let sent = 0;
const statuses: Record<string, number> = {};
let app: ReturnType<typeof createApp>;

const actorOf = (name: string, client: { cookie: string; token: string }): Actor => ({
  name,
  cookie: client.cookie,
  token: client.token,
});

async function memberOfA(email: string) {
  const uid = await createUser(s, email);
  await addMember(s, ctx.a.teamUID, uid, 'member');
  return { uid, client: await signIn(s, email) };
}

beforeAll(async () => {
  s = await startTestServices();
  app = createApp(s);
  ctx = { s, a: await ownerWithTeam(s, 'fuzz-owner@example.com') };
  b = await ownerWithTeam(s, 'fuzz-stranger@example.com');
  const member = await memberOfA('fuzz-member@example.com');
  actors = [
    actorOf('owner', ctx.a.client),
    actorOf('member', member.client),
    actorOf('stranger', b.client),
  ];
}, 120_000);

afterAll(async () => {
  console.log(
    `fuzz (${ENGINE}): ${sent} requests to ${ROUTES.length} routes as owner, member and stranger` +
      ` (${throwaways} throwaway accounts; ${RUNS} runs per route, FUZZ_SEED=${SEED}); answers by status: ${JSON.stringify(statuses)}`,
  );
  await s?.cleanup();
});

function urlOf(route: string, c: Case) {
  const routePath = route.split(' ')[1]!;
  return routePath.replace(/:(\w+)/g, (_, name: string) => c.params[name] ?? '') + c.query;
}

async function send(actor: Actor, method: string, url: string, c: Case) {
  const h = new Headers({ origin: ORIGIN });
  if (actor.cookie) h.set('cookie', actor.cookie);
  if (actor.token) h.set('authorization', `Bearer ${actor.token}`);
  for (const [k, v] of Object.entries(c.headers)) h.set(k, v);
  if (c.body !== undefined && !h.has('content-type')) h.set('content-type', 'application/json');
  sent++;
  const res = await app.request(url, { method, headers: h, body: c.body });
  statuses[res.status] = (statuses[res.status] ?? 0) + 1;
  // The realtime stream stays open: its headers are the answer.
  const text = res.headers.get('content-type')?.includes('event-stream')
    ? (await res.body?.cancel(), '')
    : await res.text();
  return { status: res.status, text };
}

/**
 * Until the bulk jobs and workflow runs a successful request may have started (a retried run) are
 * done with what they write.
 */
async function settle() {
  for (let i = 0; i < 300; i++) {
    const open = await unfinishedJobs(systemScope('fuzz'), s.database.db);
    const running = (await runningRuns(s, ctx.a.teamUID)) + (await runningRuns(s, b.teamUID));
    if (open.length === 0 && running === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('a bulk job or a workflow run did not finish');
}

const teamData = () => digest(s, [ctx.a.teamUID, b.teamUID]);

function describeCase(actor: Actor, method: string, url: string, c: Case) {
  const shown = (v: string | undefined) =>
    v === undefined
      ? 'none'
      : JSON.stringify(v.length > 300 ? `${v.slice(0, 300)}…(${v.length})` : v);
  return `${actor.name}: ${method} ${shown(url)} headers ${shown(JSON.stringify(c.headers))} body ${shown(c.body)}`;
}

/**
 * The next transaction id: it moves only when something writes, so a 4xx after which it has not
 * moved changed nothing, and the full comparison of team data is needed only when it has.
 */
async function nextXid(): Promise<string> {
  const r = await s.database.db.execute<{ x: string }>(
    sql`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS x`,
  );
  return r.rows[0]!.x;
}

/** Team data and the transaction id it was read at; null once something may have changed it. */
let known: { xid: string; data: Record<string, string> } | null = null;

/** Sends the case as each actor; answers whether any request succeeded. */
async function check(actorsOfRun: Actor[], route: string, c: Case): Promise<boolean> {
  const method = route.split(' ')[0]!;
  const url = urlOf(route, c);
  let succeeded = false;
  for (const actor of actorsOfRun) {
    // Nothing but these requests runs between two checks of a route (fixtures reset `known`).
    known ??= { xid: await nextXid(), data: await teamData() };
    const before = known;
    known = null;
    const res = await send(actor, method, url, c);
    const what = describeCase(actor, method, url, c);
    expect(res.status, `${what}\n→ ${res.status} ${res.text.slice(0, 500)}`).toBeLessThan(500);
    if (res.status >= 400) {
      const after = await nextXid();
      if (after !== before.xid) {
        expect(await teamData(), `${what}\n→ ${res.status} changed team data`).toEqual(before.data);
      }
      known = { xid: after, data: before.data };
    } else {
      succeeded = true;
      await settle();
    }
  }
  return succeeded;
}

/** Every string leaf of a JSON value replaced. */
function withStrings(value: unknown, replace: (s: string) => unknown): unknown {
  if (typeof value === 'string') return replace(value);
  if (Array.isArray(value)) return value.map((v) => withStrings(v, replace));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withStrings(v, replace)]));
  }
  return value;
}

function withNumbers(value: unknown, replace: number): unknown {
  if (typeof value === 'number') return replace;
  if (Array.isArray(value)) return value.map((v) => withNumbers(v, replace));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withNumbers(v, replace)]));
  }
  return value;
}

/**
 * The known classes of bad input, sent to every route whatever the random runs pick: every
 * path parameter %00, a lone surrogate or a broken escape; every string of the valid body with
 * a NUL, a lone surrogate or a megabyte; every number out of range; bad queries and headers.
 */
function examplesFor(
  route: string,
  valid: { params?: Record<string, string>; body?: unknown },
): [Case][] {
  const method = route.split(' ')[0]!;
  const names = [...route.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const params = (bad: string) =>
    Object.fromEntries(names.map((n) => [n, n === 'teamUID' ? ctx.a.teamUID : bad]));
  const validParams = Object.fromEntries(
    names.map((n) => [
      n,
      encodeURIComponent(n === 'teamUID' ? ctx.a.teamUID : (valid.params?.[n] ?? 'x')),
    ]),
  );
  const base = valid.body ?? { name: 'x', email: 'x@example.com' };
  const bodyOf = (v: unknown) => (method === 'GET' ? undefined : JSON.stringify(v));
  const cases: Case[] = [
    { params: params('%00'), query: '', headers: {}, body: bodyOf(base) },
    { params: params('%ED%A0%80'), query: '?q=%00', headers: {}, body: bodyOf(base) },
    {
      params: params('%'),
      query: '?q=%&limit=%zz',
      headers: { 'x-change-id': 'a\u0001' },
      body: bodyOf(base),
    },
    {
      params: validParams,
      query: '',
      headers: {},
      body: bodyOf(withStrings(base, (v) => `${v}\u0000`)),
    },
    {
      params: validParams,
      query: '',
      headers: {},
      body: bodyOf(withStrings(base, (v) => `${v}\ud800`)),
    },
    {
      params: validParams,
      query: '',
      headers: {},
      body: bodyOf(
        withNumbers(
          withStrings(base, () => HUGE),
          1e308,
        ),
      ),
    },
  ];
  if (names.length > 1)
    cases.push({
      params: { ...validParams, teamUID: '%00' },
      query: '',
      headers: {},
      body: bodyOf(base),
    });
  return cases.map((c) => [c]);
}

describe(`fuzzing every route with bad input (${ENGINE})`, () => {
  it('covers the route table and better-auth', () => {
    expect(ROUTES.length).toBeGreaterThan(150);
    expect(ROUTES).toContain('GET /api/invitations/:inviteCode');
    expect(ROUTES).toContain('POST /api/auth/sign-in/email');
  });

  it.each(ROUTES.map((route, i) => [route, i] as const))(
    '%s: no 500, and nothing changed by a 4xx',
    async (route, i) => {
      const fixture = FIXTURES[route];
      known = null;
      const endsSession = ENDS_SESSION.some((re) => re.test(route));
      // A session-ending route's `:uid` may be the throwaway's own: leaving the team is a case.
      const valid = fixture
        ? await fixture.seed(ctx)
        : endsSession
          ? { params: { uid: SELF } }
          : {};
      const examples = examplesFor(route, valid);
      // A throwaway serves until a request of its route succeeds (and may have ended it).
      let throwaway: { uid: string; client: { cookie: string; token: string } } | null = null;
      await fc.assert(
        fc.asyncProperty(caseFor(route, valid), async (c) => {
          if (!endsSession) return void (await check(actors, route, c));
          if (!throwaway) {
            throwaway = await memberOfA(`fuzz-throwaway-${++throwaways}@example.com`);
            known = null;
          }
          const own =
            c.params.uid === SELF ? { ...c, params: { ...c.params, uid: throwaway.uid } } : c;
          if (await check([actorOf('throwaway member', throwaway.client)], route, own))
            throwaway = null;
        }),
        // fast-check counts the examples in numRuns: RUNS random cases follow them.
        { numRuns: examples.length + RUNS, seed: SEED + i, endOnFailure: true, examples },
      );
    },
    60_000 + RUNS * 5_000,
  );
});
