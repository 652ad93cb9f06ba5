/**
 * Sends one queued message from the page the content script runs in: opens the thread (from a
 * profile's "Message" button when needed), puts the text into the editor, sends, and reports
 * what happened as one of core's result codes. The page's warnings (sign-in, security check,
 * limit, "can't message") are looked for before and after sending.
 */
import type { SendResultCode } from '@leadloom/core';
import type { SendJob } from '../protocol';
import {
  bubbleText,
  elementText,
  findAllShown,
  findByWords,
  findMarked,
  findShown,
  sleep,
  surfaceTexts,
  waitFor,
} from './dom';
import { containsMarker } from './markers';
import { insertText, type InsertMethod } from './insert';
import { onRecipientPage } from './recipient';
import type { PlatformData } from './types';

export interface SendOutcome {
  code: SendResultCode;
  /** What the page showed or which step failed, with the selector data's version. */
  detail: string;
}

function outcome(data: PlatformData, code: SendResultCode, detail: string): SendOutcome {
  return { code, detail: `${detail} (${data.version})`.slice(0, 2000) };
}

function onPath(doc: Document, prefixes: readonly string[]): boolean {
  const path = doc.location.pathname;
  return prefixes.some((prefix) => path.startsWith(prefix));
}

function quote(text: string): string {
  const short = text.replace(/\s+/g, ' ').trim();
  return short.length > 160 ? `${short.slice(0, 160)}…` : short;
}

/** A sign-in page, a security check, a limit dialog or "can't message": what stops sending. */
export function detectBlock(doc: Document, data: PlatformData): SendOutcome | null {
  const { selectors, markers } = data;
  if (onPath(doc, data.checkpointPaths)) {
    return outcome(data, 'checkpoint', `Security check page ${doc.location.pathname}`);
  }
  if (onPath(doc, data.loginPaths) || findShown(doc, selectors.loginForm)) {
    return outcome(data, 'login-required', 'The platform shows its sign-in form');
  }
  const checks: [keyof PlatformData['markers'], SendResultCode][] = [
    ['checkpoint', 'checkpoint'],
    ['login', 'login-required'],
    ['limit', 'rate-limited'],
    ['cantMessage', 'failed'],
  ];
  const surfaces = surfaceTexts(doc, selectors.surfaces);
  for (const [kind, code] of checks) {
    const marked = surfaces.find(({ text }) => containsMarker(text, markers[kind]));
    if (marked) return outcome(data, code, `The page says "${quote(marked.text)}"`);
  }
  return null;
}

/** Clicks through a notice that covers the thread (Messenger's encryption notice). */
export function dismissNotice(doc: Document, data: PlatformData): boolean {
  const notice = findMarked(doc, data.selectors.surfaces, data.markers.notice);
  if (!notice) return false;
  const button = findByWords(doc, data.selectors.dialogButtons, data.markers.dismiss);
  if (!button) return false;
  (button as HTMLElement).click();
  return true;
}

/** The "Message" button of a profile page: by its selectors, else by its words. */
export function findMessageButton(doc: Document, data: PlatformData): HTMLElement | null {
  const hit = findShown(doc, data.selectors.messageButton);
  if (hit) return hit.value as HTMLElement;
  return findByWords(
    doc,
    ['main [role="button"]', 'main button', '[role="button"]', 'button'],
    data.markers.messageButton,
  ) as HTMLElement | null;
}

export function findComposer(doc: Document, data: PlatformData): HTMLElement | null {
  return (findShown(doc, data.selectors.composer)?.value as HTMLElement | undefined) ?? null;
}

/** The user's own messages in the open thread, oldest first. */
export function outgoingMessages(doc: Document, data: PlatformData): Element[] {
  return findAllShown(doc, data.selectors.outgoingMessage);
}

/** Same words as sent: line breaks kept, only the ends' white space forgiven. */
export function sameMessage(shown: string, text: string): boolean {
  return shown.replace(/\r\n/g, '\n').trim() === text.replace(/\r\n/g, '\n').trim();
}

/** What the bubble's row says besides the message: "Sending…", "Sent", "Not sent". */
function statusOf(bubble: Element, data: PlatformData): 'sending' | 'not-sent' | 'other' {
  const row = bubble.closest('[role="row"], li') ?? bubble.parentElement;
  if (!row) return 'other';
  const status = elementText(row).replace(elementText(bubble), '');
  if (containsMarker(status, data.markers.notSent)) return 'not-sent';
  if (containsMarker(status, data.markers.sending)) return 'sending';
  return 'other';
}

