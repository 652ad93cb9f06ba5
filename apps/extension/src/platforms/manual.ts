/**
 * Messages the user sends by hand count against the same caps as queued ones. This watches the
 * page for the user's own send (a real Enter in the editor or a real click on the send button;
 * the sender's synthetic events are not trusted ones) and calls back once the message shows.
 */
import { bubbleText, editorText, findAllShown, waitFor } from './dom';
import { sameMessage } from './sender';
import type { PlatformData } from './types';

function matchesAny(element: Element, selectors: readonly string[]): boolean {
  return selectors.some((selector) => {
    try {
      return element.matches(selector);
    } catch {
      return false;
    }
  });
}

/** The element of the event's path (through shadow roots) that one of `selectors` names. */
function inPath(event: Event, selectors: readonly string[]): HTMLElement | null {
  for (const target of event.composedPath()) {
    if (target instanceof HTMLElement && matchesAny(target, selectors)) return target;
  }
  return null;
}

/** The address that names the conversation: the thread's, or the profile's on LinkedIn. */
export function recipientLink(doc: Document): string {
  const { origin, pathname } = doc.location;
  return `${origin}${pathname}`;
}

/** Starts watching; returns the function that stops it (a send still being confirmed is dropped). */
export function watchManualSends(
  doc: Document,
  data: PlatformData,
  onSent: (recipient: string) => void,
): () => void {
  let composer: HTMLElement | null = null;
  let watching = true;

  const expect = (text: string): void => {
    const before = new Set(findAllShown(doc, data.selectors.outgoingMessage));
    const recipient = recipientLink(doc);
    void waitFor(
      () =>
        findAllShown(doc, data.selectors.outgoingMessage).find(
          (bubble) => !before.has(bubble) && sameMessage(bubbleText(bubble), text),
        ),
      data.timings.confirmMs,
      data.timings.pollMs,
    ).then((bubble) => {
      if (bubble && watching) onSent(recipient);
    });
  };

  const onKeyDown = (event: KeyboardEvent): void => {
    if (!event.isTrusted || event.key !== 'Enter' || event.shiftKey || event.isComposing) return;
    const editor = inPath(event, data.selectors.composer);
    if (!editor) return;
    const text = editorText(editor).trim();
    if (text) expect(text);
  };
  const onFocus = (event: FocusEvent): void => {
    composer = inPath(event, data.selectors.composer) ?? composer;
  };
  const onClick = (event: MouseEvent): void => {
    if (!event.isTrusted || !inPath(event, data.selectors.sendButton) || !composer) return;
    const text = editorText(composer).trim();
    if (text) expect(text);
  };
  doc.addEventListener('keydown', onKeyDown, true);
  doc.addEventListener('focusin', onFocus, true);
  doc.addEventListener('click', onClick, true);
  return () => {
    watching = false;
    doc.removeEventListener('keydown', onKeyDown, true);
    doc.removeEventListener('focusin', onFocus, true);
    doc.removeEventListener('click', onClick, true);
  };
}
