import { matchRoute } from './route-matching';

/**
 * SPEC §4 "App version": when the published web app version differs from the running one,
 * queue processor windows (/queue/...) reload at once (nobody watches them); everywhere else
 * a persistent notice with a Refresh action is shown, so nobody loses unsaved work.
 */
export function appVersionAction(
  running: string,
  published: string | null | undefined,
  pathname: string,
): 'none' | 'reload' | 'notify' {
  if (!published || published === running) return 'none';
  return matchRoute(pathname).path === '/queue/:platform' ? 'reload' : 'notify';
}
