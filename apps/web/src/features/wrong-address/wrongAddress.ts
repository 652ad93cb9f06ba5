/**
 * SPEC §8 "Old hosting domains used": the rule, apart from the dialog so it is unit-tested.
 */

/** Whether this page runs on one of the configured old host names (case-insensitive, no port). */
export function isOldHostname(hostname: string, oldHostnames: readonly string[]): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return oldHostnames.some((old) => old.toLowerCase().replace(/\.$/, '') === host);
}

/**
 * The right address for this page: the app's URL with the current path and query kept, so a
 * bookmarked deep link still lands where it pointed.
 */
export function correctAddress(
  appUrl: string,
  location: { pathname: string; search: string; hash: string },
): string {
  const target = new URL(appUrl);
  return `${target.origin}${location.pathname}${location.search}${location.hash}`;
}
