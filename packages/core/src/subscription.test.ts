import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  contactQuota,
  FEATURES,
  hasFeature,
  memberQuota,
  NO_TIER,
  tierLimits,
  tierValue,
  type SubscriptionLike,
} from './subscription';

describe('tierLimits (SPEC §9)', () => {
  it.each([
    [1, 'basic', 1, 10, 5000, 3],
    [2, 'premier', 3, 10, 10000, 10],
    [3, 'pro', 6, 10, 25000, 25],
    [4, 'pro', 6, 10, 40000, 50],
  ])(
    'tier %d: %s, %d seats, %d pipelines, %d contacts, %d active workflows',
    (tier, name, seats, pipelines, contacts, activeWorkflows) => {
      const limits = { tier, name, seats, pipelines, contacts, activeWorkflows };
      expect(tierLimits(tier)).toEqual(limits);
      expect(tierLimits({ value: tier, name })).toEqual(limits);
    },
  );

  it.each([0, 5, -1, 2.5, '2', null, undefined, NaN, {}, { value: '3' }, [1]])(
    '%j → zeros',
    (tier) => {
      expect(tierLimits(tier)).toEqual({
        tier: 0,
        name: 'none',
        seats: 0,
        pipelines: 0,
        contacts: 0,
        activeWorkflows: 0,
      });
      expect(tierValue(tier)).toBe(0);
    },
  );

  it('gives zeros to any value outside 1–4', () => {
    fc.assert(
      fc.property(fc.anything(), (v) => {
        const inRange = [1, 2, 3, 4].includes(v as number);
        return inRange || tierLimits(v) === NO_TIER;
      }),
    );
  });
});

describe('quotas', () => {
  it.each([
    [{ includedContacts: 5000, addons: { contactBlocks: 2500 } }, 7500],
    [{ includedContacts: 5000 }, 5000],
    [{ includedContacts: 0, addons: { contactBlocks: 100 } }, 100],
    [{ tier: { value: 2 }, addons: { contactBlocks: 10 } }, 10010],
    [{ includedContacts: -5, addons: { contactBlocks: NaN } }, 0],
    [{}, 0],
    [null, 0],
  ] as [SubscriptionLike | null, number][])('contactQuota(%j) = %d', (sub, quota) => {
    expect(contactQuota(sub)).toBe(quota);
  });

  it.each([
    [{ includedSeats: 3, addons: { teamMembers: 2 } }, 4],
    [{ includedSeats: 1 }, 0],
    [{ includedSeats: 0 }, 0],
    [{ includedSeats: 0, addons: { teamMembers: 2 } }, 1],
    [{ tier: 3 }, 5],
    [{ tier: 9, addons: { teamMembers: 3 } }, 2],
    [null, 0],
  ] as [SubscriptionLike | null, number][])('memberQuota(%j) = %d', (sub, quota) => {
    expect(memberQuota(sub)).toBe(quota);
  });

  it('is includedSeats − 1 + teamMembers for any seat count ≥ 1', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.nat(1000), (seats, extra) => {
        expect(memberQuota({ includedSeats: seats, addons: { teamMembers: extra } })).toBe(
          seats - 1 + extra,
        );
      }),
    );
  });
});

describe('hasFeature', () => {
  const pro = { level: 'pro' };
  const basic = { level: 'basic' };

  it('lets the features map win when present', () => {
    const sub = { tier: 4, platforms: { facebook: pro }, features: { two_way_sync: true } };
    expect(hasFeature(sub, 'two_way_sync')).toBe(true);
    expect(hasFeature(sub, 'facebook_auto_responder')).toBe(false);
    expect(
      hasFeature({ tier: 1, features: { ai_message_generator: true } }, 'ai_message_generator'),
    ).toBe(true);
    expect(hasFeature({ tier: 4, features: {} }, 'ai_message_generator')).toBe(false);
    expect(
      hasFeature({ tier: 4, features: { ai_message_generator: 'yes' } }, 'ai_message_generator'),
    ).toBe(false);
  });

  it.each([
    ['facebook_auto_responder', { platforms: { facebook: pro } }, true],
    ['facebook_auto_responder', { platforms: { facebook: { level: 'PRO' } } }, true],
    ['facebook_auto_responder', { platforms: { facebook: basic } }, false],
    ['facebook_auto_responder', { platforms: { instagram: pro } }, false],
    ['facebook_bulk_messaging', { platforms: { facebook: pro } }, true],
    ['facebook_bulk_messaging', { platforms: { facebook: {} } }, false],
    ['instagram_bulk_messaging', { platforms: { instagram: pro } }, true],
    ['instagram_bulk_messaging', { platforms: { facebook: pro, instagram: basic } }, false],
    ['facebook_access', { platforms: { facebook: basic } }, true],
    ['facebook_access', { platforms: { facebook: {} } }, true],
    ['facebook_access', { platforms: { facebook: null } }, false],
    ['instagram_access', { platforms: { instagram: basic } }, true],
    ['instagram_access', { platforms: {} }, false],
    ['linkedin_access', { platforms: { linkedin: pro } }, true],
    ['linkedin_access', {}, false],
    ['ai_message_generator', { tier: 3 }, true],
    ['ai_message_generator', { tier: { value: 4, name: 'pro' } }, true],
    ['ai_message_generator', { tier: 2 }, false],
    ['ai_message_generator', { tier: 7 }, false],
    ['two_way_sync', { tier: 2 }, true],
    ['two_way_sync', { tier: 1 }, false],
    ['two_way_sync', {}, false],
  ] as const)('legacy: %s with %j → %s', (feature, sub, expected) => {
    expect(hasFeature(sub as SubscriptionLike, feature)).toBe(expected);
  });

  it('grants nothing without a subscription', () => {
    for (const f of FEATURES) expect(hasFeature(null, f)).toBe(false);
  });
});
