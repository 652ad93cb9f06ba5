import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isDismissed,
  isNotificationVisible,
  isPermanentStamp,
  notificationTimeout,
  pageMatches,
  permanentStamp,
  platformMatches,
  snoozeStamp,
  type NotificationContext,
} from './notifications';

const DAY = 86_400_000;
const now = 1_700_000_000_000;
const ctx: NotificationContext = { surface: 'web', pathname: '/contacts/table', now };
const shown = { published: true, platform: 'any', page: null };

describe('stamps', () => {
  it('snoozes for 24 h, ending in 1', () => {
    expect(snoozeStamp(now)).toBe(now + DAY + 1);
    expect(snoozeStamp(now + 1)).toBe(now + 1 + DAY);
    expect(snoozeStamp(now + 2)).toBe(now + DAY + 11);
    expect(snoozeStamp(now + 9)).toBe(now + DAY + 11);
  });

  it('a snooze stamp is never permanent and always ≥ 24 h away, by < 10 ms more', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 45 }), (t) => {
        const stamp = snoozeStamp(t);
        return (
          stamp % 10 === 1 &&
          !isPermanentStamp(stamp) &&
          stamp >= t + DAY &&
          stamp < t + DAY + 10 &&
          isDismissed(stamp, t) &&
          isDismissed(stamp, t + DAY - 1) &&
          !isDismissed(stamp, stamp)
        );
      }),
    );
  });

  it('a permanent stamp ends in 0 and hides for ever', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 45 }), fc.nat(), (t, later) => {
        const stamp = permanentStamp(t);
        return stamp % 10 === 0 && stamp <= t && t - stamp < 10 && isDismissed(stamp, t + later);
      }),
    );
  });

  it.each([
    [undefined, false],
    [null, false],
    [NaN, false],
    [now - 1, false],
    [now - 9, false],
    [now + 1, true],
    [now - 10, true],
    [0, true],
  ])('isDismissed(%j) = %s', (stamp, hidden) => {
    expect(isDismissed(stamp, now)).toBe(hidden);
  });

  it('recognises permanent stamps', () => {
    expect(isPermanentStamp(20)).toBe(true);
    expect(isPermanentStamp(21)).toBe(false);
    expect(isPermanentStamp(20.5)).toBe(false);
    expect(isPermanentStamp('20')).toBe(false);
  });
});

describe('platform and page', () => {
  it.each([
    ['any', 'web', true],
    ['any', 'extension', true],
    ['web', 'web', true],
    ['web', 'extension', false],
    ['extension', 'extension', true],
    ['extension', 'web', false],
    [null, 'extension', true],
    ['', 'web', true],
    ['mobile', 'web', false],
  ] as const)('platform %j on %s → %s', (platform, surface, expected) => {
    expect(platformMatches(platform, surface)).toBe(expected);
  });

  it.each([
    [null, '/anything', true],
    ['', '/anything', true],
    ['/', '/anything', true],
    ['/contacts', '/contacts', true],
    ['/contacts', '/contacts/table', true],
    ['contacts/', '/contacts/table', true],
    ['/contacts', '/contactsx', false],
    ['/tasks', '/contacts', false],
  ])('page %j at %s → %s', (page, pathname, expected) => {
    expect(pageMatches(page, pathname)).toBe(expected);
  });
});

describe('isNotificationVisible', () => {
  it.each([
    ['published, any platform, no page', shown, ctx, true],
    ['unpublished', { ...shown, published: false }, ctx, false],
    ['published missing', { platform: 'any' }, ctx, false],
    ['for the extension only', { ...shown, platform: 'extension' }, ctx, false],
    [
      'for the extension, in the extension',
      { ...shown, platform: 'extension' },
      { ...ctx, surface: 'extension' },
      true,
    ],
    ['other page', { ...shown, page: '/tasks' }, ctx, false],
    ['this page', { ...shown, page: '/contacts' }, ctx, true],
    ['snoozed', shown, { ...ctx, stamp: snoozeStamp(now) }, false],
    ['snooze over', shown, { ...ctx, stamp: snoozeStamp(now - DAY - 20) }, true],
    ['permanently dismissed', shown, { ...ctx, stamp: permanentStamp(now - 5 * DAY) }, false],
  ] as const)('%s → %s', (_name, notification, context, expected) => {
    expect(isNotificationVisible(notification, context as NotificationContext)).toBe(expected);
  });
});

describe('notificationTimeout', () => {
  it.each([
    ['toast', 5000],
    ['banner', 0],
    ['modal', 0],
    [undefined, 5000],
    ['other', 5000],
  ])('%s → %d ms', (type, ms) => {
    expect(notificationTimeout(type)).toBe(ms);
  });
});
