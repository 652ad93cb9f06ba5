import { describe, expect, it } from 'vitest';
import {
  ALLOWED_SUBSCRIPTION_STATUSES,
  isAllowedSubscriptionStatus,
  subscriptionAllowsUse,
  subscriptionStatus,
} from './subscription-status';

describe('subscription status', () => {
  it('allows active, trialing and past_due only', () => {
    expect(ALLOWED_SUBSCRIPTION_STATUSES).toEqual(['active', 'trialing', 'past_due']);
    for (const s of ['active', 'trialing', 'past_due'])
      expect(isAllowedSubscriptionStatus(s)).toBe(true);
    for (const s of ['canceled', 'unpaid', 'Active', '', null, undefined, 1]) {
      expect(isAllowedSubscriptionStatus(s)).toBe(false);
    }
  });

  it.each([
    [null, 'canceled'],
    [undefined, 'canceled'],
    [{}, 'canceled'],
    [{ status: '' }, 'canceled'],
    [{ status: 'trialing' }, 'trialing'],
    [{ status: 'active', stripeData: { baseSub: { status: 'past_due' } } }, 'past_due'],
    [{ status: 'active', stripeData: { baseSub: null } }, 'active'],
    [{ status: 'active', stripeData: { baseSub: { status: '' } } }, 'active'],
    [{ stripeData: { baseSub: { status: 'unpaid' } } }, 'unpaid'],
  ])('subscriptionStatus(%j) = %s', (sub, status) => {
    expect(subscriptionStatus(sub)).toBe(status);
  });

  it('allows use by the base status', () => {
    expect(subscriptionAllowsUse(null)).toBe(false);
    expect(subscriptionAllowsUse({ status: 'active' })).toBe(true);
    expect(
      subscriptionAllowsUse({ status: 'active', stripeData: { baseSub: { status: 'canceled' } } }),
    ).toBe(false);
  });
});
