import { appVersionAction } from '@leadloom/core';

declare const __APP_VERSION__: string;

/** The version this build was made from (root package.json, injected by Vite `define`). */
export const RUNNING_VERSION: string =
  typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0.0.0';

const RELOADED_FOR_KEY = 'leadloom.reloadedForVersion';

type TabStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * core's appVersionAction, except that a queue window reloads once per published version: if
 * the reloaded build still differs (the new build is not deployed yet, or the admin typed another
 * version) it would otherwise reload every time it loads, forever; it shows the notice instead.
 */
export function versionAction(
  published: string | undefined,
  pathname: string,
  storage: TabStorage,
  running: string = RUNNING_VERSION,
): ReturnType<typeof appVersionAction> {
  const action = appVersionAction(running, published, pathname);
  if (action !== 'reload') return action;
  return storage.getItem(RELOADED_FOR_KEY) === published ? 'notify' : 'reload';
}

/** Remembers, for this tab, that it reloaded for `published`. */
export function markReloaded(published: string, storage: TabStorage): void {
  storage.setItem(RELOADED_FOR_KEY, published);
}
