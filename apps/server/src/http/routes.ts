import { MODULES } from '../modules';
import type { Router } from '../modules/manifest';
import { realtimeRoutes } from '../realtime/routes';

const routersOf = (pick: (m: (typeof MODULES)[number]) => Router[] | undefined): Router[] =>
  MODULES.flatMap((m) => pick(m) ?? []);

/**
 * Every module's API router, mounted under /api behind requireIdentity, in the modules' order
 * (modules/index.ts), then the realtime stream. The tenant-isolation test walks the resulting
 * route table: a team-scoped route without a fixture fails it.
 */
export const API_MODULES: Router[] = [...routersOf((m) => m.api), realtimeRoutes];

/** Routers that need no identity token (sign-up, invitation look-up); mounted under /api. */
export const PUBLIC_API_MODULES: Router[] = routersOf((m) => m.publicApi);

/**
 * Routers at the spec's own paths, outside /api (DESIGN §6: `/v2`, `/v2/bulk`, later `/v2/ai/*`);
 * mounted at the root. Each authenticates itself (the spec's search answers "User not logged in"
 * without a token, where /api answers 401).
 */
export const SPEC_PATH_MODULES: Router[] = routersOf((m) => m.specPaths);

/** Other routers at the root (the extension's download), after the spec paths. */
export const ROOT_MODULES: Router[] = routersOf((m) => m.root);
