/**
 * Keeps the extension's presence known while a user is signed in (SPEC §8), and logs the
 * extension in when it is installed but signed out (DESIGN §4).
 */
import type { ExtensionLoginToken } from '@leadloom/core';
import { api } from '../../lib/api';
import {
  pageRuntime,
  presenceFrom,
  sendToExtension,
  type ExtensionPresence,
  type PageRuntime,
} from './bridge';

/** SPEC: the app asks at boot and then every minute. */
export const PRESENCE_CHECK_INTERVAL_MS = 60_000;

export interface PresenceDeps {
  runtime: () => PageRuntime | null;
  /** POST /api/extension/login-token. */
  requestLoginToken: () => Promise<{ token: string; uid: string }>;
}

export const browserPresenceDeps: PresenceDeps = {
  runtime: pageRuntime,
  requestLoginToken: () => api.post<ExtensionLoginToken>('/api/extension/login-token'),
};

/**
 * Users whose extension this page load already tried to log in. Once per page load and user:
 * a refused token must not turn the one-minute check into a token every minute, and a reload
 * tries again.
 */
const attemptedLogIns = new Set<string>();

export function forgetLogInAttempts(): void {
  attemptedLogIns.clear();
}

/**
 * One check: ask check_extension; when the extension is installed but signed out and this page
 * has not tried yet, hand it a one-time token with log_in and ask again.
 */
export async function checkPresence(deps: PresenceDeps, uid: string): Promise<ExtensionPresence> {
  const runtime = deps.runtime();
  const presence = presenceFrom(await sendToExtension(runtime, { type: 'check_extension' }));
  if (presence !== 'not-logged-in' || attemptedLogIns.has(uid)) return presence;
  attemptedLogIns.add(uid);
  try {
    const { token } = await deps.requestLoginToken();
    const result = await sendToExtension(runtime, { type: 'log_in', token, uid });
    if (result.reached && 'ok' in result.answer && !result.answer.ok) {
      console.error('The extension refused to log in:', result.answer.error);
    }
  } catch (error) {
    console.error('Logging the extension in failed', error);
    return presence;
  }
  return presenceFrom(await sendToExtension(runtime, { type: 'check_extension' }));
}

/** How long sign-out waits for the extension's answer before going on without it. */
export const LOG_OUT_WAIT_MS = 3_000;

/**
 * The app is signing out: the extension ends its own session too (log_out), so it does not go on
 * as the user who left. Bounded and quiet: without the extension there is nothing to tell, and
 * the server ends the extension session with the web session anyway. The next sign-in on this
 * page logs the extension in again.
 */
export async function tellExtensionSignedOut(
  runtime: PageRuntime | null = pageRuntime(),
  waitMs = LOG_OUT_WAIT_MS,
): Promise<void> {
  attemptedLogIns.clear();
  if (!runtime) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    sendToExtension(runtime, { type: 'log_out' }),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs))),
  ]);
  clearTimeout(timer);
}
