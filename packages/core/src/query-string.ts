/**
 * Minimal query-string helpers. Core may not use platform APIs (URLSearchParams is one), and
 * the guard only needs flat `key=value` pairs.
 */

export type Query = Readonly<Record<string, string>>;

function decode(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    // A malformed escape (e.g. "%E0%A4%A") is kept as typed rather than failing navigation.
    return part;
  }
}

/** Parses "?a=1&b=2" (leading "?" optional). The first value of a repeated key wins. */
export function parseQuery(search: string | undefined | null): Record<string, string> {
  const out: Record<string, string> = {};
  if (!search) return out;
  const body = search.startsWith('?') ? search.slice(1) : search;
  for (const pair of body.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const key = decode(eq === -1 ? pair : pair.slice(0, eq));
    const value = eq === -1 ? '' : decode(pair.slice(eq + 1));
    if (key && !(key in out)) out[key] = value;
  }
  return out;
}

/** Builds "?a=1&b=2" in insertion order, or "" when there is nothing to add. */
export function buildQuery(params: Query): string {
  const parts = Object.entries(params).map(
    ([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`,
  );
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Splits "/a/b?x=1#h" into pathname and search (the hash is dropped: it never reaches routing). */
export function splitPath(href: string): { pathname: string; search: string } {
  const noHash = href.split('#', 1)[0] ?? '';
  const q = noHash.indexOf('?');
  return q === -1
    ? { pathname: noHash, search: '' }
    : { pathname: noHash.slice(0, q), search: noHash.slice(q) };
}
