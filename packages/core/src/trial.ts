import { TIERS } from './subscription';

/** A new team tries the product for 14 days (issue: identity, teams, members, plans). */
export const TRIAL_DAYS = 14;

const DAY_MS = 86_400_000;

/**
 * SPEC §3 Subscription of a team created by sign-up: trialing on tier 1's limits, Facebook at
 * basic. `stripeData.baseSub.status` is set too, because the base status outranks `status`
 * (`subscriptionStatus`). Pure: `nowMs` is the sign-up time.
 */
export function trialSubscription(nowMs: number) {
  const tier = TIERS[1];
  const createdAt = new Date(nowMs).toISOString();
  return {
    status: 'trialing',
    tier: { value: tier.tier, name: tier.name },
    includedContacts: tier.contacts,
    includedSeats: tier.seats,
    addons: { contactBlocks: 0, teamMembers: 0 },
    platforms: { facebook: { level: 'basic' } },
    trialEndsAt: new Date(nowMs + TRIAL_DAYS * DAY_MS).toISOString(),
    stripeData: { baseSub: { status: 'trialing', createdAt } },
  };
}
