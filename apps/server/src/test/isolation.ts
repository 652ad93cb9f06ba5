import type { TestServices } from './harness';
import type { TestClient } from './http-client';
import { addContacts, addMember, addPipeline, createUser } from './team-fixtures';

/**
 * Shapes and helpers of the tenant-isolation fixtures (`src/tenant-isolation.test.ts`). A module
 * with `:teamUID` routes exports its fixtures from `modules/<area>/isolation.fixtures.ts` as
 * `FIXTURES: Record<"METHOD /api/teams/:teamUID/...", Fixture>`; each seeds team A's rows and
 * answers the path params and body that team A's owner may send with success.
 */

export interface Team {
  uid: string;
  teamUID: string;
  client: TestClient;
}
export interface Ctx {
  s: TestServices;
  a: Team;
}
export interface Seeded {
  /** Path params other than teamUID. */
  params?: Record<string, string>;
  body?: unknown;
}
export interface Fixture {
  /** Who succeeds on team A: its owner (default) or a super admin. */
  actor?: 'owner' | 'super';
  seed(ctx: Ctx): Promise<Seeded>;
  /** Waits for background work team A's request started (so later snapshots hold still). */
  settle?(ctx: Ctx): Promise<void>;
}

let seq = 0;
export const unique = (what: string) => `${what}-${++seq}@example.com`;

export async function pipelineWithContacts(ctx: Ctx) {
  const p = await addPipeline(ctx.s, ctx.a.teamUID, `P${++seq}`);
  await addContacts(ctx.s, ctx.a.teamUID, 2, [p]);
  return p;
}

export async function memberOfA(ctx: Ctx) {
  const uid = await createUser(ctx.s, unique('a-member'));
  await addMember(ctx.s, ctx.a.teamUID, uid, 'member');
  return uid;
}
