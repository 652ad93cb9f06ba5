import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { ApiError } from '../../http/errors';
import { requireSuper } from '../../http/require-super';
import type { Services } from '../../services';
import { publishedWebAppVersion, publishWebAppVersion } from './app-version';
import { getSetting, isSettingKey, setSetting } from './service';

/** Public settings every signed-in app reads at boot (no secrets here). */
export function settingsRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.get('/settings/public', async (c) =>
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
  app.get('/admin/settings/webAppVersion', requireSuper, async (c) =>
    c.json({ key: 'webAppVersion', ...(await publishedWebAppVersion(services)) }),
  );
  app.put('/admin/settings/webAppVersion', requireSuper, async (c) =>
    c.json(await publishWebAppVersion(services, await jsonBody(c.req.raw))),
  );
  app.get('/admin/settings/:key', requireSuper, async (c) => {
    const key = c.req.param('key');
    if (!isSettingKey(key)) throw new ApiError('not-found', `There is no setting named "${key}".`);
    return c.json({ key, value: await getSetting(services, key) });
  });
  app.put('/admin/settings/:key', requireSuper, async (c) => {
    const key = c.req.param('key');
    if (!isSettingKey(key)) throw new ApiError('not-found', `There is no setting named "${key}".`);
    const body = (await jsonBody(c.req.raw)) as { value?: unknown };
    return c.json({ key, value: await setSetting(services, key, body.value) });
  });
  return app;
}

function jsonBody(request: Request): Promise<unknown> {
  return request.json().catch(() => {
    throw new ApiError('invalid-argument', 'The request body must be JSON.');
  });
}