/** A refused message may come with a limit dialog a moment later, which says more. */
const DIALOG_GRACE_MS = 1500;

type Opened = { editor: HTMLElement } | { block: SendOutcome };

/** Waits for the thread's composer, pressing "Message" on a profile page once. */
async function openThread(doc: Document, data: PlatformData): Promise<Opened | SendOutcome> {
  let pressed = false;
  const opened = await waitFor<Opened>(
    () => {
      const block = detectBlock(doc, data);
      if (block) return { block };
      if (dismissNotice(doc, data)) return null;
      const editor = findComposer(doc, data);
      if (editor) return { editor };
      if (!pressed && !onPath(doc, data.threadPaths)) {
        const button = findMessageButton(doc, data);
        if (button) {
          button.click();
          pressed = true;
        }
      }
      return null;
    },
    data.timings.composerMs,
    data.timings.pollMs,
  );
  if (opened) return opened;
  return outcome(
    data,
    'retry',
    pressed
      ? 'No message box appeared after pressing "Message"'
      : 'No message box and no "Message" button on this page',
  );
}

function pressSend(doc: Document, data: PlatformData, editor: HTMLElement): string {
  const button = findShown(doc, data.selectors.sendButton);
  if (button) {
    (button.value as HTMLElement).click();
    return 'button';
  }
  // No button found: Enter in the editor sends on all three platforms.
  for (const type of ['keydown', 'keypress', 'keyup']) {
    editor.dispatchEvent(
      new KeyboardEvent(type, {
        key: 'Enter',
        code: 'Enter',
        keyCode: 13,
        which: 13,
        bubbles: true,
        cancelable: true,
      }),
    );
  }
  return 'Enter';
}

export interface SendOptions {
  /** The ways to put text into the editor, in order (default insertText, then paste). */
  methods?: readonly InsertMethod[];
}

/**
 * Sends `job.text` to the thread this page shows or opens; the page must be `job.recipient`
 * (the worker navigates there first). Never sends twice: a resumed job
 * whose text is already the last message the user sent in the thread counts as sent.
 */
export async function sendMessage(
  doc: Document,
  data: PlatformData,
  job: Pick<SendJob, 'recipient' | 'text' | 'resumed'>,
  options: SendOptions = {},
): Promise<SendOutcome> {
  const { timings } = data;
  const blocked = detectBlock(doc, data);
  if (blocked) return blocked;
  if (!onRecipientPage(doc.location.href, job.recipient)) {
    return outcome(data, 'retry', `This page (${doc.location.pathname}) is not the recipient's`);
  }
  const opened = await openThread(doc, data);
  if ('code' in opened) return opened;
  if ('block' in opened) return opened.block;
  const { editor } = opened;

  // The thread's history loads with or just after the editor.
  await sleep(timings.settleMs);
  const earlier = outgoingMessages(doc, data);
  const last = earlier.at(-1);
  if (job.resumed && last && sameMessage(bubbleText(last), job.text)) {
    return outcome(data, 'sent', 'Already the last message in the thread: not sent again');
  }

  const method = await insertText(editor, job.text, options.methods);
  if (!method) return outcome(data, 'retry', 'The message box did not take the text');
  await sleep(timings.settleMs);
  const blockBefore = detectBlock(doc, data);
  if (blockBefore) return blockBefore;
  const before = new Set(earlier);
  const how = pressSend(doc, data, editor);

  let refusedAt: number | null = null;
  const result = await waitFor<SendOutcome>(
    () => {
      const block = detectBlock(doc, data);
      if (block) return block;
      const newest = outgoingMessages(doc, data).at(-1);
      if (!newest || before.has(newest)) return null;
      const status = statusOf(newest, data);
      if (status === 'sending') return null;
      if (status === 'not-sent') {
        refusedAt ??= Date.now();
        if (Date.now() - refusedAt < DIALOG_GRACE_MS) return null;
        return outcome(data, 'retry', 'The platform marked the message as not sent');
      }
      if (!sameMessage(bubbleText(newest), job.text)) {
        return outcome(data, 'failed', `The thread shows "${quote(bubbleText(newest))}" instead`);
      }
      return outcome(data, 'sent', `Sent by ${method} and ${how}; seen in the thread`);
    },
    timings.confirmMs,
    timings.pollMs,
  );
  return result ?? outcome(data, 'retry', 'The message did not appear in the thread in time');
}
