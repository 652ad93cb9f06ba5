/**
 * Splits plain text into text and http(s) links, so a mail body can show clickable links. A link
 * whose secret the mail log masked (a reset token, an invitation code: `••••••`) leads nowhere,
 * so it is a `masked` part, shown as text.
 */
export type TextPart =
  | { kind: 'text'; value: string }
  | { kind: 'link'; value: string }
  | { kind: 'masked'; value: string };

const MASK = '••••••';

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;
const TRAILING = /[.,;:!?)\]}'"]+$/;

export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    let url = match[0];
    const trailing = TRAILING.exec(url)?.[0] ?? '';
    if (trailing) url = url.slice(0, url.length - trailing.length);
    if (start > last) parts.push({ kind: 'text', value: text.slice(last, start) });
    parts.push({ kind: url.includes(MASK) ? 'masked' : 'link', value: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ kind: 'text', value: text.slice(last) });
  return mergeText(parts);
}

function mergeText(parts: TextPart[]): TextPart[] {
  const merged: TextPart[] = [];
  for (const part of parts) {
    const previous = merged[merged.length - 1];
    if (previous?.kind === 'text' && part.kind === 'text') previous.value += part.value;
    else merged.push({ ...part });
  }
  return merged;
}
