import { z } from 'zod';

/** Deals of a contact in a pipeline (docs/api.md "Contacts"): requests and answers. */

/** ISO 4217 codes as the runtime's Intl knows them (the current list, ~160 codes). */
const CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

export const DEAL_STATUSES = ['open', 'won', 'lost'] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];

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

const dealName = z
  .string()
  .trim()
  .min(1, 'Give the deal a name.')
  .max(200, 'A deal name can hold up to 200 characters.');

/** POST …/contacts/{GTID}/pipelines/{groupUID}/deals */
export const createDealBody = z.object({
  name: dealName,
  value: dealValue,
  currency: currencyCode,
  status: z.enum(DEAL_STATUSES).default('open'),
});

/** PATCH …/contacts/{GTID}/deals/{dealUID}: at least one field. */
export const editDealBody = z
  .object({
    name: dealName.optional(),
    value: dealValue.optional(),
    currency: currencyCode.optional(),
    status: z.enum(DEAL_STATUSES).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'Send at least one of name, value, currency or status.',
  });

/** A deal as the deal routes answer it. */
export const dealSchema = z.object({
  dealUID: z.string(),
  pipelineUID: z.string(),
  name: z.string(),
  /** Exact decimal, e.g. "1250.5". */
  value: z.string(),
  currency: z.string(),
  status: z.enum(DEAL_STATUSES),
  createdByUID: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DealView = z.infer<typeof dealSchema>;

/** A deal as a contact's answer lists it, under its pipeline (GET …/contacts/{GTID}). */
export const contactDealSchema = dealSchema.pick({
  dealUID: true,
  name: true,
  value: true,
  currency: true,
  status: true,
  createdAt: true,
});
export type ContactDeal = z.infer<typeof contactDealSchema>;

/** The fields a client sends to add a deal (`value` a number or a decimal string). */
export type DealInput = z.input<typeof createDealBody>;

export const dealAnswer = z.object({ deal: dealSchema });
export type DealAnswer = z.infer<typeof dealAnswer>;
export const dealDeletedAnswer = z.object({ deleted: z.literal(true) });
