/**
 * The help panel's state and the `help()` call that links elsewhere use (SPEC §2): open an article
 * by id, or a search. Outside React so any code (a notification link, an error message) can call
 * it; the panel subscribes.
 */
import { findArticle } from './articles';

export type HelpView =
  { kind: 'closed' } | { kind: 'article'; articleId: string } | { kind: 'search'; query: string };

let view: HelpView = { kind: 'closed' };
const listeners = new Set<() => void>();

function setView(next: HelpView): void {
  view = next;
  listeners.forEach((listener) => listener());
}

export const helpStore = {
  get: (): HelpView => view,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  close: () => setView({ kind: 'closed' }),
};

/**
 * Opens the help panel on an article, or on a search. An unknown article id is a broken link
 * somewhere: it is logged (SPEC §8 "Help widget not loaded: error logged") and the panel opens a
 * search for the id's words instead of showing nothing.
 */
export function help(target: string | { search: string } = { search: '' }): void {
  if (typeof target === 'string') {
    if (findArticle(target)) {
      setView({ kind: 'article', articleId: target });
      return;
    }
    console.error(`Help: there is no article "${target}"`);
    setView({ kind: 'search', query: target.replace(/[-_]+/g, ' ') });
    return;
  }
  setView({ kind: 'search', query: target.search });
}
