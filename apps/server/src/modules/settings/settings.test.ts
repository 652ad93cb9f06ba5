import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../http/app';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import { createUser, makeSuper, signIn } from '../../test/team-fixtures';
import type { TestClient } from '../../test/http-client';
import { BUILD_VERSION } from '../../build-version';
import { publishedWebAppVersion } from './app-version';

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
        webAppVersion: BUILD_VERSION,
        trainingVideos: [],
        dashboardData: { announcements: [] },
        oldHostnames: [],
        appUrl: 'http://localhost:3000',
      },
    });
  });

  it("publishes the server's own build by default: the root package.json version the web app is built with", async () => {
    const root = new URL('../../../../../package.json', import.meta.url);
    const { version } = JSON.parse(readFileSync(root, 'utf8')) as { version: string };
    expect(BUILD_VERSION).toBe(version);
    expect((await admin.api('/api/admin/settings/webAppVersion')).body).toEqual({
      key: 'webAppVersion',
      value: version,
      build: version,
      override: false,
    });
  });

  it('refuses a web app version no build has, with the reason, and changes nothing', async () => {
    const put = await admin.api('/api/admin/settings/webAppVersion', {
      method: 'PUT',
      body: '{"value":"2.4.1"}',
    });
    expect(put.status).toBe(400);
    expect(put.body).toEqual({
      error: {
        status: 'invalid-argument',
        field: 'value',
        message:
          `No build of version 2.4.1 runs here: this server runs ${BUILD_VERSION}. Every user ` +
          'would be asked to refresh, and asked again after each refresh, until a 2.4.1 build is ' +
          'deployed. Publish it anyway only if that build is about to go live.',
      },
    });
    expect((await user.api('/api/settings/public')).body).toMatchObject({
      webAppVersion: BUILD_VERSION,
    });
    for (const body of ['{"value":""}', '{"value":2}', '{"value":"1","extra":1}', 'nope']) {
      const res = await admin.api('/api/admin/settings/webAppVersion', { method: 'PUT', body });
      expect(res.status, body).toBe(400);
    }
  });

  it('publishes another version only when forced, until the server runs another build', async () => {
    const put = await admin.api('/api/admin/settings/webAppVersion', {
      method: 'PUT',
      body: '{"value":"2.4.1","force":true}',
    });
    expect(put).toEqual({
      status: 200,
      body: { key: 'webAppVersion', value: '2.4.1', build: BUILD_VERSION, override: true },
    });
    expect((await user.api('/api/settings/public')).body).toMatchObject({ webAppVersion: '2.4.1' });
    const fn = await user.api('/api/functions/v2-app-getWebAppVersion', {
      method: 'POST',
      body: '{"data":{}}',
    });
    expect(fn.body).toEqual({ result: { version: '2.4.1' } });
    // A deploy (another build) ends the override: that build's version is published.
    expect(await publishedWebAppVersion(s, '2.5.0')).toEqual({
      value: '2.5.0',
      build: '2.5.0',
      override: false,
    });
  });

  it("publishing this build's version ends an override", async () => {
    const put = await admin.api('/api/admin/settings/webAppVersion', {
      method: 'PUT',
      body: JSON.stringify({ value: BUILD_VERSION }),
    });
    expect(put.body).toMatchObject({ value: BUILD_VERSION, override: false });
    expect((await user.api('/api/settings/public')).body).toMatchObject({
      webAppVersion: BUILD_VERSION,
    });
    await admin.api('/api/admin/settings/webAppVersion', {
      method: 'PUT',
      body: '{"value":"2.4.1","force":true}',
    });
  });

  it('rejects a bad value naming the field, and changes nothing', async () => {
    const bad = await admin.api('/api/admin/settings/trainingVideos', {
      method: 'PUT',
      body: JSON.stringify({ value: [{ title: 'Intro', url: 'not a url' }] }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { status: 'invalid-argument', field: '0.url' } });
    // JSON that is no object has no value: a 400 like any other bad value, never a 500.
    const nothing = await admin.api('/api/admin/settings/trainingVideos', {
      method: 'PUT',
      body: 'null',
    });
    expect(nothing.status).toBe(400);
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
