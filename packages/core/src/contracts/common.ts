import { z } from 'zod';
import { ERROR_STATUSES } from '../errors';

/**
 * What every API error answers (DESIGN §6): `{error: {status, message, field?}}`, where `field`
 * names the request field at fault when there is one.
 */
export const errorBodySchema = z.object({
  error: z.object({
    status: z.enum(ERROR_STATUSES as [string, ...string[]]),
    message: z.string(),
    field: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** An answer that only says the request was done (`{ok: true}`). */
export const okSchema = z.object({ ok: z.literal(true) });

/** A path parameter: the server reads it as it comes, so any text is a valid value. */
export const pathParam = z.string();
