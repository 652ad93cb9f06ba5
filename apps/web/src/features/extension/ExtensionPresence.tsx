import { EXTENSION_NOT_INSTALLED_MESSAGE, EXTENSION_NOT_LOGGED_IN_MESSAGE } from '@leadloom/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useCurrentUser } from '../session/CurrentUser';
import type { ExtensionPresence } from './bridge';
import { browserPresenceDeps, checkPresence, PRESENCE_CHECK_INTERVAL_MS } from './presence';

const NOTIFICATION_ID = 'extension-presence';

const WARNING: Record<Exclude<ExtensionPresence, 'ready'>, string> = {
  'not-installed': EXTENSION_NOT_INSTALLED_MESSAGE,
  'not-logged-in': EXTENSION_NOT_LOGGED_IN_MESSAGE,
};

/**
 * The room the persistent warning takes at the bottom of the window. While it shows, the screen's
 * scroll area ends this much higher (NotificationCenter reads the variable), so a Save button or
 * the last row at the end of a page can still be scrolled clear of it.
 */
const NOTICE_SPACE = '--persistent-notice-space';

/**
 * Counts show and hide calls, so a warning waiting for its frame is dropped when a later call
 * (the extension found, the user signed out) has come first.
 */
let generation = 0;

/**
 * Runs `fn` once the next frame is painted: requestAnimationFrame callbacks run just before a
 * paint, and a task queued from one runs after it.
 */
function afterNextPaint(fn: () => void): void {
  requestAnimationFrame(() => setTimeout(fn, 0));
}

function hidePresence(): void {
  generation += 1;
  notifications.hide(NOTIFICATION_ID);
  document.documentElement.style.removeProperty(NOTICE_SPACE);
}

function showPresence(presence: ExtensionPresence): void {
  if (presence === 'ready') {
    hidePresence();
    return;
  }
  // The room is taken at once, so the screen lays out its rows for the space it will keep (a
  // table shows the same rows on every teammate's screen); the warning itself comes a frame
  // later: its enter transition measures the page, and in the app's first frame that forced
  // layout would hold back the first paint (issue 7, the table's first rows within 1 s).
  document.documentElement.style.setProperty(NOTICE_SPACE, '88px');
  const shown = ++generation;
  const notice = {
    id: NOTIFICATION_ID,
    message: WARNING[presence],
    color: 'yellow',
    // Bottom-right: top-right would cover the user menu, bottom-left is the version notice's.
    position: 'bottom-right' as const,
    // Persistent (SPEC §8): it stays while the condition holds and goes once fixed.
    autoClose: false as const,
    withCloseButton: false,
  };
  afterNextPaint(() => {
    if (shown !== generation) return;
    // show() with an id already on screen would queue a second copy; update() replaces it.
    notifications.update(notice);
    notifications.show(notice);
  });
}

/** Renders nothing: checks the extension at mount and every minute, and shows the warning. */
export function ExtensionPresenceWatcher() {
  const { uid } = useCurrentUser();
  useEffect(() => {
    let cancelled = false;
    const check = () => {
      void checkPresence(browserPresenceDeps, uid).then((presence) => {
        if (!cancelled) showPresence(presence);
      });
    };
    check();
    const timer = window.setInterval(check, PRESENCE_CHECK_INTERVAL_MS);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
      hidePresence();
    };
  }, [uid]);
  return null;
}
