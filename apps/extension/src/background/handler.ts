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

export interface HandlerDeps {
  /** The manifest version, answered by check_extension. */
  version: string;
  session: SessionStore;
  sleep: (ms: number) => Promise<void>;
}

export type MessageHandler = (input: unknown) => Promise<ExtensionAnswer>;

const OK: ExtensionOkAnswer = { ok: true };
const fail = (error: string): ExtensionErrorAnswer => ({ ok: false, error });

export function createMessageHandler(deps: HandlerDeps): MessageHandler {
  async function answer(message: ExtensionMessage): Promise<ExtensionAnswer> {
    switch (message.type) {
      case 'check_extension': {
        const session = await deps.session.read();
        const result: CheckExtensionAnswer = {
          installed: true,
          version: deps.version,
          loggedIn: session !== null,
        };
        return result;
      }
      case 'log_in':
        // The one-time token is exchanged for an extension session in a later issue (DESIGN §4);
        // until then the token and uid are only kept, which is what check_extension reports.
        await deps.session.write({ token: message.token, uid: message.uid });
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
