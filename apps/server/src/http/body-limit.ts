import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { errorBody } from './errors';

const MB = 1024 * 1024;

/** Every request body may hold this much; a few routes take more (BODY_LIMITS). */
export const DEFAULT_BODY_LIMIT = 1 * MB;

/**
 * Routes whose legitimate bodies outgrow the default. A bulk action names up to 50,000 contacts
 * (core's BULK_MAX_CONTACTS), each id up to 200 characters; a contact's answers are up to 100
 * pairs of a 2,000-character question and a 10,000-character answer (3 bytes a character at
 * worst). There are no upload or import routes: everything else is a small JSON body.
 */
export const BODY_LIMITS: readonly { path: RegExp; maxBytes: number; what: string }[] = [
  { path: /^\/api\/teams\/[^/]+\/bulk-jobs\/?$/, maxBytes: 16 * MB, what: 'a bulk action' },
  { path: /^\/v2\/bulk\/?$/, maxBytes: 16 * MB, what: 'a bulk action' },
  {
    path: /^\/api\/teams\/[^/]+\/contacts\/[^/]+\/pipelines\/[^/]+\/answers\/?$/,
    maxBytes: 4 * MB,
    what: "a contact's answers",
  },
];

export function bodyLimitFor(path: string): number {
  return BODY_LIMITS.find((l) => l.path.test(path))?.maxBytes ?? DEFAULT_BODY_LIMIT;
}

const megabytes = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;

/**
 * Refuses a body over its route's limit with 413 before anything reads it: at once from
 * Content-Length, else (chunked) while counting the streamed bytes, keeping at most the limit in
 * memory. The handlers read the body afterwards as usual. Mounted first, so no middleware (the
 * auth throttle reads sign-in bodies) ever sees more than the limit.
 */
export function bodyLimits(): MiddlewareHandler {
  const limiters = new Map<number, MiddlewareHandler>();
  const limiterFor = (maxBytes: number) => {
    let limiter = limiters.get(maxBytes);
    if (!limiter) {
      limiter = bodyLimit({
        maxSize: maxBytes,
        // @hono/node-server drains (at most 64 MB or 500 ms of) an unread body, then closes.
        onError: (c) =>
          c.json(
            errorBody(
              'invalid-argument',
              `The request body is too large: at most ${megabytes(maxBytes)} here.`,
            ),
            413,
          ),
      });
      limiters.set(maxBytes, limiter);
    }
    return limiter;
  };
  return (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    return limiterFor(bodyLimitFor(c.req.path))(c, next);
  };
}
