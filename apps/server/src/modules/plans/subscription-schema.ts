import { FEATURES } from '@leadloom/core';
import { z } from 'zod';

/**
 * SPEC §3 Subscription as a super admin sets it. Strict objects: an unknown or misspelt field
 * is a 400 naming it rather than silently stored. `contactCount` is not accepted: it is counted.
 */
const count = z.number().int().min(0).max(100_000_000);
const platform = z.strictObject({ level: z.string().trim().min(1).max(40) });
const stripeSub = z.strictObject({
  status: z.string().min(1).max(40).optional(),
  createdAt: z.string().max(40).optional(),
});

export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'canceled',
  'unpaid',
  'incomplete',
  'incomplete_expired',
  'paused',
] as const;

export const subscriptionSchema = z.strictObject({
  status: z.enum(SUBSCRIPTION_STATUSES),
  tier: z.strictObject({
    value: z.number().int().min(1).max(4),
    name: z.string().trim().min(1).max(40),
  }),
  includedContacts: count,
  includedSeats: z.number().int().min(1).max(10_000),
  addons: z
    .strictObject({ contactBlocks: count.default(0), teamMembers: count.default(0) })
    .default({ contactBlocks: 0, teamMembers: 0 }),
  platforms: z
    .strictObject({
      facebook: platform.optional(),
      instagram: platform.optional(),
      linkedin: platform.optional(),
    })
    .default({}),
  // When present it wins over the legacy rules (SPEC §6); omit it to use them.
  features: z
    .strictObject(
      Object.fromEntries(FEATURES.map((f) => [f, z.boolean().optional()])) as Record<
        (typeof FEATURES)[number],
        z.ZodOptional<z.ZodBoolean>
      >,
    )
    .optional(),
  subIds: z
    .strictObject({
      base: z.string().max(200).optional(),
      addon: z.string().max(200).optional(),
      teamItem: z.string().max(200).optional(),
      contactsItem: z.string().max(200).optional(),
    })
    .optional(),
  stripeData: z
    .strictObject({ baseSub: stripeSub.optional(), addOnSub: stripeSub.optional() })
    .optional(),
});

export type SubscriptionInput = z.infer<typeof subscriptionSchema>;

/** Flag names as stored: `{flags: {name: boolean}}`. */
export const flagsSchema = z.strictObject({
  flags: z.record(
    z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'must be a lower-case flag name'),
    z.boolean(),
  ),
});
