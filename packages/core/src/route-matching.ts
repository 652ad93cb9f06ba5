import { NOT_FOUND_ROUTE, ROUTES, type RouteDef } from './routes';
import { splitPath } from './query-string';

export interface RouteMatch {
  route: RouteDef;
  /** Values of the pattern's `:params`; optional params that are absent are left out. */
  params: Record<string, string>;
}

interface Segment {
  /** Static text, or the param name for `:param` segments. */
  text: string;
  param: boolean;
  optional: boolean;
}

function compile(path: string): Segment[] {
  return path
    .split('/')
    .filter(Boolean)
    .map((part) =>
      part.startsWith(':')
        ? { text: part.slice(1).replace(/\?$/, ''), param: true, optional: part.endsWith('?') }
        : { text: part, param: false, optional: false },
    );
}

// Compiled once: the table is static.
const COMPILED = ROUTES.map((route) => ({ route, segments: compile(route.path) }));

function decodeSegment(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

function matchSegments(segments: Segment[], parts: string[]): Record<string, string> | null {
  if (parts.length > segments.length) return null;
  const params: Record<string, string> = {};
  for (const [i, segment] of segments.entries()) {
    const part = parts[i];
    if (part === undefined) {
      // Optional params may only trail (as in every pattern of SPEC §2).
      if (segment.optional) continue;
      return null;
    }
    if (segment.param) params[segment.text] = decodeSegment(part);
    // React Router matches static segments case-insensitively by default; so do we.
    else if (segment.text.toLowerCase() !== part.toLowerCase()) return null;
  }
  return params;
}

/**
 * The route of SPEC §2 for a pathname, with its params; the 404 route when nothing matches.
 * A query string or hash on the input is ignored, as are empty segments (trailing slashes).
 * No two patterns of the table match the same path, so the first match is the only one.
 */
export function matchRouteWithParams(pathname: string): RouteMatch {
  const parts = splitPath(pathname).pathname.split('/').filter(Boolean);
  for (const { route, segments } of COMPILED) {
    const params = matchSegments(segments, parts);
    if (params) return { route, params };
  }
  return { route: NOT_FOUND_ROUTE, params: {} };
}

/** The RouteDef for a pathname (NOT_FOUND_ROUTE when no route matches). */
export function matchRoute(pathname: string): RouteDef {
  return matchRouteWithParams(pathname).route;
}
