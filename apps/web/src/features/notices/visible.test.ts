import { permanentStamp, snoozeStamp } from '@leadloom/core';
import { describe, expect, it } from 'vitest';
import type { UserNotice } from './types';
import { noticesToShow, unseenNotices } from './visible';

const NOW = 1_800_000_000_000;
const notice = (over: Partial<UserNotice>): UserNotice => ({
  notificationId: over.notificationId ?? 'n',
  published: true,
  platform: 'any',
  type: 'toast',
  title: 't',
  text: '',
  link: null,
  linkText: null,
  page: null,
  position: null,
  backgroundColor: null,
  fontColor: null,
  backgroundIcon: null,
  createdAt: '',
  updatedAt: '',
  stamp: null,
  ...over,
});

describe('noticesToShow', () => {
  it('sorts banners by position, picks one modal, keeps toasts', () => {
    const r = noticesToShow(
      [
        notice({ notificationId: 'b1', type: 'banner' }),
        notice({ notificationId: 'b2', type: 'banner', position: 'bottom-center' }),
        notice({ notificationId: 'm1', type: 'modal' }),
        notice({ notificationId: 'm2', type: 'modal' }),
        notice({ notificationId: 't1' }),
      ],
      '/pipeline',
      NOW,
    );
    expect(r.topBanners.map((n) => n.notificationId)).toEqual(['b1']);
    expect(r.bottomBanners.map((n) => n.notificationId)).toEqual(['b2']);
    expect(r.modal?.notificationId).toBe('m1');
    expect(r.toasts.map((n) => n.notificationId)).toEqual(['t1']);
  });

  it('honours platform, page, snooze and permanent stamps', () => {
    const list = [
      notice({ notificationId: 'ext', platform: 'extension' }),
      notice({ notificationId: 'page', page: '/contacts' }),
      notice({ notificationId: 'snoozed', stamp: snoozeStamp(NOW) }),
      notice({ notificationId: 'expired', stamp: snoozeStamp(NOW - 2 * 86_400_000) }),
      notice({ notificationId: 'never', stamp: permanentStamp(NOW - 5 * 86_400_000) }),
      notice({ notificationId: 'draft', published: false }),
    ];
    const ids = (path: string) =>
      noticesToShow(list, path, NOW).toasts.map((n) => n.notificationId);
    expect(ids('/pipeline')).toEqual(['expired']);
    expect(ids('/contacts/table')).toEqual(['page', 'expired']);
    expect(unseenNotices(list, NOW).map((n) => n.notificationId)).toEqual(['page', 'expired']);
  });
});
