import type { MiddlewareHandler } from 'hono';
import { EXTENSION_ID } from '@leadloom/core';
import type { Config } from '../config';
import { setAnswerHeader } from './answer-headers';

/**
 * The web app's policy. Styles allow 'unsafe-inline' because Mantine injects `<style>` elements;
 * images may come from any https host (avatars, profile pictures); every script, request and
 * form stays on the app's own origin.
 */
const PAGE_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
];

/** Anything that is not a page (API answers, assets, errors) may load and embed nothing. */
const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** The social platforms whose pages show the extension's overlay in a frame. */
export const PLATFORM_ORIGINS = [
  'https://www.facebook.com',
  'https://www.instagram.com',
  'https://www.linkedin.com',
] as const;

/**
 * The screens the extension shows inside its own pages (and, for the overlay, inside the
 * platforms' pages): the only ones that may be framed, and only by those.
 */
const EXTENSION_FRAMED: Record<string, 'extension' | 'extension-and-platforms'> = {
  '/bex/sidebar': 'extension',
  '/bex/test': 'extension',
  '/bex/offscreen': 'extension',
  '/ext/popup': 'extension',
  '/bex/overlay': 'extension-and-platforms',
};

export const EXTENSION_FRAMED_PATHS = Object.keys(EXTENSION_FRAMED);

export interface SecurityHeaderOptions {
  /** The app's public address: HSTS is only sent when it is https. */
  publicUrl: string;
  /** Extension ids besides the one built from manifest-key.txt (e.g. the store's). */
  extensionIds: readonly string[];
}

/** Who may frame a page of each kind: nobody, the extension, or the extension and the platforms. */
function frameAncestors(extensionIds: readonly string[]) {
  const extensions = [...new Set([EXTENSION_ID, ...extensionIds])].map(
    (id) => `chrome-extension://${id}`,
  );
  return {
    none: "'none'",
    extension: extensions.join(' '),
    'extension-and-platforms': [...extensions, ...PLATFORM_ORIGINS].join(' '),
  };
}

/** The kind of page at `path` (a trailing slash shows the same screen). */
function frameKind(path: string): keyof ReturnType<typeof frameAncestors> {
  const bare = path.length > 1 ? path.replace(/\/$/, '') : path;
  return Object.hasOwn(EXTENSION_FRAMED, bare) ? EXTENSION_FRAMED[bare]! : 'none';
}

const isHtml = (contentType: string | null) =>
  contentType?.toLowerCase().startsWith('text/html') ?? false;

/**
 * Sets the security headers on every answer, errors and 404s included: no sniffing, no referrer
 * sent to other sites, HSTS behind an https address, and a content security policy: the
 * page policy for HTML, an empty one for everything else. Only the extension's screens may be
 * framed, by the extension (see EXTENSION_FRAMED), so they carry no X-Frame-Options.
 */
export function securityHeaders(options: SecurityHeaderOptions): MiddlewareHandler {
  const hsts = new URL(options.publicUrl).protocol === 'https:';
  const ancestors = frameAncestors(options.extensionIds);
  const pagePolicy = (kind: keyof typeof ancestors) =>
    [...PAGE_DIRECTIVES, `frame-ancestors ${ancestors[kind]}`].join('; ');
  const pagePolicies = {
    none: pagePolicy('none'),
    extension: pagePolicy('extension'),
    'extension-and-platforms': pagePolicy('extension-and-platforms'),
  };
  return async (c, next) => {
    await next();
    // First: an answer whose headers cannot change is copied by it; the rest then go to c.res.
    setAnswerHeader(c, 'x-content-type-options', 'nosniff');
    const headers = c.res.headers;
    headers.set('referrer-policy', 'same-origin');
    if (hsts) headers.set('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (isHtml(headers.get('content-type'))) {
      const kind = frameKind(c.req.path);
      headers.set('content-security-policy', pagePolicies[kind]);
      if (kind === 'none') headers.set('x-frame-options', 'DENY');
      else headers.delete('x-frame-options');
    } else {
      headers.set('content-security-policy', NON_PAGE_POLICY);
      headers.set('x-frame-options', 'DENY');
    }
  };
}

/** The middleware as the server configures it. */
export const securityHeadersFor = (config: Config) =>
  securityHeaders({ publicUrl: config.publicUrl, extensionIds: config.extensionIds });
