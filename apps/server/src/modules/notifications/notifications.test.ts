import { isPermanentStamp, TIMINGS } from '@leadloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import type { TestClient } from '../../test/http-client';
import { createUser, makeSuper, signIn } from '../../test/team-fixtures';

let s: TestServices;
let admin: TestClient;
let user: TestClient;
let other: TestClient;

beforeAll(async () => {
  s = await startTestServices();
  await makeSuper(s, await createUser(s, 'root@example.com'));
  await createUser(s, 'user@example.com');
  await createUser(s, 'other@example.com');
  admin = await signIn(s, 'root@example.com');
  user = await signIn(s, 'user@example.com');
  other = await signIn(s, 'other@example.com');
});
afterAll(() => s.cleanup());

const post = (c: TestClient, path: string, body: unknown = {}) =>
  c.api(path, { method: 'POST', body: JSON.stringify(body) });
const put = (c: TestClient, path: string, body: unknown) =>
  c.api(path, { method: 'PUT', body: JSON.stringify(body) });

async function create(body: Record<string, unknown>) {
  const res = await post(admin, '/api/admin/notifications', body);
  expect(res.status).toBe(201);
  return (res.body as { notification: { notificationId: string } }).notification;
}

const unseenIds = async (c: TestClient, query = 'platform=web') => {
  const res = await c.api(`/api/notifications/unseen?${query}`);
  expect(res.status).toBe(200);
  const body = res.body as { count: number; notifications: { notificationId: string }[] };
  expect(body.count).toBe(body.notifications.length);
  return body.notifications.map((n) => n.notificationId);
};

