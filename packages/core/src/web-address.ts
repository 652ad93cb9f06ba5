import { z } from 'zod';

/**
 * Web addresses people store (profile links, photos, training videos, announcement and
 * notification links, notification icons): http(s) only. Anything else a browser would follow
 * or load (`javascript:`, `data:`, `vbscript:`, `file:` ...) is refused, so a stored address can
 * be a live link or an image source without running anything.
 *
 * Pure string rules (no `URL` parser in core): the browser strips leading and trailing spaces and
 * control characters and drops tabs and newlines anywhere before it reads the scheme, so an
 * address with any of them is refused outright; what is left starts with the scheme it has.
 */

/** Longest stored address unless a field says otherwise. */
export const HTTP_URL_MAX_LENGTH = 2048;

/** `https://` or `http://`, optional user info, a host (name, IPv4 or [IPv6]), optional port. */
const HTTP_URL =
  /^https?:\/\/(?:[^\s/?#\\@]+@)?(?:\[[0-9a-f:.]+\]|[^\s/?#\\@:[\]]+)(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/** A scheme before the first colon (`mailto:`, `javascript:`, `https:`). */
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** A bare web address as people type it: `facebook.com/dana`, `www.example.org:8080/x`. */
const BARE_HOST = /^[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+(?::\d{1,5})?(?:[/?#]\S*)?$/u;

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** An absolute http:// or https:// address with a host, without spaces or control characters. */
export function isHttpUrl(value: unknown): boolean {
  return typeof value === 'string' && !hasControlCharacter(value) && HTTP_URL.test(value);
}

/**
 * A path inside the app (`/tasks`, `/contact/x?tab=notes`): one leading slash, never `//` or
 * `/\`, which browsers read as another host.
 */
export function isAppPath(value: unknown): boolean {
  return typeof value === 'string' && !hasControlCharacter(value) && /^\/(?![/\\])\S*$/.test(value);
}

/**
 * The address as stored: trimmed, and a bare one (`facebook.com/dana`, no scheme) made https
 * (the spec is silent; the forms always did this for profile links). Anything else is left as
 * it is: `javascript:...` (no dot before its colon) stays what it is and fails {@link isHttpUrl}.
 */
export function normalizeHttpUrl(value: string): string {
  const trimmed = value.trim();
  return BARE_HOST.test(trimmed) ? `https://${trimmed}` : trimmed;
}

/** The message of a refused address, naming the field ("Profile link must start with ..."). */
export const httpUrlMessage = (label: string) => `${label} must start with http:// or https://`;

/**
 * A notification's background icon: an emoji or a few characters (no scheme), or an image at an
 * http(s) address or an app path.
 */
export function isIconValue(value: unknown): boolean {
  if (typeof value !== 'string' || hasControlCharacter(value)) return false;
  if (isHttpUrl(value) || isAppPath(value)) return true;
  return !SCHEME.test(value) && !value.startsWith('/') && !value.startsWith('\\');
}

export interface HttpUrlSchemaOptions {
  /** Longest address (default {@link HTTP_URL_MAX_LENGTH}). */
  max?: number;
  /** Accept '' (the field's "none"); the caller decides what a blank means. */
  allowBlank?: boolean;
}

/**
 * The zod form of the rule: trims, makes a bare address https ({@link normalizeHttpUrl}) and
 * refuses anything that is not http(s), with a message naming the field (`label`).
 */
export function httpUrlSchema(label: string, options: HttpUrlSchemaOptions = {}) {
  const max = options.max ?? HTTP_URL_MAX_LENGTH;
  return z
    .string()
    .trim()
    .max(max, `${label} is too long (at most ${max} characters)`)
    .transform(normalizeHttpUrl)
    .refine((v) => (options.allowBlank && v === '') || isHttpUrl(v), httpUrlMessage(label));
}
