import { createRoute } from '@hono/zod-openapi';
import { CALLABLE_RESULTS, type CallableName } from '@leadloom/core';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  contractRouter,
  documentRoute,
  jsonRequest,
  jsonResponse,
  openRoute,
} from '../../http/contract';
import type { AppEnv } from '../../http/env';
import { ApiError } from '../../http/errors';
import { jsonBody, parseWith } from '../../http/validate';
import type { Services } from '../../services';
import { FUNCTIONS } from './registry';

const envelope = z.object({ data: z.unknown() });
const tags = ['callable functions'];

/**
 * Callable functions (SPEC §7), each at its own path `POST /functions/<name>`; any other name
 * answers 404. The envelope is read first, then the function's own schema, so a field at fault
 * is named as the function knows it.
 */
export function functionRoutes(services: Services) {
  const app = contractRouter();

  const call = async (c: Context<AppEnv>, name: string) => {
    const fn = Object.hasOwn(FUNCTIONS, name) ? FUNCTIONS[name] : undefined;
    if (!fn) throw new ApiError('not-found', `There is no function named "${name}".`);
    const { data } = await jsonBody(c, envelope);
    const input = parseWith(fn.schema, data);
    return c.json({ result: await fn.run(services, c.get('identity'), input) });
  };

  for (const [name, fn] of Object.entries(FUNCTIONS)) {
    const result = Object.hasOwn(CALLABLE_RESULTS, name)
      ? CALLABLE_RESULTS[name as CallableName]
      : z.unknown();
    const route = createRoute({
      method: 'post',
      path: `/functions/${name}`,
      tags,
      request: { body: jsonRequest(z.object({ data: fn.schema })) },
      responses: { 200: jsonResponse(z.object({ result }), 'The function ran') },
    });
    documentRoute(app, route);
    // Validated by `call`, in its two steps; the answer is still held to the contract.
    const { request: _request, ...answered } = route;
    openRoute(app, { ...answered, hide: true }, (c) => call(c, name));
  }

  documentRoute(
    app,
    createRoute({
      method: 'post',
      path: '/functions/{name}',
      tags,
      summary: 'Any other name: 404, there is no such function.',
      request: {
        params: z.object({ name: z.string() }),
        body: jsonRequest(envelope),
      },
      responses: {},
    }),
  );
  app.post('/functions/:name', (c) => call(c, c.req.param('name')));

  return app;
}
