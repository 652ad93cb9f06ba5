import { defaultViewPath, PIPELINE_PATH } from './default-view';
import { matchRouteWithParams } from './route-matching';

/**
 * Where a redirect-only route of SPEC §2 sends the user (`RouteDef.redirect`), or null for
 * any other route: "/" → the default view, /members/profile/:GTID → /contact/{GTID},
 * /signin → /login.
 */
export function redirectFor(pathname: string, defaultContactView?: unknown): string | null {
  const { route, params } = matchRouteWithParams(pathname);
  switch (route.path) {
    case '/':
      return defaultViewPath(defaultContactView);
    case '/members/profile/:GTID':
      return `/contact/${encodeURIComponent(params.GTID ?? '')}`;
    case '/signin':
      return '/login';
    default:
      return null;
  }
}

/** The permission that opens the admin area (SPEC §2, §6). */
export const SUPER_PERMISSION = 'super';

/**
 * Whether the token's custom attributes grant "super". Accepts the permissions as a list, a
 * comma/space separated string or a map of name → true, since identity providers differ.
 */
export function hasSuperPermission(permissions: unknown): boolean {
  if (Array.isArray(permissions)) return permissions.includes(SUPER_PERMISSION);
  if (typeof permissions === 'string')
    return permissions.split(/[\s,]+/).includes(SUPER_PERMISSION);
  if (permissions && typeof permissions === 'object') {
    return (permissions as Record<string, unknown>)[SUPER_PERMISSION] === true;
  }
  return false;
}

/** SPEC §2: /admin is only for "super" users; everyone else is sent to the pipeline route. */
export function adminRedirect(pathname: string, permissions: unknown): string | null {
  const { route } = matchRouteWithParams(pathname);
  if (route.path !== '/admin/:tab?') return null;
  return hasSuperPermission(permissions) ? null : PIPELINE_PATH;
}

/**
 * A `next` value is only followed when it is a path inside the app: an absolute URL or a
 * protocol-relative "//host" would make the login page an open redirect.
 */
export function safeNextPath(next: unknown, fallback = '/'): string {
  if (typeof next !== 'string') return fallback;
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  return next;
}
