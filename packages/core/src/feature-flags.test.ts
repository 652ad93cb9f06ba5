import { describe, expect, it } from 'vitest';
import { FEATURE_FLAGS, isFeatureFlagEnabled } from './feature-flags';

describe('feature flags', () => {
  it('names the three flags', () => {
    expect(Object.values(FEATURE_FLAGS).sort()).toEqual([
      'facebook_auto_responder_access',
      'facebook_bulk_messaging_access',
      'instagram_bulk_messaging_access',
    ]);
  });

  it.each([
    [{ facebook_auto_responder_access: true }, 'facebook_auto_responder_access', true],
    [{ facebook_auto_responder_access: false }, 'facebook_auto_responder_access', false],
    [{ facebook_auto_responder_access: 'true' }, 'facebook_auto_responder_access', false],
    [{}, 'instagram_bulk_messaging_access', false],
    [{ 'dev-new-board': true }, 'dev-new-board', false],
    [['dev-new-board'], 'dev-new-board', false],
    [['facebook_bulk_messaging_access'], 'facebook_bulk_messaging_access', true],
    [['x'], 'facebook_bulk_messaging_access', false],
    [{}, 'toString', false],
    [null, 'facebook_bulk_messaging_access', false],
    [undefined, 'facebook_bulk_messaging_access', false],
  ])('%j, %s → %s', (flags, name, expected) => {
    expect(isFeatureFlagEnabled(flags, name)).toBe(expected);
  });
});
