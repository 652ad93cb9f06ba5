/**
 * The background's answer to each message of the map (SPEC §7). No chrome.* here: storage, the
 * clock and the version come in as dependencies so the logic is unit-tested without a browser.
 */
import {
  parseExtensionMessage,
  WAIT_A_BIT_INLINE_MAX_MS,
  type CheckExtensionAnswer,
  type ExtensionAnswer,
  type ExtensionErrorAnswer,
  type ExtensionMessage,
  type ExtensionOkAnswer,
} from '@leadloom/core';
import type { SessionStore } from '../session';
import { createSessionKeeper } from '../session-keeper';
import type { AppClient } from './app-client';
import type { Processor } from './processor/processor';

export { SESSION_RECHECK_MS } from '../session-keeper';

export interface HandlerDeps {
  /** The manifest version, answered by check_extension. */
  version: string;
  session: SessionStore;
  sleep: (ms: number) => Promise<void>;
  app: AppClient;
  now: () => number;
  processor: Processor;
  /** Test builds divide every wait by this (EXTENSION_SPEED); 1 in production. */
  speed: number;
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
      case 'wait_a_bit': {
        const delay = message.delay / deps.speed;
        if (message.delay <= WAIT_A_BIT_INLINE_MAX_MS) {
          // Short enough to hold the message channel open.
          await deps.sleep(delay);
          return OK;
        }
        // Longer than a worker may live on one message: answer now, wake the processors then.
        const retryAt = deps.now() + delay;
        await deps.processor.wakeAt(retryAt);
        return { ok: true, retryAt: new Date(retryAt).toISOString() };
      }
      case 'open_queue_processor':
        await deps.processor.open(message);
        return OK;
      case 'stop_processor':
        await deps.processor.stop(message.platform);
        return OK;
      case 'get_status':
        return deps.processor.status();
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
