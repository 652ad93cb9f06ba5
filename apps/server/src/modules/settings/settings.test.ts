import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../http/app';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import { createUser, makeSuper, signIn } from '../../test/team-fixtures';
import type { TestClient } from '../../test/http-client';

let s: TestServices;
let admin: TestClient;
let user: TestClient;

beforeAll(async () => {
  s = await startTestServices();
  await makeSuper(s, await createUser(s, 'root@example.com'));
  await createUser(s, 'user@example.com');
  admin = await signIn(s, 'root@example.com');
  user = await signIn(s, 'user@example.com');
});
afterAll(() => s.cleanup());

describe(`service settings (${ENGINE})`, () => {
  it('answers the fallbacks before anything is set', async () => {
    const res = await user.api('/api/settings/public');
    expect(res).toEqual({
      status: 200,
      body: {
        webAppVersion: '',
        trainingVideos: [],
        dashboardData: { announcements: [] },
        oldHostnames: [],
        appUrl: 'http://localhost:3000',
      },
    });
  });

  it('lets a super admin set a value that everyone then reads', async () => {
    const put = await admin.api('/api/admin/settings/webAppVersion', {
      method: 'PUT',
      body: '{"value":"2.4.1"}',
    });
    expect(put).toEqual({ status: 200, body: { key: 'webAppVersion', value: '2.4.1' } });
    expect((await user.api('/api/settings/public')).body).toMatchObject({ webAppVersion: '2.4.1' });
  });

  it('rejects a bad value naming the field, and changes nothing', async () => {
    const bad = await admin.api('/api/admin/settings/trainingVideos', {
      method: 'PUT',
      body: JSON.stringify({ value: [{ title: 'Intro', url: 'not a url' }] }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { status: 'invalid-argument', field: '0.url' } });
    expect((await user.api('/api/settings/public')).body).toMatchObject({ trainingVideos: [] });
  });

  it('answers the app address and old host names without a token', async () => {
    await admin.api('/api/admin/settings/oldHostnames', {
      method: 'PUT',
      body: '{"value":["App.Old.example"]}',
    });
    const res = await createApp(s).request('/api/app-address');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      appUrl: 'http://localhost:3000',
      oldHostnames: ['app.old.example'],
    });
  });

  it('hides the admin routes from everyone else, and knows no other keys', async () => {
    expect(
      (
        await user.api('/api/admin/settings/webAppVersion', {
          method: 'PUT',
          body: '{"value":"9"}',
        })
      ).status,
    ).toBe(404);
    expect((await admin.api('/api/admin/settings/nope')).status).toBe(404);
    expect((await user.api('/api/settings/public')).body).toMatchObject({ webAppVersion: '2.4.1' });
  });
});
