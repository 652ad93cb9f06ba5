/**
 * The background's answer to each message of the map (SPEC §7). No chrome.* here: storage, the
 * clock and the version come in as dependencies so the logic is unit-tested without a browser.
 */
import {
  parseExtensionMessage,
  type CheckExtensionAnswer,
  type ExtensionAnswer,
  type ExtensionErrorAnswer,
  type ExtensionMessage,
  type ExtensionOkAnswer,
} from '@leadloom/core';
import type { SessionStore } from '../session';
import { createSessionKeeper } from '../session-keeper';
import type { AppClient } from './app-client';

export { SESSION_RECHECK_MS } from '../session-keeper';

export interface HandlerDeps {
  /** The manifest version, answered by check_extension. */
  version: string;
  session: SessionStore;
  sleep: (ms: number) => Promise<void>;
  app: AppClient;
  now: () => number;
}

export type MessageHandler = (input: unknown) => Promise<ExtensionAnswer>;

const OK: ExtensionOkAnswer = { ok: true };
const fail = (error: string): ExtensionErrorAnswer => ({ ok: false, error });

export function createMessageHandler(deps: HandlerDeps): MessageHandler {
  const keeper = createSessionKeeper(deps);
  async function answer(message: ExtensionMessage): Promise<ExtensionAnswer> {
    switch (message.type) {
      case 'check_extension': {
        const result: CheckExtensionAnswer = {
          installed: true,
          version: deps.version,
          loggedIn: await keeper.isLive(),
        };
        return result;
      }
      case 'log_in': {
        // The one-time token becomes the extension's own session (DESIGN §4); a failed exchange
        // leaves any earlier session as it was and says why.
        const { sessionToken, uid } = await deps.app.exchange(message.token);
        if (uid !== message.uid) return fail('The sign-in token belongs to another user');
        await deps.session.write({ token: sessionToken, uid, checkedAt: deps.now() });
        return OK;
      }
      case 'log_out':
        // The app signed out: never act for a user who has left.
        await keeper.signOut();
        return OK;
      case 'wait_a_bit':
        // The map bounds delay to 60 s, so this cannot hold the message channel open for long.
        await deps.sleep(message.delay);
        return OK;
      case 'open_queue_processor':
        // Said plainly rather than answering ok: the app must not believe a queue is running.
        return fail('not available yet');
    }
  }

  return async (input) => {
    const parsed = parseExtensionMessage(input);
    if (!parsed.ok) return fail(parsed.error);
    try {
      return await answer(parsed.message);
    } catch (error) {
      // Always answer: a rejected handler would leave the app waiting on a closed port.
      return fail(error instanceof Error ? error.message : String(error));
    }
  };
}
