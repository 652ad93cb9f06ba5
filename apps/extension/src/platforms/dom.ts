/**
 * Small DOM routines the senders share. Queries search the document and every open shadow root
 * (LinkedIn renders its message overlay inside one).
 */
import { containsMarker, equalsMarker, type MarkerMatch } from './markers';
import type { Markers, SelectorList } from './types';

export interface Hit<T> {
  value: T;
  selector: string;
  /** Position of the selector in its list: 0 is the most stable tier. */
  tier: number;
}

/** The first selector of the list, in order, for which `find` gives something. */
export function firstMatch<T>(
  selectors: SelectorList,
  find: (selector: string) => T | null | undefined,
): Hit<T> | null {
  for (const [tier, selector] of selectors.entries()) {
    const value = find(selector);
    if (value !== null && value !== undefined) return { value, selector, tier };
  }
  return null;
}

/** Walking a large page for shadow roots costs milliseconds: one walk serves a whole look. */
const ROOTS_TTL_MS = 100;
let rootsCache: {
  root: Document | ShadowRoot;
  at: number;
  roots: (Document | ShadowRoot)[];
} | null = null;

/** Every shadow root reachable from `root`, the document first. */
function searchRoots(root: Document | ShadowRoot): (Document | ShadowRoot)[] {
  const now = Date.now();
  if (rootsCache && rootsCache.root === root && now - rootsCache.at < ROOTS_TTL_MS) {
    return rootsCache.roots;
  }
  const roots: (Document | ShadowRoot)[] = [root];
  for (let i = 0; i < roots.length; i++) {
    for (const element of roots[i]!.querySelectorAll('*')) {
      if (element.shadowRoot) roots.push(element.shadowRoot);
    }
  }
  rootsCache = { root, at: now, roots };
  return roots;
}

/** `querySelectorAll` over the document and its open shadow roots; a bad selector matches nothing. */
export function deepQueryAll(root: Document | ShadowRoot, selector: string): Element[] {
  const found: Element[] = [];
  for (const scope of searchRoots(root)) {
    try {
      found.push(...scope.querySelectorAll(selector));
    } catch {
      // A selector this browser does not know (data written for a newer one) is just no match.
    }
  }
  return found;
}

export function isShown(element: Element): boolean {
  if (!element.isConnected) return false;
  const html = element as HTMLElement;
  if (typeof html.checkVisibility === 'function') return html.checkVisibility();
  return element.getClientRects().length > 0;
}

/** The first shown element of the first selector that finds one. */
export function findShown(
  root: Document | ShadowRoot,
  selectors: SelectorList,
): Hit<Element> | null {
  return firstMatch(selectors, (selector) => deepQueryAll(root, selector).find(isShown));
}

/** Every shown element of the first selector that finds any, in page order. */
export function findAllShown(root: Document | ShadowRoot, selectors: SelectorList): Element[] {
  return (
    firstMatch(selectors, (selector) => {
      const shown = deepQueryAll(root, selector).filter(isShown);
      return shown.length > 0 ? shown : null;
    })?.value ?? []
  );
}

/** The shown element among `candidates` whose own words are one of `markers` ("Message"). */
export function findByWords(
  root: Document | ShadowRoot,
  candidates: SelectorList,
  markers: Markers,
): Element | null {
  for (const selector of candidates) {
    const hit = deepQueryAll(root, selector).find(
      (element) => isShown(element) && equalsMarker(elementText(element), markers),
    );
    if (hit) return hit;
  }
  return null;
}

export function elementText(element: Element): string {
  return (element as HTMLElement).innerText ?? element.textContent ?? '';
}

/** The shown surfaces (dialogs, alerts, headings) with their words, in selector order. */
export function surfaceTexts(
  root: Document | ShadowRoot,
  surfaces: SelectorList,
): { element: Element; text: string }[] {
  return surfaces.flatMap((selector) =>
    deepQueryAll(root, selector)
      .filter(isShown)
      .map((element) => ({ element, text: elementText(element) })),
  );
}

/** The first surface whose words contain one of `markers`. */
export function findMarked(
  root: Document | ShadowRoot,
  surfaces: SelectorList,
  markers: Markers,
): { element: Element; match: MarkerMatch } | null {
  for (const { element, text } of surfaceTexts(root, surfaces)) {
    const match = containsMarker(text, markers);
    if (match) return { element, match };
  }
  return null;
}

/**
 * The text a rich editor holds, one "\n" per line break whether the editor writes lines as
 * paragraphs or as `<br>`; a paragraph's placeholder `<br>` is no line of its own.
 */
export function editorText(editor: Element): string {
  const lines: string[] = [];
  let line = '';
  const blocks = new Set(['P', 'DIV', 'LI', 'H1', 'H2', 'H3', 'BLOCKQUOTE', 'PRE']);
  const walk = (node: Node): void => {
    for (const child of node.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) {
        line += child.textContent ?? '';
      } else if (child instanceof Element) {
        if (child.tagName === 'BR') {
          // A block's last <br> only keeps an empty paragraph open: it is no line break.
          const lastInBlock = !child.nextSibling && blocks.has(child.parentElement?.tagName ?? '');
          if (!lastInBlock) {
            lines.push(line);
            line = '';
          }
        } else if (blocks.has(child.tagName)) {
          if (line !== '') {
            lines.push(line);
            line = '';
          }
          walk(child);
          lines.push(line);
          line = '';
        } else {
          walk(child);
        }
      }
    }
  };
  walk(editor);
  if (line !== '' || lines.length === 0) lines.push(line);
  return lines.join('\n').replace(/\u00a0/g, ' ');
}

/** The text a message bubble shows, line breaks as "\n". */
export function bubbleText(element: Element): string {
  return elementText(element)
    .replace(/\r\n/g, '\n')
    .replace(/\u00a0/g, ' ');
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Calls `probe` every `pollMs` until it gives something or `timeoutMs` has passed. */
export async function waitFor<T>(
  probe: () => T | null | undefined,
  timeoutMs: number,
  pollMs: number,
): Promise<T | null> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== null && value !== undefined) return value;
    if (Date.now() >= end) return null;
    await sleep(pollMs);
  }
}
