import { createRoute } from '@hono/zod-openapi';
import {
  adminSettingAnswer,
  adminSettingBody,
  pathParam,
  publicSettingsAnswer,
  publishWebAppVersionBody,
  webAppVersionAnswer,
} from '@leadloom/core';
import { z } from 'zod';
import {
  contractRouter,
  documentRoute,
  jsonRequest,
  jsonResponse,
  openRoute,
} from '../../http/contract';
import { ApiError } from '../../http/errors';
import { requireSuper } from '../../http/require-super';
import type { Services } from '../../services';
import { publishedWebAppVersion, publishWebAppVersion } from './app-version';
import { getSetting, isSettingKey, setSetting, type SettingKey } from './service';

const admin = { tags: ['admin'], middleware: [requireSuper] };
const keyParams = z.object({ key: pathParam });

/** Public settings every signed-in app reads at boot (no secrets here), and their admin side. */
export function settingsRoutes(services: Services) {
  const app = contractRouter();

  const publicSettings = createRoute({
    method: 'get',
    path: '/settings/public',
    tags: ['settings'],
    summary: 'The published web app version, training videos, announcements and old host names.',
    responses: { 200: jsonResponse(publicSettingsAnswer, 'The public settings') },
  });
  openRoute(app, publicSettings, async (c) =>
    c.json({
      webAppVersion: (await publishedWebAppVersion(services)).value,
      trainingVideos: await getSetting(services, 'trainingVideos'),
      dashboardData: await getSetting(services, 'dashboardData'),
      oldHostnames: await getSetting(services, 'oldHostnames'),
      // Where the "Wrong Web Address!" dialog sends users (SPEC §8): this server's PUBLIC_URL.
      appUrl: services.config.publicUrl,
    }),
  );

  // The web app version has its own rules (app-version.ts): not a plain stored value.
  const version = createRoute({
    method: 'get',
    path: '/admin/settings/webAppVersion',
    ...admin,
    summary: 'The web app version users are told to run, and this build (super admins only).',
    responses: { 200: jsonResponse(webAppVersionAnswer, 'The published version') },
  });
  openRoute(app, version, async (c) =>
    c.json({ key: 'webAppVersion' as const, ...(await publishedWebAppVersion(services)) }),
  );

  const publish = createRoute({
    method: 'put',
    path: '/admin/settings/webAppVersion',
    ...admin,
    summary:
      'Publishes the web app version users are told to run; another than this build only with ' +
      '`force` (super admins only).',
    request: { body: jsonRequest(publishWebAppVersionBody) },
    responses: { 200: jsonResponse(webAppVersionAnswer, 'The published version') },
  });
  openRoute(app, publish, async (c) =>
    c.json(await publishWebAppVersion(services, c.req.valid('json'))),
  );

  const settingKey = (key: string): SettingKey => {
    if (!isSettingKey(key)) throw new ApiError('not-found', `There is no setting named "${key}".`);
    return key;
  };

  const read = createRoute({
    method: 'get',
    path: '/admin/settings/{key}',
    ...admin,
    summary:
      'A service setting: trainingVideos, dashboardData or oldHostnames (super admins only).',
    request: { params: keyParams },
    responses: { 200: jsonResponse(adminSettingAnswer, 'The value') },
  });
  openRoute(app, read, async (c) => {
    const key = settingKey(c.req.valid('param').key);
    return c.json({ key, value: await getSetting(services, key) });
  });

  // The key is checked before the body, as it always was; the value by the key's own schema.
  const write = createRoute({
    method: 'put',
    path: '/admin/settings/{key}',
    ...admin,
    summary: 'Replaces a service setting’s whole value (super admins only).',
    request: { params: keyParams, body: jsonRequest(adminSettingBody) },
    responses: { 200: jsonResponse(adminSettingAnswer, 'The value as stored') },
  });
  documentRoute(app, write);
  const { request: _request, ...writeAnswered } = write;
  openRoute(app, { ...writeAnswered, hide: true }, async (c) => {
    const key = settingKey(c.req.param('key'));
    // JSON that is no object (null, a number) has no value: the key's schema refuses it.
    const body = (await jsonBody(c.req.raw)) as { value?: unknown } | null;
    return c.json({ key, value: await setSetting(services, key, body?.value) });
  });
  return app;
}

function jsonBody(request: Request): Promise<unknown> {
  return request.json().catch(() => {
    throw new ApiError('invalid-argument', 'The request body must be JSON.');
  });
}
