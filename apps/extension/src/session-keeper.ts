/**
 * The extension's session as both the background and the popup keep it: whether it still holds
 * at the app, and signing it out. No chrome.* here, so it is unit-tested without a browser.
 */
import type { AppClient } from './background/app-client';
import type { SessionStore } from './session';

/** How long a confirmed session is trusted before check_extension asks the app again. */
export const SESSION_RECHECK_MS = 5 * 60 * 1000;

export interface SessionKeeperDeps {
  session: SessionStore;
  app: AppClient;
  now: () => number;
}

export interface SessionKeeper {
  /**
   * Whether a session is stored and the app has not ended it (sign-out, sign-out everywhere,
   * disabled user). The app is asked at most every SESSION_RECHECK_MS unless `recheck`, and an
   * unreachable app keeps the session: a network hiccup must not raise "not logged in".
   */
  isLive(opts?: { recheck?: boolean }): Promise<boolean>;
  /** Ends the session at the app (best effort: the app's sign-out ends it too) and forgets it. */
  signOut(): Promise<void>;
}

export function createSessionKeeper(deps: SessionKeeperDeps): SessionKeeper {
  return {
    async isLive({ recheck = false } = {}) {
      const session = await deps.session.read();
      if (!session) return false;
      const fresh =
        session.checkedAt !== undefined && deps.now() - session.checkedAt < SESSION_RECHECK_MS;
      if (fresh && !recheck) return true;
      const validity = await deps.app.validate(session.token);
      if (validity === 'invalid') {
        await deps.session.clear();
        return false;
      }
      if (validity === 'valid') await deps.session.write({ ...session, checkedAt: deps.now() });
      return true;
    },
    async signOut() {
      const session = await deps.session.read();
      if (!session) return;
      await deps.app.end(session.token);
      await deps.session.clear();
    },
  };
}
