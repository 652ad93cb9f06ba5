import { describe, expect, it } from 'vitest';
import { contactQuota, memberQuota, tierLimits } from './subscription';
import { subscriptionAllowsUse, subscriptionStatus } from './subscription-status';
import { TRIAL_DAYS, trialSubscription } from './trial';

describe('trialSubscription', () => {
  const now = Date.UTC(2026, 10, 21, 12, 0, 0);
  const sub = trialSubscription(now);

  it('is a usable trial on tier 1 that ends after TRIAL_DAYS', () => {
    expect(TRIAL_DAYS).toBe(14);
    expect(subscriptionStatus(sub)).toBe('trialing');
    expect(subscriptionAllowsUse(sub)).toBe(true);
    expect(new Date(sub.trialEndsAt).getTime() - now).toBe(14 * 86_400_000);
  });

  it("has tier 1's limits: 5,000 contacts and the owner's seat only", () => {
    expect(tierLimits(sub.tier).tier).toBe(1);
    expect(contactQuota(sub)).toBe(5000);
    expect(memberQuota(sub)).toBe(0);
  });
});
