import { ROUTES } from '@leadloom/core';

/** A screen the palette can open: its title (from core's route table) and where it lives. */
export interface PaletteScreen {
  title: string;
  path: string;
}

/**
 * The signed-in screens one can go to without an id: routes of the main layout (not bare, not
 * redirects) whose parameters are all optional, at their path without them; one entry per title.
 */
export const PALETTE_SCREENS: readonly PaletteScreen[] = (() => {
  const seen = new Set<string>();
  const out: PaletteScreen[] = [];
  for (const route of ROUTES) {
    if (!route.auth || route.bare || route.redirect) continue;
    const segments = route.path.split('/').filter(Boolean);
    if (segments.some((s) => s.startsWith(':') && !s.endsWith('?'))) continue;
    if (seen.has(route.screen)) continue;
    seen.add(route.screen);
    const path = '/' + segments.filter((s) => !s.startsWith(':')).join('/');
    out.push({ title: route.screen, path });
  }
  return out;
})();

/** Screens whose title has a word starting with every word of the query (case-insensitive). */
export function matchScreens(query: string, screens = PALETTE_SCREENS): PaletteScreen[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return screens.filter((screen) => {
    const titleWords = screen.title.toLowerCase().split(/[\s-]+/);
    return words.every((w) => titleWords.some((t) => t.startsWith(w)));
  });
}
