import crypto from 'node:crypto';
import { OpenAPIHono } from '@hono/zod-openapi';
import { databaseAnswers } from '../db/health';
import { limitAuthFields } from '../auth/auth-fields';
import { authEndpointsOnly } from '../auth/endpoints';
import { authThrottle } from '../auth/throttle';
import { endExtensionSessionsOf } from '../modules/extension/service';
import type { Services } from '../services';
import { setAnswerHeader } from './answer-headers';
import { bodyLimits } from './body-limit';
import type { AppEnv } from './env';
import { documentApp, OPENAPI_PATH, openApiDocument } from './openapi';
import { errorBody, respondError } from './errors';
import { rejectBadInput } from './reject-bad-input';
import { requireIdentity } from './require-identity';
import { API_MODULES, PUBLIC_API_MODULES, ROOT_MODULES, SPEC_PATH_MODULES } from './routes';
import { teamRoute } from './team-route';
import { securityHeadersFor } from './security-headers';
import { createStaticHandler } from './static';

export function createApp(services: Services, opts: { webDist?: string | undefined } = {}) {
  const app = new OpenAPIHono<AppEnv>();
  // Headers go on every answer, the 413s below included; the middleware reads no body.
  app.use('*', securityHeadersFor(services.config));
  // Then the body limit: nothing below reads a body over its route's limit.
  app.use('*', bodyLimits());

  app.use('*', async (c, next) => {
    const requestId = c.req.header('x-request-id')?.slice(0, 64) || crypto.randomUUID();
    const log = services.logger.child({ requestId });
    c.set('requestId', requestId);
    c.set('log', log);
    const started = performance.now();
    await next();
    setAnswerHeader(c, 'x-request-id', requestId);
    if (c.req.path.startsWith('/api') || c.req.path.startsWith('/v2')) {
      log.debug(
        {
          method: c.req.method,
          path: c.req.path,
          status: c.res.status,
          ms: Math.round(performance.now() - started),
        },
        'request',
      );
    }
  });
  app.onError((error, c) => respondError(c, error));
  app.use('*', rejectBadInput());

  app.get('/healthz', (c) => c.json({ ok: true }));
  app.get('/readyz', async (c) => {
    const ok = await databaseAnswers(services.database);
    return c.json({ ok, database: services.database.mode }, ok ? 200 : 503);
  });
  // Public, like the API it describes: the contract of every route (read when it is asked for).
  app.get(OPENAPI_PATH, (c) => c.json(openApiDocument(app)));

  // better-auth: sign-in/out, sessions, the identity token (/api/auth/token) and JWKS; only
  // the endpoints the app uses (AUTH_ENDPOINTS).
  app.use('/api/auth/*', authEndpointsOnly());
  app.use('/api/auth/*', limitAuthFields());
  app.use('/api/auth/*', authThrottle(services));
  app.post('/api/auth/sign-out', async (c) => {
    // The session being ended, read before better-auth ends it: the extension sessions made
    // from it end with it, whether or not the extension heard the app's log_out.
    const signedIn = await services.auth.api
      .getSession({ headers: c.req.raw.headers })
      .catch(() => null);
    const res = await services.auth.handler(c.req.raw);
    if (res.ok && signedIn) await endExtensionSessionsOf(services, signedIn.session.id);
    return res;
  });
  app.on(['GET', 'POST'], '/api/auth/*', (c) => services.auth.handler(c.req.raw));

  for (const module of PUBLIC_API_MODULES) app.route('/api', module(services));
  const api = new OpenAPIHono<AppEnv>();
  api.use('*', requireIdentity(services.verifyToken));
  api.use('/teams/:teamUID/*', teamRoute(services.database));
  for (const module of API_MODULES) api.route('/', module(services));
  app.route('/api', api);
  app.all('/api/*', (c) => c.json(errorBody('not-found', 'No such API endpoint'), 404));
  for (const module of SPEC_PATH_MODULES) app.route('/', module(services));
  for (const module of ROOT_MODULES) app.route('/', module(services));

  documentApp(app);

  if (opts.webDist) app.get('*', createStaticHandler(opts.webDist));
  return app;
}
