/**
 * Text markers: how the sender recognises a dialog or a notice by its words, in each language the
 * data lists. Pure, so the matching rules are unit-tested without a page.
 */
import type { Markers } from './types';

/**
 * One form for comparing page text with a marker: case, accents, typographic apostrophes, the
 * ellipsis character and runs of white space do not matter ("You’re" = "you're", "Bestätige" =
 * "bestatige", "Sending…" = "sending...").
 */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[’‘`´]/g, "'")
    .replace(/…/g, '...')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface MarkerMatch {
  lang: keyof Markers;
  marker: string;
}

function find(markers: Markers, test: (normalizedMarker: string) => boolean): MarkerMatch | null {
  for (const lang of Object.keys(markers) as (keyof Markers)[]) {
    for (const marker of markers[lang]) {
      if (test(normalizeText(marker))) return { lang, marker };
    }
  }
  return null;
}

/** The first marker that occurs in `text` (a dialog's or a heading's words). */
export function containsMarker(text: string, markers: Markers): MarkerMatch | null {
  const haystack = normalizeText(text);
  if (!haystack) return null;
  return find(markers, (marker) => marker.length > 0 && haystack.includes(marker));
}

/** The marker `text` is exactly (a button's label: "OK" must not match "Book"). */
export function equalsMarker(text: string, markers: Markers): MarkerMatch | null {
  const label = normalizeText(text);
  if (!label) return null;
  return find(markers, (marker) => marker === label);
}
