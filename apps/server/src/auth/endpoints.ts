import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/env';
import { errorBody } from '../http/errors';

/**
 * The better-auth endpoints the app exposes under /api/auth: the ones the web app, the extension
 * and the partners use (docs/api.md "Identity"). Every other better-auth endpoint answers 404:
 * better-auth's organization, admin and profile endpoints skip the app's rules (roles, the
 * owner's standing, field limits), so members, roles and profile fields change only through the
 * app's validated routes.
 */
export interface AuthEndpoint {
  method: 'GET' | 'POST';
  path: string;
  /** Ends one or more sessions (a fuzzer uses throwaway accounts for these). */
  endsSessions: boolean;
}

export const AUTH_ENDPOINTS: readonly AuthEndpoint[] = Object.freeze([
  { method: 'POST', path: '/api/auth/sign-in/email', endsSessions: false },
  { method: 'POST', path: '/api/auth/sign-out', endsSessions: true },
  /** "Sign out everywhere". */
  { method: 'POST', path: '/api/auth/revoke-sessions', endsSessions: true },
  /** The identity token, from the session cookie (web) or its bearer token (extension). */
  { method: 'GET', path: '/api/auth/token', endsSessions: false },
  /** The keys identity and partner tokens are checked against. */
  { method: 'GET', path: '/api/auth/jwks', endsSessions: false },
  { method: 'POST', path: '/api/auth/request-password-reset', endsSessions: false },
  /** Ends every session of the account (revokeSessionsOnPasswordReset). */
  { method: 'POST', path: '/api/auth/reset-password', endsSessions: true },
  /** With `revokeOtherSessions`, ends the account's other sessions. */
  { method: 'POST', path: '/api/auth/change-password', endsSessions: true },
] as const satisfies readonly AuthEndpoint[]);

const exposed = new Set(AUTH_ENDPOINTS.map((e) => `${e.method} ${e.path}`));

/**
 * Whether a request reaches better-auth. `pathname` is the request URL's own (still
 * percent-encoded) path, the one better-auth routes on, so no spelling of a path can be allowed
 * here and routed to another endpoint there.
 */
export function isExposedAuthEndpoint(method: string, pathname: string): boolean {
  return exposed.has(`${method} ${pathname}`);
}

/** Answers 404, as for any unknown API path, unless the request is one of AUTH_ENDPOINTS. */
export function authEndpointsOnly(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (isExposedAuthEndpoint(c.req.method, new URL(c.req.url).pathname)) return next();
    return c.json(errorBody('not-found', 'No such API endpoint'), 404);
  };
}
