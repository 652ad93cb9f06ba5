import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/env';
import { errorBody } from '../http/errors';

/**
 * better-auth looks up, stores and throttles by whatever e-mail it is given, so a megabyte of
 * "e-mail" reached the database (and failed there). The app's own limits apply in front of it:
 * an e-mail address is at most 254 characters (RFC 5321), a name at most 200.
 */
export const AUTH_FIELD_LIMITS: Readonly<Record<string, number>> = { email: 254, name: 200 };

async function fieldsOf(req: Request): Promise<Record<string, unknown> | null> {
  if (!req.body) return null;
  const contentType = req.headers.get('content-type')?.toLowerCase() ?? '';
  const text = await req.clone().text();
  if (contentType.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    const body: unknown = JSON.parse(text);
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function limitAuthFields(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const body = c.req.method === 'POST' ? await fieldsOf(c.req.raw) : null;
    for (const [field, max] of Object.entries(AUTH_FIELD_LIMITS)) {
      const value = body?.[field];
      if (typeof value === 'string' && value.length > max) {
        return c.json(
          errorBody('invalid-argument', `${field}: up to ${max} characters.`, field),
          400,
        );
      }
    }
    await next();
  };
}
