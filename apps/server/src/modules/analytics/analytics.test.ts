import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import { createUser, makeSuper, ownerWithTeam, signIn } from '../../test/team-fixtures';
import type { TestClient } from '../../test/http-client';

let s: TestServices;
let admin: TestClient;
let owner: Awaited<ReturnType<typeof ownerWithTeam>>;
let other: Awaited<ReturnType<typeof ownerWithTeam>>;

const post = (client: TestClient, body: unknown) =>
  client.api('/api/analytics/events', { method: 'POST', body: JSON.stringify(body) });

beforeAll(async () => {
  s = await startTestServices();
  await makeSuper(s, await createUser(s, 'root@example.com'));
  admin = await signIn(s, 'root@example.com');
  owner = await ownerWithTeam(s, 'owner@example.com');
  other = await ownerWithTeam(s, 'other@example.com');
});
afterAll(() => s.cleanup());

describe(`analytics (${ENGINE})`, () => {
  it('records events for the caller and lists them newest first for super admins', async () => {
    const first = await post(owner.client, {
      name: 'landing',
      properties: { path: '/contacts/table' },
      teamUID: owner.teamUID,
    });
    expect(first.status).toBe(201);
    await post(owner.client, { name: 'identify', properties: { plan: 'pro' } });
    const res = await admin.api('/api/admin/analytics');
    expect(res.status).toBe(200);
    const { events } = res.body as { events: Record<string, unknown>[] };
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({
      uid: owner.uid,
      email: 'owner@example.com',
      teamUID: null,
      name: 'identify',
      properties: { plan: 'pro' },
    });
    expect(events[1]).toMatchObject({
      id: (first.body as { id: string }).id,
      teamUID: owner.teamUID,
      name: 'landing',
      properties: { path: '/contacts/table' },
    });
    expect(Date.parse(events[1]!.createdAt as string)).toBeLessThanOrEqual(
      Date.parse(events[0]!.createdAt as string),
    );
  });

  it('filters by name and honours the limit', async () => {
    await post(owner.client, { name: 'landing' });
    const landing = await admin.api('/api/admin/analytics?name=landing');
    const names = (landing.body as { events: { name: string }[] }).events.map((e) => e.name);
    expect(names).toEqual(['landing', 'landing']);
    const one = await admin.api('/api/admin/analytics?limit=1');
    expect((one.body as { events: unknown[] }).events).toHaveLength(1);
    expect((await admin.api('/api/admin/analytics?limit=0')).status).toBe(400);
    expect((await admin.api('/api/admin/analytics?limit=501')).status).toBe(400);
  });

  it('rejects unknown names, big properties and other teams', async () => {
    expect((await post(owner.client, { name: 'pageview' })).status).toBe(400);
    expect((await post(owner.client, { name: 'landing', properties: 'x' })).status).toBe(400);
    const big = await post(owner.client, {
      name: 'landing',
      properties: { blob: 'x'.repeat(2_100) },
    });
    expect(big.status).toBe(400);
    const foreign = await post(owner.client, { name: 'landing', teamUID: other.teamUID });
    expect(foreign.status).toBe(404);
    const all = await admin.api('/api/admin/analytics?limit=500');
    expect((all.body as { events: unknown[] }).events).toHaveLength(3);
  });

  it('hides the list from everyone but super admins', async () => {
    expect((await owner.client.api('/api/admin/analytics')).status).toBe(404);
  });
});
