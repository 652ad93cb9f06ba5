import {
  contactQuota,
  FEATURE_FLAGS,
  FEATURES,
  memberQuota,
  subscriptionStatus,
} from '@leadloom/core';
import { describe, expect, it } from 'vitest';
import type { SubscriptionData } from '../profile/types';
import {
  flagNameProblem,
  flagRows,
  planFormFromSubscription,
  subscriptionFromPlanForm,
  withTierDefaults,
} from './planForm';

const stored: SubscriptionData = {
  status: 'active',
  tier: { value: 2, name: 'premier' },
  includedContacts: 10_000,
  includedSeats: 3,
  addons: { contactBlocks: 5_000, teamMembers: 2 },
  platforms: { facebook: { level: 'pro' }, instagram: { level: 'basic' } },
  subIds: { base: 'sub_1' },
  stripeData: { baseSub: { status: 'active', createdAt: '2026-01-01T00:00:00.000Z' } },
};

describe('planFormFromSubscription', () => {
  it('reads every field', () => {
    const form = planFormFromSubscription(stored);
    expect(form).toMatchObject({
      status: 'active',
      tier: 2,
      includedContacts: 10_000,
      includedSeats: 3,
      contactBlocks: 5_000,
      teamMembers: 2,
      platforms: { facebook: 'pro', instagram: 'basic', linkedin: 'none' },
      customFeatures: false,
    });
    expect(Object.keys(form.features)).toEqual([...FEATURES]);
  });
  it('starts a team without a plan as a tier-1 trial with the tier limits', () => {
    expect(planFormFromSubscription(null)).toMatchObject({
      status: 'trialing',
      tier: 1,
      includedContacts: 5_000,
      includedSeats: 1,
      contactBlocks: 0,
      teamMembers: 0,
    });
  });
  it('takes the base status of the billing provider, as the guard does', () => {
    const form = planFormFromSubscription({
      ...stored,
      status: 'active',
      stripeData: { baseSub: { status: 'unpaid' } },
    });
    expect(form.status).toBe('unpaid');
  });
  it('keeps a features map, including unknown features', () => {
    const form = planFormFromSubscription({
      ...stored,
      features: { two_way_sync: true, beta: true },
    });
    expect(form.customFeatures).toBe(true);
    expect(form.features.two_way_sync).toBe(true);
    expect(form.features.facebook_access).toBe(false);
    expect(form.features.beta).toBe(true);
  });
});

describe('subscriptionFromPlanForm', () => {
  it('round-trips a stored subscription', () => {
    const again = subscriptionFromPlanForm(planFormFromSubscription(stored), stored);
    expect(again).toEqual(stored);
  });
  it('writes the tier name, drops "none" platforms and keeps untouched fields', () => {
    const form = planFormFromSubscription(stored);
    const next = subscriptionFromPlanForm(
      { ...form, tier: 3, platforms: { facebook: 'none', instagram: 'pro', linkedin: 'basic' } },
      stored,
    );
    expect(next.tier).toEqual({ value: 3, name: 'pro' });
    expect(next.platforms).toEqual({ instagram: { level: 'pro' }, linkedin: { level: 'basic' } });
    expect(next.subIds).toEqual({ base: 'sub_1' });
  });
  it('sets the base status too, so the new status is the one that counts', () => {
    const next = subscriptionFromPlanForm(
      { ...planFormFromSubscription(stored), status: 'canceled' },
      stored,
    );
    expect(next.status).toBe('canceled');
    expect(subscriptionStatus(next)).toBe('canceled');
    expect(next.stripeData?.baseSub?.createdAt).toBe('2026-01-01T00:00:00.000Z');
  });
  it('writes a features map only when custom features are on', () => {
    const form = planFormFromSubscription({ ...stored, features: { two_way_sync: true } });
    expect(subscriptionFromPlanForm(form, stored).features).toMatchObject({ two_way_sync: true });
    expect(subscriptionFromPlanForm({ ...form, customFeatures: false }, stored)).not.toHaveProperty(
      'features',
    );
  });
  it('gives the quotas core computes', () => {
    const next = subscriptionFromPlanForm(planFormFromSubscription(stored));
    expect(contactQuota(next)).toBe(15_000);
    expect(memberQuota(next)).toBe(4);
  });
  it('clamps negative and fractional counts', () => {
    const form = { ...planFormFromSubscription(null), includedContacts: -5, teamMembers: 2.7 };
    const next = subscriptionFromPlanForm(form);
    expect(next.includedContacts).toBe(0);
    expect(next.addons?.teamMembers).toBe(2);
  });
});

describe('the strict body of PUT …/subscription', () => {
  it('sends only the fields the server knows', () => {
    const signupTeam: SubscriptionData = {
      ...stored,
      contactCount: 42,
      trialEndsAt: '2026-12-01T00:00:00.000Z',
      subIds: { base: 'sub_1', addon: null },
      stripeData: { baseSub: { status: 'trialing', createdAt: 5 }, addOnSub: { foo: 1 } },
      features: { two_way_sync: true, beta: true } as Record<string, boolean>,
    };
    const next = subscriptionFromPlanForm(planFormFromSubscription(signupTeam), signupTeam);
    expect(Object.keys(next).sort()).toEqual(
      [
        'addons',
        'features',
        'includedContacts',
        'includedSeats',
        'platforms',
        'status',
        'stripeData',
        'subIds',
        'tier',
      ].sort(),
    );
    expect(next.stripeData).toEqual({ baseSub: { status: 'trialing' } });
    expect(next.subIds).toEqual({ base: 'sub_1' });
    expect(Object.keys(next.features ?? {})).toEqual([...FEATURES]);
  });
});

describe('withTierDefaults', () => {
  it('applies the tier table', () => {
    const form = withTierDefaults(planFormFromSubscription(null), 3);
    expect(form).toMatchObject({ tier: 3, includedContacts: 25_000, includedSeats: 6 });
  });
});

describe('flags', () => {
  it('lists the named flags first, then the others by name', () => {
    const rows = flagRows({
      zeta: true,
      'dev-x': true,
      [FEATURE_FLAGS.facebookAutoResponder]: true,
    });
    expect(rows.map((r) => r.name)).toEqual([
      FEATURE_FLAGS.instagramBulkMessaging,
      FEATURE_FLAGS.facebookBulkMessaging,
      FEATURE_FLAGS.facebookAutoResponder,
      'dev-x',
      'zeta',
    ]);
    expect(rows[2]).toMatchObject({ enabled: true, named: true });
    expect(rows[3]).toMatchObject({ dev: true, named: false });
    expect(rows[0]?.enabled).toBe(false);
  });
  it('checks new flag names', () => {
    expect(flagNameProblem('  ', {})).toMatch(/Enter/);
    expect(flagNameProblem('has space', {})).toMatch(/letters/);
    expect(flagNameProblem('Upper', {})).toMatch(/letters/);
    expect(flagNameProblem('-lead', {})).toMatch(/letters/);
    expect(flagNameProblem('zeta', { zeta: false })).toMatch(/already/);
    expect(flagNameProblem(FEATURE_FLAGS.facebookBulkMessaging, {})).toMatch(/already/);
    expect(flagNameProblem('new_flag', {})).toBeNull();
  });
});
