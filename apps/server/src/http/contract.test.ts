import { createRoute } from '@hono/zod-openapi';
import { pathParam } from '@leadloom/core';
import { Hono, type MiddlewareHandler } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from '../logger';
import { contractRouter, jsonRequest, jsonResponse, openRoute } from './contract';
import type { AppEnv } from './env';
import { respondError } from './errors';

/**
 * A route declared with its contract answers exactly as the API's hand-validated routes always
 * have: a JSON body is read whatever its content type says, every refusal is
 * `{error: {status, message, field}}`, the route's own middleware (auth) answers first.
 */

const loggedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.header('authorization') !== 'yes') {
    return c.json({ error: { status: 'permission-denied', message: 'User not logged in' } }, 403);
  }
  await next();
};

function appWith(answer: unknown) {
  const router = contractRouter();
  openRoute(
    router,
    createRoute({
      method: 'post',
      path: '/things/{thingUID}',
      middleware: [loggedIn],
      request: {
        params: z.object({ thingUID: z.string() }),
        query: z.object({ limit: z.coerce.number().int().max(10).default(5) }),
        body: jsonRequest(z.object({ name: z.string().min(1) })),
      },
      responses: { 201: jsonResponse(z.object({ name: z.string(), limit: z.number() }), 'ok') },
    }),
    (c) => c.json(answer ?? { ...c.req.valid('json'), limit: c.req.valid('query').limit }, 201),
  );
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('log', createLogger('silent'));
    await next();
  });
  app.onError((error, c) => respondError(c, error));
  app.route('/', router);
  return app;
}

const post = (
  app: Hono<AppEnv>,
  body: string | undefined,
  headers: Record<string, string> = { authorization: 'yes' },
  query = '',
) => app.request(`/things/t1${query}`, { method: 'POST', body, headers });

describe('a route declared with its contract', () => {
  const app = appWith(undefined);

  it('reads a JSON body whatever its content type, and answers from the validated input', async () => {
    for (const type of ['application/json', 'text/plain', undefined]) {
      const headers = { authorization: 'yes', ...(type ? { 'content-type': type } : {}) };
      const res = await post(app, '{"name":"x"}', headers, '?limit=3');
      expect(res.status, type).toBe(201);
      expect(await res.json()).toEqual({ name: 'x', limit: 3 });
    }
  });

  it('answers a missing or malformed body with the API error, never a plain-text 400 or 415', async () => {
    for (const body of [undefined, '{"name":', 'name=x']) {
      const res = await post(app, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: { status: 'invalid-argument', message: 'The request body must be JSON.' },
      });
    }
  });

  it('names the field of a body or query off the schema', async () => {
    const res = await post(app, '{"name":""}');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { field: string } }).error).toMatchObject({
      status: 'invalid-argument',
      field: 'name',
    });
    const query = await post(app, '{"name":"x"}', { authorization: 'yes' }, '?limit=99');
    expect(((await query.json()) as { error: { field: string } }).error.field).toBe('limit');
  });

  it("runs the route's middleware before it validates anything", async () => {
    const res = await post(app, '{"name":', {});
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: { status: 'permission-denied', message: 'User not logged in' },
    });
  });

  it('fails, under test, an answer off its contract', async () => {
    const res = await post(appWith({ name: 7 }), '{"name":"x"}');
    expect(res.status).toBe(500);
  });
});

describe("a route's path parameters", () => {
  const router = contractRouter();
  const answer = z.object({ uid: z.string() });
  for (const [path, uid] of [
    ['/any/{uid}', pathParam],
    ['/short/{uid}', z.string().max(3)],
  ] as const) {
    openRoute(
      router,
      createRoute({
        method: 'get',
        path,
        request: { params: z.object({ uid }) },
        responses: { 200: jsonResponse(answer, 'ok') },
      }),
      (c) => c.json({ uid: c.req.valid('param').uid }),
    );
  }
  const app = new Hono<AppEnv>();
  app.onError((error, c) => respondError(c, error));
  app.route('/', router);

  it('are taken as they come when any text will do, and checked when the schema asks more', async () => {
    const any = await app.request('/any/a%20long%2Fone');
    expect(await any.json()).toEqual({ uid: 'a long/one' });
    const short = await app.request('/short/abcd');
    expect(short.status).toBe(400);
    expect(((await short.json()) as { error: { field: string } }).error.field).toBe('uid');
    expect(await (await app.request('/short/abc')).json()).toEqual({ uid: 'abc' });
  });
});
