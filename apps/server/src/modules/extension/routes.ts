import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/env';
import { jsonBody } from '../../http/validate';
import type { Services } from '../../services';
import { exchangeLoginToken, issueLoginToken } from './service';

/** Behind requireIdentity: the signed-in app asks for a token to hand to its extension. */
export function extensionRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.post('/extension/login-token', async (c) =>
    c.json(await issueLoginToken(services, c.get('identity').uid)),
  );
  return app;
}

const exchangeBody = z.object({ token: z.string().min(1).max(200) });

/** Public: the extension's background has no identity token yet, only the one-time token. */
export function extensionSessionRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.post('/extension/session', async (c) => {
    const { token } = await jsonBody(c, exchangeBody);
    const { sessionToken, uid } = await exchangeLoginToken(services, token);
    return c.json({ sessionToken, uid });
  });
  return app;
}
