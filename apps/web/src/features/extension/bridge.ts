/**
 * The web app's side of the extension message map (SPEC §7, `@leadloom/core` extension-messages).
 * Pure apart from the `runtime` it is given, so the decisions are unit-tested without Chromium.
 */
import {
  EXTENSION_ID,
  EXTENSION_MESSAGING_UNAVAILABLE_MESSAGE,
  extensionAnswerSchemas,
  type ExtensionAnswerOf,
  type ExtensionMessageOf,
  type ExtensionMessageType,
} from '@leadloom/core';

/** The part of `chrome.runtime` a web page gets when an extension admits its origin. */
export interface PageRuntime {
  sendMessage(extensionId: string, message: unknown): Promise<unknown>;
}

/**
 * `chrome.runtime` as a page sees it. Chromium defines it on a page only when an installed
 * extension lists the page's origin in `externally_connectable`, so its absence already means
 * "not installed" (or installed for another origin, which is the same for this app).
 */
export function pageRuntime(): PageRuntime | null {
  const runtime = (globalThis as { chrome?: { runtime?: Partial<PageRuntime> } }).chrome?.runtime;
  return typeof runtime?.sendMessage === 'function' ? (runtime as PageRuntime) : null;
}

export type SendResult<T extends ExtensionMessageType> =
  { reached: true; answer: ExtensionAnswerOf<T> } | { reached: false; reason: string };

/** Sends one message and validates the answer; never throws. */
export async function sendToExtension<T extends ExtensionMessageType>(
  runtime: PageRuntime | null,
  message: ExtensionMessageOf<T>,
): Promise<SendResult<T>> {
  if (!runtime) {
    // SPEC §8 "Extension messaging unavailable": logged, the caller shows the user-facing warning.
    console.warn(EXTENSION_MESSAGING_UNAVAILABLE_MESSAGE);
    return { reached: false, reason: EXTENSION_MESSAGING_UNAVAILABLE_MESSAGE };
  }
  try {
    const raw = await runtime.sendMessage(EXTENSION_ID, message);
    const parsed = extensionAnswerSchemas[message.type as T].safeParse(raw);
    if (!parsed.success) return { reached: false, reason: 'The extension answered off the map' };
    return { reached: true, answer: parsed.data as ExtensionAnswerOf<T> };
  } catch (error) {
    // "Could not establish connection": the origin is admitted but the extension is gone
    // (uninstalled or disabled since the page loaded).
    return { reached: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

export type ExtensionPresence = 'not-installed' | 'not-logged-in' | 'ready';

/** What check_extension's outcome means for the warnings of SPEC §8. */
export function presenceFrom(result: SendResult<'check_extension'>): ExtensionPresence {
  if (!result.reached) return 'not-installed';
  const answer = result.answer;
  if ('installed' in answer) return answer.loggedIn ? 'ready' : 'not-logged-in';
  // An error answer comes from an installed extension that could not read its session.
  return 'not-logged-in';
}
