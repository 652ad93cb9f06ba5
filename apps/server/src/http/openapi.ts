import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { AUTH_ENDPOINTS } from '../auth/endpoints';
import { BUILD_VERSION } from '../build-version';
import type { AppEnv } from './env';
import { jsonResponse } from './contract';

/** Where the API's OpenAPI 3.1 document is published (the public API builds on it). */
export const OPENAPI_PATH = '/api/openapi.json';

/** The identity token every `/api` route but the public ones carries (DESIGN §4). */
const IDENTITY_TOKEN = 'identityToken';

/** What better-auth's endpoints do; their bodies are better-auth's own (docs/api.md "Identity"). */
const AUTH_SUMMARIES: Record<string, string> = {
  '/api/auth/sign-in/email': 'Signs in with email and password (sets the session cookie).',
  '/api/auth/sign-out': 'Ends the session, and the extension sessions made from it.',
  '/api/auth/revoke-sessions': 'Signs out everywhere.',
  '/api/auth/token': 'The identity token, from the session cookie or its bearer token.',
  '/api/auth/jwks': 'The keys identity and partner tokens are checked against.',
  '/api/auth/request-password-reset': 'Mails a password-reset link.',
  '/api/auth/reset-password': 'Sets a new password from a reset link; ends every session.',
  '/api/auth/change-password': 'Changes the password; may end the other sessions.',
};

const okAnswer = z.object({ ok: z.boolean() });

/**
 * The routes the app itself answers outside the modules: health, readiness, this document, and
 * the better-auth endpoints the app keeps (AUTH_ENDPOINTS; every other better-auth endpoint
 * answers 404 and is not part of the API). better-auth validates its own bodies.
 */
export function documentApp(app: OpenAPIHono<AppEnv>) {
  const registry = app.openAPIRegistry;
  registry.registerComponent('securitySchemes', IDENTITY_TOKEN, {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The identity token from `GET /api/auth/token` (DESIGN §4).',
  });
  const open = { security: [] };
  registry.registerPath({
    method: 'get',
    path: '/healthz',
    summary: 'The process answers.',
    ...open,
    responses: { 200: jsonResponse(okAnswer, 'Alive') },
  });
  registry.registerPath({
    method: 'get',
    path: '/readyz',
    summary: 'The process and its database answer.',
    ...open,
    responses: {
      200: jsonResponse(okAnswer.extend({ database: z.string() }), 'Ready'),
      503: jsonResponse(okAnswer.extend({ database: z.string() }), 'The database does not answer'),
    },
  });
  registry.registerPath({
    method: 'get',
    path: OPENAPI_PATH,
    summary: 'This document (OpenAPI 3.1).',
    ...open,
    responses: { 200: { description: 'The OpenAPI document' } },
  });
  for (const endpoint of AUTH_ENDPOINTS) {
    registry.registerPath({
      method: endpoint.method === 'GET' ? 'get' : 'post',
      path: endpoint.path,
      tags: ['identity (better-auth)'],
      summary: AUTH_SUMMARIES[endpoint.path] ?? 'A better-auth endpoint.',
      ...open,
      responses: { 200: { description: "better-auth's answer" } },
    });
  }
}

const documents = new WeakMap<object, unknown>();

/** The app's OpenAPI 3.1 document, built once from every mounted contract router. */
export function openApiDocument(app: OpenAPIHono<AppEnv>): unknown {
  let document = documents.get(app);
  if (!document) {
    document = app.getOpenAPI31Document({
      openapi: '3.1.0',
      info: {
        title: 'Leadloom API',
        version: BUILD_VERSION,
        description:
          'Every error answers `{error: {status, message, field?}}` (docs/api.md). Team routes ' +
          'live under `/api/teams/{teamUID}`; a team the caller is not in answers 404.',
      },
      security: [{ [IDENTITY_TOKEN]: [] }],
    });
    documents.set(app, document);
  }
  return document;
}
