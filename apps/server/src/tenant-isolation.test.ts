/// <reference types="vite/client" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { createApp } from './http/app';
import type { Services } from './services';
import { ENGINE, startTestServices, type TestServices } from './test/harness';
import type { TestClient } from './test/http-client';
import { snapshot } from './test/snapshot';
import {
  memberOfA,
  pipelineWithContacts,
  type Ctx,
  type Fixture,
  type Team,
  unique,
} from './test/isolation';
import {
  addInvitation,
  addPipeline,
  createUser,
  makeSuper,
  ownerWithTeam,
  PLAN,
  signIn,
} from './test/team-fixtures';

/**
 * Tenant isolation, driven by the server's own route table: every route whose path carries
 * `:teamUID` must have a fixture here (a new route without one fails the suite), and for each,
 * a user of team B addressing team A's entities gets 404 and changes none of team A's rows,
 * while team A's own user (or a super admin, for admin routes) succeeds.
 */

const CORE_FIXTURES: Record<string, Fixture> = {
  'GET /api/teams/:teamUID/pipelines': {
    seed: async (ctx) => (await pipelineWithContacts(ctx), {}),
  },
  'GET /api/teams/:teamUID/pipelines/:pipelineUID/board': {
    seed: async (ctx) => ({
      params: { pipelineUID: (await pipelineWithContacts(ctx)).pipelineUID },
    }),
  },
  'GET /api/teams/:teamUID/pipelines/:pipelineUID/stages/:stageUID/contacts': {
    seed: async (ctx) => ({ params: { ...(await pipelineWithContacts(ctx)) } }),
  },
  'GET /api/teams/:teamUID/members': { seed: async (ctx) => (await memberOfA(ctx), {}) },
  'PATCH /api/teams/:teamUID/members/:uid': {
    seed: async (ctx) => {
      const p = await addPipeline(ctx.s, ctx.a.teamUID);
      return { params: { uid: await memberOfA(ctx) }, body: { pipelines: [p.pipelineUID] } };
    },
  },
  'DELETE /api/teams/:teamUID/members/:uid': {
    seed: async (ctx) => ({ params: { uid: await memberOfA(ctx) } }),
  },
  'POST /api/teams/:teamUID/invitations': {
    seed: async () => ({ body: { email: unique('invitee'), role: 'member' } }),
  },
  'DELETE /api/teams/:teamUID/invitations/:inviteCode': {
    seed: async (ctx) => ({
      params: { inviteCode: await addInvitation(ctx.s, ctx.a.teamUID, ctx.a.uid, unique('inv')) },
    }),
  },
  'GET /api/teams/:teamUID/billing': { seed: async () => ({}) },
  'GET /api/teams/:teamUID/validation-info': { seed: async () => ({}) },
  'GET /api/teams/:teamUID/team-data': { seed: async () => ({}) },
  'GET /api/admin/teams/:teamUID': { actor: 'super', seed: async () => ({}) },
  'PUT /api/admin/teams/:teamUID/subscription': {
    actor: 'super',
    seed: async () => ({ body: { ...PLAN, includedSeats: 7 } }),
  },
  'PUT /api/admin/teams/:teamUID/flags': {
    actor: 'super',
    seed: async () => ({ body: { flags: { facebook_auto_responder_access: true } } }),
  },
};

/**
 * Each module keeps the fixtures of its own routes next to it (`isolation.fixtures.ts`
 * exporting `FIXTURES`), so modules added in parallel never edit one shared table.
 */
const moduleFixtures = import.meta.glob<{ FIXTURES: Record<string, Fixture> }>(
  './modules/*/isolation.fixtures.ts',
  { eager: true },
);
const FIXTURES: Record<string, Fixture> = { ...CORE_FIXTURES };
for (const [file, mod] of Object.entries(moduleFixtures)) {
  for (const [route, fixture] of Object.entries(mod.FIXTURES)) {
    if (FIXTURES[route]) throw new Error(`${file}: a fixture for ${route} exists already`);
    FIXTURES[route] = fixture;
  }
}

/**
 * The team-scoped routes of the real app. The table is static: routers are built with the
 * configuration only, no database.
 */
const TEAM_ROUTES = [
  ...new Set(
    createApp({ config: loadConfig({}) } as Services)
      .routes.filter((r) => r.method !== 'ALL' && r.path.includes(':teamUID'))
      .map((r) => `${r.method} ${r.path}`),
  ),
].sort();

let s: TestServices;
let ctx: Ctx;
let b: Team;
let superClient: TestClient;

beforeAll(async () => {
  s = await startTestServices();
  const a = await ownerWithTeam(s, 'tenant-a@example.com');
  b = await ownerWithTeam(s, 'tenant-b@example.com');
  const superUID = await createUser(s, 'tenant-super@example.com');
  await makeSuper(s, superUID);
  superClient = await signIn(s, 'tenant-super@example.com');
  ctx = { s, a };
});
afterAll(() => s.cleanup());

function pathFor(route: string, teamUID: string, params: Record<string, string> = {}) {
  const [, path] = route.split(' ') as [string, string];
  return path.replace(/:(\w+)/g, (_, name: string) =>
    name === 'teamUID' ? teamUID : (params[name] ?? `missing-${name}`),
  );
}

function request(route: string, body: unknown): RequestInit {
  const method = route.split(' ')[0]!;
  return body === undefined ? { method } : { method, body: JSON.stringify(body) };
}

describe(`tenant isolation over the route table (${ENGINE})`, () => {
  it('finds the team-scoped routes, and every one has a fixture (and every fixture a route)', () => {
    expect(TEAM_ROUTES.length).toBeGreaterThanOrEqual(13);
    expect(TEAM_ROUTES.filter((r) => !FIXTURES[r])).toEqual([]);
    expect(Object.keys(FIXTURES).filter((k) => !TEAM_ROUTES.includes(k))).toEqual([]);
  });

  it.each(TEAM_ROUTES)(
    '%s: 404 for team B, nothing of team A changed; 2xx for team A',
    async (route) => {
      const fixture = FIXTURES[route];
      if (!fixture)
        throw new Error(`No tenant-isolation fixture for ${route}: add one to FIXTURES.`);
      const seeded = await fixture.seed(ctx);
      const before = await snapshot(s, ctx.a.teamUID);

      const asB = await b.client.api(
        pathFor(route, ctx.a.teamUID, seeded.params),
        request(route, seeded.body),
      );
      expect(asB.status, JSON.stringify(asB.body)).toBe(404);
      expect(await snapshot(s, ctx.a.teamUID)).toEqual(before);

      // Team B's own teamUID with team A's other ids: still nothing of A's.
      const hasOtherIds = Object.keys(seeded.params ?? {}).length > 0;
      if (hasOtherIds && fixture.actor !== 'super') {
        const mixed = await b.client.api(
          pathFor(route, b.teamUID, seeded.params),
          request(route, seeded.body),
        );
        expect(mixed.status, JSON.stringify(mixed.body)).toBe(404);
        expect(await snapshot(s, ctx.a.teamUID)).toEqual(before);
      }

      const actor = fixture.actor === 'super' ? superClient : ctx.a.client;
      const asA = await actor.api(
        pathFor(route, ctx.a.teamUID, seeded.params),
        request(route, seeded.body),
      );
      expect(asA.status, JSON.stringify(asA.body)).toBeGreaterThanOrEqual(200);
      expect(asA.status, JSON.stringify(asA.body)).toBeLessThan(300);
      // Background work the request started (a bulk job) ends before the next route's snapshot.
      await fixture.settle?.(ctx);
    },
  );
});
