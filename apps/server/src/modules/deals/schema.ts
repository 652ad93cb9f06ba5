import { z } from 'zod';

/** ISO 4217 codes as the runtime's Intl knows them (the current list, ~160 codes). */
const CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

export const DEAL_STATUSES = ['open', 'won', 'lost'] as const;

/** Up to 15 digits before the point and 4 after (every currency's minor unit fits). */
const DECIMAL = /^\d{1,15}(\.\d{1,4})?$/;
const VALUE_MESSAGE =
  'Enter the deal value as an amount of 0 or more (digits, with up to 4 decimals), e.g. 1250.50.';

/** A deal value: a number or a decimal string, answered as the decimal string. */
export const dealValue = z
  .union([z.number(), z.string()], { error: VALUE_MESSAGE })
  .transform((v, ctx) => {
    const text = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : v.trim();
    if (!DECIMAL.test(text)) {
      ctx.addIssue({ code: 'custom', message: VALUE_MESSAGE });
      return z.NEVER;
    }
    return text;
  });

/** An ISO 4217 currency code; lower case is accepted and stored upper case. */
export const currencyCode = z
  .string({ error: 'Choose the deal currency as a 3-letter ISO 4217 code, e.g. USD or EUR.' })
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => /^[A-Z]{3}$/.test(v) && CURRENCIES.has(v), {
    message: 'Choose the deal currency as a 3-letter ISO 4217 code, e.g. USD or EUR.',
  });

const name = z
  .string()
  .trim()
  .min(1, 'Give the deal a name.')
  .max(200, 'A deal name can hold up to 200 characters.');

export const createDealBody = z.object({
  name,
  value: dealValue,
  currency: currencyCode,
  status: z.enum(DEAL_STATUSES).default('open'),
});

export const editDealBody = z
  .object({
    name: name.optional(),
    value: dealValue.optional(),
    currency: currencyCode.optional(),
    status: z.enum(DEAL_STATUSES).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'Send at least one of name, value, currency or status.',
  });
