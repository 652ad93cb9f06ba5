import { OpenAPIHono, type RouteConfig, type RouteHandler } from '@hono/zod-openapi';
import { errorBodySchema, pathParam } from '@leadloom/core';
import type { Context, Handler, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ZodObject, type z } from 'zod';
import type { AppEnv } from './env';
import { ApiError, respondError, zodToApiError } from './errors';
import { jsonBody, parseWith } from './validate';

/**
 * Routes declared with their contract (`@hono/zod-openapi`): the request and response schemas
 * (from `@leadloom/core`'s contracts) validate the request and make the route's part of
 * `/api/openapi.json`.
 *
 * The request is validated here, not by the library's own validators, because those answer
 * differently from the rest of the API: a body without a JSON content type gets a plain-text
 * 415 (routes have always read JSON whatever the content type says), malformed JSON a
 * plain-text 400, and a repeated query key turns into an array. Here a body is read as
 * `jsonBody` always has, and a query as `c.req.query()` (first value of each key), so every
 * answer stays `{error: {status, message, field}}`, and a route's own middleware (auth) runs
 * before any of it.
 */

/** A router whose routes carry contracts; its registry joins the app's document when mounted. */
export function contractRouter() {
  return new OpenAPIHono<AppEnv>({
    // Only for a route declared with the library's own `openapi()`: its errors keep our shape.
    defaultHook: (result, c) => {
      if (!result.success) return respondError(c, zodToApiError(result.error));
    },
  }).onError((error, c) => respondError(c, fromHttpException(error)));
}

/** The library's own refusals (content type, malformed JSON) as the API's 400. */
function fromHttpException(error: unknown): unknown {
  if (error instanceof HTTPException && error.status < 500) {
    return new ApiError('invalid-argument', 'The request body must be JSON.');
  }
  return error;
}

/** A required JSON body of the given schema (bodies are never optional). */
export const jsonRequest = <S extends z.ZodType>(schema: S, description?: string) => ({
  required: true as const,
  ...(description ? { description } : {}),
  content: { 'application/json': { schema } },
});

/** A JSON answer of the given schema. */
export const jsonResponse = <S extends z.ZodType>(schema: S, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

type Parts<R extends RouteConfig> =
  RouteHandler<R, AppEnv> extends Handler<AppEnv, infer P, infer I> ? { path: P; input: I } : never;

/** A route's handler: its validated input typed from the contract (`c.req.valid('json')`...). */
export type ContractHandler<R extends RouteConfig> = Handler<
  AppEnv,
  Parts<R>['path'],
  Parts<R>['input'],
  Response | Promise<Response>
>;

const isZod = (value: unknown): value is z.ZodType =>
  typeof value === 'object' && value !== null && 'safeParse' in value;

/** The zod schema of a JSON media type (a `$ref` is never used for a request or answer). */
function schemaOf(media: object | undefined): z.ZodType | undefined {
  const schema: unknown = media && 'schema' in media ? media.schema : undefined;
  return isZod(schema) ? schema : undefined;
}

const bodySchemaOf = (route: RouteConfig) =>
  schemaOf(route.request?.body?.content['application/json']);

const validated = (schema: z.ZodType, value: unknown) => parseWith(schema, value) as object;

/**
 * Path parameters that are all core's `pathParam` (any text) cannot fail: they are taken as they
 * come, with no parse on the request's path (the board's read is the app's hottest).
 */
const anyTextParams = (params: unknown) =>
  params instanceof ZodObject &&
  Object.values(params.shape as Record<string, unknown>).every((s) => s === pathParam);

/** Params, then query, then body: each failure is a 400 naming the field. */
function validatorOf(route: RouteConfig): MiddlewareHandler<AppEnv> | undefined {
  const params = route.request?.params;
  const query = route.request?.query;
  const body = bodySchemaOf(route);
  if (!params && !query && !body) return undefined;
  const parseParams = isZod(params) && !anyTextParams(params);
  return async (c, next) => {
    if (parseParams) c.req.addValidatedData('param', validated(params, c.req.param()));
    else if (params) c.req.addValidatedData('param', c.req.param());
    if (isZod(query)) c.req.addValidatedData('query', validated(query, c.req.query()));
    if (body) c.req.addValidatedData('json', (await jsonBody(c, body)) as object);
    await next();
  };
}

/**
 * Under test, every JSON answer is checked against the route's response schema for its status,
 * so each module's tests also prove that the contracts the web app is typed from are true.
 */
const CHECK_ANSWERS = process.env.NODE_ENV === 'test';

async function checkAnswer(route: RouteConfig, res: Response) {
  const answer = route.responses[res.status];
  const content = answer && 'content' in answer ? answer.content : undefined;
  const schema = schemaOf(content?.['application/json']);
  if (!schema || !res.headers.get('content-type')?.includes('json')) return;
  const parsed = schema.safeParse(await res.clone().json());
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `${route.method.toUpperCase()} ${route.path} answered ${res.status} off its contract: ` +
        `${issue?.path.join('.')}: ${issue?.message}`,
    );
  }
}

/** Hono's spelling of an OpenAPI path: `{teamUID}` as `:teamUID`. */
export const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * Puts a route's contract in the document only, for a route that validates in steps of its own
 * (a callable function reads its `{data}` envelope, then the function's own schema).
 */
export function documentRoute(app: OpenAPIHono<AppEnv>, route: RouteConfig) {
  const { middleware: _middleware, hide: _hide, ...doc } = route;
  app.openAPIRegistry.registerPath({
    ...doc,
    responses: {
      default: jsonResponse(errorBodySchema, 'An error: `{error: {status, message, field?}}`'),
      ...doc.responses,
    },
  });
}

/**
 * Declares a route with its contract on a `contractRouter()`: the route's `middleware` (auth)
 * runs first, then the request is validated, then the handler. Every route documents the error
 * answer as its `default` response.
 */
export function openRoute<R extends RouteConfig>(
  app: OpenAPIHono<AppEnv>,
  route: R,
  handler: ContractHandler<R>,
) {
  const { middleware, hide } = route;
  if (!hide) documentRoute(app, route);
  const validator = validatorOf(route);
  const handlers = [
    ...(middleware ? [middleware].flat() : []),
    ...(validator ? [validator] : []),
    async (c: Context<AppEnv>, next: () => Promise<void>) => {
      const res = await (handler as unknown as Handler<AppEnv>)(c, next);
      if (CHECK_ANSWERS && res instanceof Response) await checkAnswer(route, res);
      return res;
    },
  ] as MiddlewareHandler<AppEnv>[];
  app.on([route.method.toUpperCase()], [honoPath(route.path)], ...handlers);
  return app;
}
