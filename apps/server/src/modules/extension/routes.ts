import { createRoute } from '@hono/zod-openapi';
import {
  errorBodySchema,
  extensionInstallAnswer,
  extensionLoginTokenAnswer,
  extensionSessionAnswer,
  extensionSessionBody,
} from '@leadloom/core';
import { contractRouter, jsonRequest, jsonResponse, openRoute } from '../../http/contract';
import { errorBody } from '../../http/errors';
import type { Services } from '../../services';
import { extensionZipFor } from './package';
import { endExtensionSession, exchangeLoginToken, issueLoginToken } from './service';

const tags = ['extension'];

/** Behind requireIdentity: the signed-in app asks for a token to hand to its extension. */
export function extensionRoutes(services: Services) {
  const app = contractRouter();

  const loginToken = createRoute({
    method: 'post',
    path: '/extension/login-token',
    tags,
    summary: 'A one-time token the signed-in app hands its extension to sign it in.',
    responses: { 200: jsonResponse(extensionLoginTokenAnswer, 'The token, for this user') },
  });
  openRoute(app, loginToken, async (c) => {
    const { uid, sid } = c.get('identity');
    return c.json(await issueLoginToken(services, uid, sid));
  });

  const install = createRoute({
    method: 'get',
    path: '/extension/install',
    tags,
    summary: 'What the install page shows: the app origin, the store link or the zip.',
    responses: { 200: jsonResponse(extensionInstallAnswer, 'Where to get the extension') },
  });
  openRoute(app, install, (c) =>
    c.json({
      appOrigin: new URL(services.config.publicUrl).origin,
      storeUrl: services.config.extensionStoreUrl ?? null,
      zipUrl: '/extension.zip',
    }),
  );
  return app;
}

const BEARER = /^Bearer\s+(\S{1,200})$/i;

/** The extension's own session token, not an identity token. */
const extensionSession = { security: [{ extensionSession: [] }] };

/** Public: the extension's background has no identity token yet, only the one-time token. */
export function extensionSessionRoutes(services: Services) {
  const app = contractRouter();
  app.openAPIRegistry.registerComponent('securitySchemes', 'extensionSession', {
    type: 'http',
    scheme: 'bearer',
    description: "The extension's session token from `POST /api/extension/session`.",
  });

  const exchange = createRoute({
    method: 'post',
    path: '/extension/session',
    tags,
    security: [],
    summary: 'Trades the one-time token for the extension’s own session.',
    request: { body: jsonRequest(extensionSessionBody) },
    responses: { 200: jsonResponse(extensionSessionAnswer, 'The extension’s session token') },
  });
  openRoute(app, exchange, async (c) => {
    const { token } = c.req.valid('json');
    const { sessionToken, uid } = await exchangeLoginToken(services, token);
    return c.json({ sessionToken, uid });
  });

  // The extension signs out (its popup, or the app's log_out) with its own session token.
  // Idempotent: an already ended session answers the same, so a retry never shows an error.
  const end = createRoute({
    method: 'delete',
    path: '/extension/session',
    tags,
    ...extensionSession,
    summary: 'Ends the extension’s session; an already ended one answers the same.',
    responses: {
      204: { description: 'The session is ended' },
      401: jsonResponse(errorBodySchema, 'No extension session in the Authorization header'),
    },
  });
  openRoute(app, end, async (c) => {
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
  const app = contractRouter();
  const download = createRoute({
    method: 'get',
    path: '/extension.zip',
    tags,
    security: [],
    summary: 'The extension, built for this server’s origin, as a zip to load unpacked.',
    responses: {
      200: {
        description: 'The extension',
        content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
      },
    },
  });
  openRoute(app, download, async (c) => {
    const archive = await extensionZipFor(new URL(services.config.publicUrl).origin);
    return c.body(new Uint8Array(archive), 200, {
      'content-type': 'application/zip',
      'content-disposition': 'attachment; filename="leadloom-extension.zip"',
      'cache-control': 'no-cache',
    });
  });
  return app;
}
