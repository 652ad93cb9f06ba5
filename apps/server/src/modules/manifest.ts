import type { Hono } from 'hono';
import type { AppEnv } from '../http/env';
import type { Services } from '../services';

/** A router factory: the module's routes, built once at start with the app's services. */
export type Router = (services: Services) => Hono<AppEnv>;

/**
 * What a module brings to the app, in one place: the HTTP app, the job queues and the
 * start-up loop over the list in `modules/index.ts` and wire nothing by hand. A module is a
 * folder under `modules/` plus its line in that list (a test fails for a folder without one).
 */
export interface ModuleManifest {
  /** The module's folder under `modules/`. */
  name: string;
  /** Routers under `/api`, behind the identity check (team routes get their scope there). */
  api?: Router[];
  /** Routers under `/api` that need no identity token (sign-up, invitation look-up...). */
  publicApi?: Router[];
  /** Routers at the spec's own paths (`/v2`...), mounted at the root; each authenticates itself. */
  specPaths?: Router[];
  /** Routers at the root outside `/api` that are not spec paths (the extension's download). */
  root?: Router[];
  /** Job queues this module sends to; all are created at start. */
  queues?: readonly string[];
  /** Starts the module's workers, after the queues exist. */
  start?: (services: Services) => Promise<void>;
}

export const defineModule = (manifest: ModuleManifest) => manifest;
