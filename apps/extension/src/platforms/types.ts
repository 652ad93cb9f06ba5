/**
 * The shape of a platform's versioned selector data. Only data: the extension ships it, nothing is
 * fetched or evaluated at run time (MV3 forbids remote code). When a platform changes its page,
 * the data changes and its `version` goes up, so a result's detail says which data was used.
 */
import type { QueueProcessorPlatform } from '@leadloom/core';

/** CSS selectors tried in order, most stable first: data-testid → aria-label → role → structure. */
export type SelectorList = readonly string[];

/** Words that identify a page state, per language; matched case- and accent-insensitively. */
export type Markers = Readonly<Record<'en' | 'de' | 'es', readonly string[]>>;

export interface PlatformTimings {
  /** How long the thread's composer may take to appear after load or after "Message". */
  composerMs: number;
  /** How long the sent message may take to show in the thread without a "Sending" status. */
  confirmMs: number;
  /** Between two looks at the page while waiting. */
  pollMs: number;
  /** A pause after focusing the composer and before sending, as a person would take. */
  settleMs: number;
}

export interface PlatformData {
  platform: QueueProcessorPlatform;
  /** Bumped with every change to this file's selectors or markers. */
  version: string;
  hosts: readonly string[];
  selectors: {
    /** The "Message" button on a profile page, which opens the thread or the overlay. */
    messageButton: SelectorList;
    /** The rich editor of the open thread. */
    composer: SelectorList;
    sendButton: SelectorList;
    /** Every message bubble the user sent in the open thread, in page order. */
    outgoingMessage: SelectorList;
    /** Where dialogs, alerts and headings show the states the markers name. */
    surfaces: SelectorList;
    /** A sign-in form: its presence alone is a login wall. */
    loginForm: SelectorList;
    /** Buttons that close a notice (E2EE), matched by their text against `markers.dismiss`. */
    dialogButtons: SelectorList;
  };
  /** Path prefixes of pages that are a security check. */
  checkpointPaths: readonly string[];
  /** Path prefixes of sign-in pages. */
  loginPaths: readonly string[];
  /** Path prefixes of an open conversation (where the composer is expected at once). */
  threadPaths: readonly string[];
  markers: {
    limit: Markers;
    login: Markers;
    checkpoint: Markers;
    cantMessage: Markers;
    sending: Markers;
    /** A message's status when the platform refused it ("Not sent", "Failed to send"). */
    notSent: Markers;
    /** A notice to click through before the thread can be used (Messenger's encryption notice). */
    notice: Markers;
    /** The button text that closes such a notice. */
    dismiss: Markers;
    /** The visible text of the "Message" button, when no label matches. */
    messageButton: Markers;
  };
  timings: PlatformTimings;
}
