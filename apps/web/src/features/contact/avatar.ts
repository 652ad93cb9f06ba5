/**
 * A contact's picture: its own photo, else the avatar service's picture for its e-mail, else
 * a local avatar with initials. The UI walks the candidates and drops one that fails to load,
 * so a broken image is never shown (and with no network, the initials show).
 */

import { safeUrl } from '../../lib/safeUrl';

/** Gravatar's address for an e-mail; `d=404` makes it fail (not draw a stock face) without one. */
export function gravatarUrl(sha256Hex: string, size = 160): string {
  return `https://www.gravatar.com/avatar/${sha256Hex}?d=404&s=${size}`;
}

/** The text the avatar service hashes: the trimmed, lower-case e-mail. */
export function normalizedEmail(email: string | null | undefined): string {
  return (email ?? '').trim().toLowerCase();
}

/** SHA-256 (hex) of the normalized e-mail, with Web Crypto; null without an e-mail. */
export async function emailHash(
  email: string | null | undefined,
  subtle: SubtleCrypto | null = globalThis.crypto?.subtle ?? null,
): Promise<string | null> {
  const text = normalizedEmail(email);
  if (!text || !subtle) return null;
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Pictures to try, in order; an empty list means "initials". */
export function avatarCandidates(
  photoURL: string | null | undefined,
  hash: string | null,
): string[] {
  const photo = safeUrl(photoURL?.trim());
  const list: string[] = [];
  if (photo) list.push(photo);
  if (hash) list.push(gravatarUrl(hash));
  return list;
}

/** Up to two initials: first and last word of the name ("Dana Q. Smith" → "DS"); "?" for none. */
export function avatarInitials(name: string): string {
  const words = name
    .replace(/[@._-]+/g, ' ')
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean);
  if (words.length === 0) return '?';
  const first = [...words[0]!][0]!;
  const last = words.length > 1 ? [...words[words.length - 1]!][0]! : '';
  return (first + last).toUpperCase();
}

/** Theme colours an initials avatar may take (readable in light and dark). */
export const AVATAR_COLORS = [
  'blue',
  'cyan',
  'grape',
  'green',
  'indigo',
  'orange',
  'pink',
  'red',
  'teal',
  'violet',
] as const;

/** The same name always gets the same colour. */
export function avatarColor(name: string): (typeof AVATAR_COLORS)[number] {
  let hash = 0;
  for (const ch of name.trim().toLowerCase()) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  return AVATAR_COLORS[hash % AVATAR_COLORS.length]!;
}