describe(`notifications (${ENGINE})`, () => {
  it('hides every admin route from non-super users with 404', async () => {
    const n = await create({ title: 'Hidden', published: true });
    expect((await user.api('/api/admin/notifications')).status).toBe(404);
    expect((await post(user, '/api/admin/notifications', { title: 'x' })).status).toBe(404);
    expect((await put(user, `/api/admin/notifications/${n.notificationId}`, {})).status).toBe(404);
    expect(
      (await user.api(`/api/admin/notifications/${n.notificationId}`, { method: 'DELETE' })).status,
    ).toBe(404);
    // Nothing changed: the admin still sees it.
    const list = (await admin.api('/api/admin/notifications')).body as {
      notifications: { notificationId: string }[];
    };
    expect(list.notifications.map((x) => x.notificationId)).toContain(n.notificationId);
    await admin.api(`/api/admin/notifications/${n.notificationId}`, { method: 'DELETE' });
  });

  it('rejects invalid bodies naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'x', fontColor: 'not-a-colour' }, 'fontColor'],
      [{ title: 'x', backgroundColor: '#12' }, 'backgroundColor'],
      [{ title: 'x', platform: 'desktop' }, 'platform'],
      [{ title: 'x', type: 'popup' }, 'type'],
      [{ title: 'x', position: 'middle' }, 'position'],
      [{ title: 'x', link: 'javascript:alert(1)' }, 'link'],
      [{ text: '' }, 'title'],
    ];
    for (const [body, field] of cases) {
      const res = await post(admin, '/api/admin/notifications', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ error: { status: 'invalid-argument', field } });
    }
    const n = await create({ title: 'ok' });
    const bad = await put(admin, `/api/admin/notifications/${n.notificationId}`, {
      fontColor: 'nope',
    });
    expect(bad.body).toMatchObject({ error: { field: 'fontColor' } });
    expect((await put(admin, '/api/admin/notifications/missing', { published: true })).status).toBe(
      404,
    );
    await admin.api(`/api/admin/notifications/${n.notificationId}`, { method: 'DELETE' });
  });

  it('creates with defaults, updates only given fields, deletes', async () => {
    const n = await create({
      title: 'Hello',
      text: 'World',
      type: 'banner',
      backgroundColor: '#112233',
      link: 'https://leadloom.dev',
    });
    expect(n).toMatchObject({
      published: false,
      platform: 'any',
      type: 'banner',
      backgroundColor: '#112233',
      fontColor: null,
      link: 'https://leadloom.dev',
    });
    const upd = await put(admin, `/api/admin/notifications/${n.notificationId}`, {
      published: true,
    });
    expect(upd.body).toMatchObject({
      notification: { published: true, title: 'Hello', backgroundColor: '#112233' },
    });
    const del = await admin.api(`/api/admin/notifications/${n.notificationId}`, {
      method: 'DELETE',
    });
    expect(del).toEqual({ status: 200, body: { deleted: true } });
    const again = await admin.api(`/api/admin/notifications/${n.notificationId}`, {
      method: 'DELETE',
    });
    expect(again.status).toBe(404);
  });

  it('shows users only published ones for their platform and page', async () => {
    const web = await create({ title: 'web', platform: 'web', published: true });
    const ext = await create({ title: 'ext', platform: 'extension', published: true });
    const any = await create({ title: 'any', published: true, page: '/contacts' });
    const draft = await create({ title: 'draft', platform: 'web' });

    const all = (await user.api('/api/notifications?platform=web')).body as {
      notifications: { notificationId: string; stamp: number | null }[];
    };
    const ids = all.notifications.map((n) => n.notificationId);
    expect(ids).toEqual(expect.arrayContaining([web.notificationId, any.notificationId]));
    expect(ids).not.toContain(ext.notificationId);
    expect(ids).not.toContain(draft.notificationId);
    expect(all.notifications.every((n) => n.stamp === null)).toBe(true);

    expect(await unseenIds(user, 'platform=extension')).toEqual(
      expect.arrayContaining([ext.notificationId, any.notificationId]),
    );
    expect(await unseenIds(user, 'platform=extension')).not.toContain(web.notificationId);
    expect(await unseenIds(user, 'platform=web&path=/pipeline')).not.toContain(any.notificationId);
    expect(await unseenIds(user, 'platform=web&path=/contacts/table')).toContain(
      any.notificationId,
    );
    expect((await user.api('/api/notifications/unseen?platform=tv')).status).toBe(400);
    for (const n of [web, ext, any, draft]) {
      await admin.api(`/api/admin/notifications/${n.notificationId}`, { method: 'DELETE' });
    }
  });

  it('snoozes for 24 h and dismisses for good, per user', async () => {
    const a = await create({ title: 'snooze me', published: true });
    const b = await create({ title: 'never again', published: true });
    const before = Date.now();
    const snoozed = await post(user, `/api/notifications/${a.notificationId}/dismiss`);
    expect(snoozed.status).toBe(200);
    const snoozeStamp = (snoozed.body as { stamp: number }).stamp;
    expect(snoozeStamp % 10).toBe(1);
    expect(snoozeStamp).toBeGreaterThanOrEqual(before + TIMINGS.snoozeMs);
    expect(snoozeStamp).toBeLessThanOrEqual(Date.now() + TIMINGS.snoozeMs + 10);

    const never = await post(user, `/api/notifications/${b.notificationId}/never`);
    expect(isPermanentStamp((never.body as { stamp: number }).stamp)).toBe(true);

    const mine = await unseenIds(user);
    expect(mine).not.toContain(a.notificationId);
    expect(mine).not.toContain(b.notificationId);
    // The other user is unaffected.
    expect(await unseenIds(other)).toEqual(
      expect.arrayContaining([a.notificationId, b.notificationId]),
    );
    // The full list still carries both, with the stamps, for every device.
    const list = (await user.api('/api/notifications?platform=web')).body as {
      notifications: { notificationId: string; stamp: number | null }[];
    };
    expect(list.notifications.find((n) => n.notificationId === a.notificationId)?.stamp).toBe(
      snoozeStamp,
    );
    expect((await post(user, '/api/notifications/nope/dismiss')).status).toBe(404);

    // The snooze runs on the app clock: a day later the snoozed one is back, the other is not.
    try {
      s.testClock.advance(TIMINGS.snoozeMs - 60_000);
      expect(await unseenIds(user)).not.toContain(a.notificationId);
      s.testClock.advance(2 * 60_000);
      const later = await unseenIds(user);
      expect(later).toContain(a.notificationId);
      expect(later).not.toContain(b.notificationId);
      // Snoozed again then, it is stamped a day after the moved clock's now.
      const again = await post(user, `/api/notifications/${a.notificationId}/dismiss`);
      expect((again.body as { stamp: number }).stamp).toBeGreaterThanOrEqual(
        snoozeStamp + TIMINGS.snoozeMs,
      );
    } finally {
      s.testClock.reset();
    }
  });
});
