import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import type { Services } from '../../services';
import { getSetting } from './service';

/**
 * Public (no token): the "Wrong Web Address!" dialog (SPEC §8) must show on an old host name
 * before anyone signs in there — better-auth only trusts PUBLIC_URL's origin, so a visitor on an
 * old domain could never sign in to learn the list. Neither value is a secret.
 */
export function appAddressRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.get('/app-address', async (c) =>
    c.json({
      appUrl: services.config.publicUrl,
      oldHostnames: await getSetting(services, 'oldHostnames'),
    }),
  );
  return app;
}
