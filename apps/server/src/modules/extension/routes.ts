import { Hono } from 'hono';
import { z } from 'zod';
import { errorBody } from '../../http/errors';
import type { AppEnv } from '../../http/env';
import { jsonBody } from '../../http/validate';
import type { Services } from '../../services';
import { extensionZipFor } from './package';
import { endExtensionSession, exchangeLoginToken, issueLoginToken } from './service';

/** What the install page (/setup/extension) shows. */
export interface ExtensionInstallInfo {
  /** The one origin the extension talks to: this server's PUBLIC_URL. */
  appOrigin: string;
  /** EXTENSION_STORE_URL, else null: the page offers /extension.zip. */
  storeUrl: string | null;
  zipUrl: string;
}

/** Behind requireIdentity: the signed-in app asks for a token to hand to its extension. */
export function extensionRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.post('/extension/login-token', async (c) => {
    const { uid, sid } = c.get('identity');
    return c.json(await issueLoginToken(services, uid, sid));
  });
  app.get('/extension/install', (c) =>
    c.json({
      appOrigin: new URL(services.config.publicUrl).origin,
      storeUrl: services.config.extensionStoreUrl ?? null,
      zipUrl: '/extension.zip',
    } satisfies ExtensionInstallInfo),
  );
  return app;
}

const exchangeBody = z.object({ token: z.string().min(1).max(200) });

const BEARER = /^Bearer\s+(\S{1,200})$/i;

/** Public: the extension's background has no identity token yet, only the one-time token. */
export function extensionSessionRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.post('/extension/session', async (c) => {
    const { token } = await jsonBody(c, exchangeBody);
    const { sessionToken, uid } = await exchangeLoginToken(services, token);
    return c.json({ sessionToken, uid });
  });
  // The extension signs out (its popup, or the app's log_out) with its own session token.
  // Idempotent: an already ended session answers the same, so a retry never shows an error.
  app.delete('/extension/session', async (c) => {
    const match = BEARER.exec(c.req.header('authorization') ?? '');
    if (!match) {
      return c.json(
        errorBody('unauthenticated', "Send the extension's session as Authorization: Bearer"),
        401,
      );
    }
    await endExtensionSession(services, match[1]!);
    return c.body(null, 204);
  });
  return app;
}

/**
 * /extension.zip, public like the app's own code: the extension built for this server's
 * PUBLIC_URL origin (modules/extension/package.ts).
 */
export function extensionDownloadRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.get('/extension.zip', async (c) => {
    const archive = await extensionZipFor(new URL(services.config.publicUrl).origin);
    return c.body(new Uint8Array(archive), 200, {
      'content-type': 'application/zip',
      'content-disposition': 'attachment; filename="leadloom-extension.zip"',
      'cache-control': 'no-cache',
    });
  });
  return app;
}
