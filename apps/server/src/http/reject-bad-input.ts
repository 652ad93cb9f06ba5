import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './env';
import { errorBody } from './errors';

/**
 * Refuses, before any route runs, input no route can use and the database cannot store: a URL
 * whose percent-encoding does not decode, a path segment that decodes to a control character,
 * a NUL (U+0000) or a lone UTF-16 surrogate in the query, a header or the body (JSON keys and
 * values at any depth, form fields, text), and JSON nested deeper than any route reads.
 * PostgreSQL refuses U+0000 in text and lone surrogates in jsonb, so without this each route
 * would answer such input with a 500; here it is one 400 in the app's error shape, before
 * anything is written.
 */

/** Deeper than any body a route accepts; deeper still risks a stack overflow in a handler. */
export const MAX_JSON_DEPTH = 64;

/** A C0 control character or DEL; a header value may hold a tab. */
function hasControl(value: string, allowTab = false): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if ((code < 0x20 || code === 0x7f) && !(allowTab && code === 0x09)) return true;
  }
  return false;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why a string cannot be stored, or null if it can. */
function unstorable(value: string): string | null {
  if (value.includes('\u0000')) return 'holds a NUL character (U+0000)';
  if (LONE_SURROGATE.test(value)) return 'holds a lone surrogate (not valid Unicode)';
  return null;
}

/** A name from the request, short enough to quote in an answer. */
const quoted = (name: string) => (name.length > 100 ? `${name.slice(0, 100)}…` : name);

class BadInput extends Error {
  readonly field: string | undefined;
  constructor(message: string, field?: string) {
    super(message);
    this.field = field ? quoted(field) : undefined;
  }
}

function decode(raw: string, where: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new BadInput(`The request ${where} has broken percent-encoding.`);
  }
}

function checkPath(pathname: string) {
  for (const segment of pathname.split('/')) {
    const decoded = decode(segment, 'path');
    if (hasControl(decoded)) throw new BadInput('The request path holds a control character.');
  }
}

function checkQuery(search: string) {
  for (const pair of search.replace(/^\?/, '').split('&')) {
    if (!pair) continue;
    const [key = '', value = ''] = pair.split(/=(.*)/s);
    const name = decode(key.replace(/\+/g, ' '), 'query');
    const problem = unstorable(name) ?? unstorable(decode(value.replace(/\+/g, ' '), 'query'));
    if (problem)
      throw new BadInput(`The query parameter ${JSON.stringify(quoted(name))} ${problem}.`, name);
  }
}

function checkHeaders(headers: Headers) {
  headers.forEach((value, name) => {
    if (hasControl(value, true)) {
      throw new BadInput(`The ${name} header holds a control character.`, name);
    }
  });
}

/** Walks a parsed JSON value without recursion, so a deep body cannot overflow the stack. */
function checkJson(root: unknown) {
  const stack: { value: unknown; path: string[] }[] = [{ value: root, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    const field = path.join('.');
    if (typeof value === 'string') {
      const problem = unstorable(value);
      if (problem) {
        throw new BadInput(`${field ? `${quoted(field)}: ` : 'The body '}${problem}.`, field);
      }
    } else if (value !== null && typeof value === 'object') {
      if (path.length >= MAX_JSON_DEPTH) {
        throw new BadInput(`The request body is nested more than ${MAX_JSON_DEPTH} levels deep.`);
      }
      for (const [key, item] of Object.entries(value)) {
        const problem = unstorable(key);
        if (problem) {
          throw new BadInput(`${field ? `${quoted(field)}: ` : ''}a field name ${problem}.`, field);
        }
        stack.push({ value: item, path: [...path, key] });
      }
    }
  }
}

function checkFields(fields: Iterable<[string, unknown]>) {
  for (const [name, value] of fields) {
    const problem = unstorable(name) ?? (typeof value === 'string' ? unstorable(value) : null);
    if (problem) throw new BadInput(`${quoted(name)}: ${problem}.`, name);
  }
}

async function checkBody(req: Request) {
  if (!req.body) return;
  // The body limit in front of this caps the size; the clone leaves the body to the route.
  const bytes = await req.clone().arrayBuffer();
  if (bytes.byteLength === 0) return;
  const contentType = (req.headers.get('content-type') ?? '').toLowerCase();
  if (contentType.includes('multipart/form-data')) {
    let form: FormData;
    try {
      form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
    } catch {
      throw new BadInput('The request body is not valid multipart form data.');
    }
    checkFields(form.entries());
    return;
  }
  const text = new TextDecoder().decode(bytes);
  if (contentType.includes('application/x-www-form-urlencoded')) {
    checkFields(new URLSearchParams(text).entries());
  }
  // Routes read JSON whatever the Content-Type says, so any body that parses is checked as JSON.
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    const problem = unstorable(text);
    if (problem) throw new BadInput(`The request body ${problem}.`);
    return;
  }
  checkJson(json);
}

export function rejectBadInput(): MiddlewareHandler<AppEnv> {
  return async (c: Context<AppEnv>, next) => {
    try {
      const url = new URL(c.req.url);
      checkPath(url.pathname);
      checkQuery(url.search);
      checkHeaders(c.req.raw.headers);
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD') await checkBody(c.req.raw);
    } catch (error) {
      if (!(error instanceof BadInput)) throw error;
      return c.json(errorBody('invalid-argument', error.message, error.field), 400);
    }
    await next();
  };
}
