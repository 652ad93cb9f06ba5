import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError, zodToApiError } from './errors';

/** Parses a JSON body against a schema; a body off the schema is a 400 naming the field. */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new ApiError('invalid-argument', 'The request body must be JSON.');
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw zodToApiError(parsed.error);
  return parsed.data;
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw zodToApiError(parsed.error);
  return parsed.data;
}
