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

/**
 * A web app version a super admin published over the default, with the build the server ran
 * then. The default is the server's own build: a version no build has would ask every user to
 * refresh, and again after each refresh, for ever.
 */
export interface VersionOverride {
  version: string;
  setOnBuild: string;
}

/**
 * The version users are told to run: the server's own build, unless an admin published another
 * one while this same build ran. A new build ends an override (it was set for the old one), so
 * a deploy never leaves users with a notice that Refresh cannot clear.
 */
export function publishedAppVersion(build: string, override: VersionOverride | null): string {
  return override && override.setOnBuild === build ? override.version : build;
}

/** Why publishing `requested` on a server running `build` needs a second thought; null if it matches. */
export function unmatchedVersionMessage(build: string, requested: string): string | null {
  if (requested === build) return null;
  return (
    `No build of version ${requested} runs here: this server runs ${build}. Every user would be ` +
    `asked to refresh, and asked again after each refresh, until a ${requested} build is deployed.`
  );
}
