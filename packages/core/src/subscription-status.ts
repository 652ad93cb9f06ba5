/** Subscription statuses that allow use of the product (SPEC §9). */
export const ALLOWED_SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due'] as const;
export type AllowedSubscriptionStatus = (typeof ALLOWED_SUBSCRIPTION_STATUSES)[number];

/** The status given to a team without a subscription (SPEC §4). */
export const NO_SUBSCRIPTION_STATUS = 'canceled';

/** Whether a status allows use; anything not in the list (including non-strings) does not. */
export function isAllowedSubscriptionStatus(status: unknown): status is AllowedSubscriptionStatus {
  return (
    typeof status === 'string' &&
    (ALLOWED_SUBSCRIPTION_STATUSES as readonly string[]).includes(status)
  );
}

/** The parts of a subscription that carry a status. */
export interface SubscriptionStatusSource {
  status?: string | null;
  stripeData?: { baseSub?: { status?: string | null } | null } | null;
}

/**
 * The base subscription status. The billing provider's base subscription is the source of
 * truth when present (the guard checks the *base* status, SPEC §4), then the stored status;
 * no subscription at all, or one without any status, counts as "canceled".
 */
export function subscriptionStatus(sub: SubscriptionStatusSource | null | undefined): string {
  return sub?.stripeData?.baseSub?.status || sub?.status || NO_SUBSCRIPTION_STATUS;
}

/** Whether the subscription lets the team use the product. */
export function subscriptionAllowsUse(sub: SubscriptionStatusSource | null | undefined): boolean {
  return isAllowedSubscriptionStatus(subscriptionStatus(sub));
}
