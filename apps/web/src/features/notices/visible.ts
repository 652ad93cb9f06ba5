import { isDismissed, isNotificationVisible, platformMatches } from '@leadloom/core';
import type { UserNotice } from './types';

/** The web app is the "web" surface (SPEC §4: platform web, extension or any). */
export const SURFACE = 'web' as const;

/** Notices to show on this page now, per core's rules (published, platform, page, stamp). */
export function noticesToShow(list: readonly UserNotice[], pathname: string, now: number) {
  const visible = list.filter((n) =>
    isNotificationVisible(n, { surface: SURFACE, pathname, stamp: n.stamp, now }),
  );
  const bannerAt = (n: UserNotice) => (n.position?.startsWith('bottom') ? 'bottom' : 'top');
  return {
    topBanners: visible.filter((n) => n.type === 'banner' && bannerAt(n) === 'top'),
    bottomBanners: visible.filter((n) => n.type === 'banner' && bannerAt(n) === 'bottom'),
    // One modal at a time: the newest first; the next one comes after it is dismissed.
    modal: visible.find((n) => n.type === 'modal') ?? null,
    toasts: visible.filter((n) => n.type === 'toast'),
  };
}

/** The bell's list: every published web notice not snoozed nor dismissed, on any page. */
export function unseenNotices(list: readonly UserNotice[], now: number) {
  return list.filter(
    (n) => n.published && platformMatches(n.platform, SURFACE) && !isDismissed(n.stamp, now),
  );
}
