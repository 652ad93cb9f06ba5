import { TIMINGS } from './timings';

/** Notification visibility and dismissal stamps (SPEC §3 "Notification", §4 "Notifications"). */

export const NOTIFICATION_PLATFORMS = ['web', 'extension', 'any'] as const;
export type NotificationPlatform = (typeof NOTIFICATION_PLATFORMS)[number];
export const NOTIFICATION_TYPES = ['toast', 'banner', 'modal'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Where the app is running. */
export type AppSurface = 'web' | 'extension';

export interface VisibleNotification {
  published?: boolean | null;
  platform?: string | null;
  page?: string | null;
}

export interface NotificationContext {
  /** Where the app runs: a "web" notification never shows in the extension and vice versa. */
  surface: AppSurface;
  /** Current pathname, matched against the notification's page restriction. */
  pathname: string;
  /** The user's stamp for this notification (the user's notifications map), if any. */
  stamp?: number | null;
  /** Current time in ms. */
  now: number;
}

/*
 * Stamps. The user's notifications map holds one number per notification id:
 * - a snooze stamp is the epoch-ms time until which the notification is hidden, always
 *   rounded *up* to a number ending in 1 (so it is odd and never ends in 0);
 * - a permanent ("Don't show again") stamp is the dismissal time rounded *down* to a number
 *   ending in 0.
 * The last digit tells them apart, and a snooze can never be mistaken for a permanent
 * dismissal. Rounding moves a stamp by at most 9 ms.
 */

/** Whether a stamp is a permanent dismissal (an integer ending in 0). */
export function isPermanentStamp(stamp: unknown): boolean {
  return typeof stamp === 'number' && Number.isInteger(stamp) && stamp % 10 === 0;
}

/** The stamp written by "dismiss": 24 h from now, rounded up to end in 1. */
export function snoozeStamp(now: number): number {
  const until = Math.ceil(now) + TIMINGS.snoozeMs;
  const lastDigit = ((until % 10) + 10) % 10;
  return until + ((11 - lastDigit) % 10);
}

/** The stamp written by "Don't show again": now, rounded down to end in 0. */
export function permanentStamp(now: number): number {
  return Math.floor(now / 10) * 10;
}

/** Whether a stamp hides the notification right now: permanently, or snoozed into the future. */
export function isDismissed(stamp: number | null | undefined, now: number): boolean {
  if (typeof stamp !== 'number' || !Number.isFinite(stamp)) return false;
  return isPermanentStamp(stamp) || stamp > now;
}

/** Whether a notification's platform targets the surface the app runs on ("any" targets both). */
export function platformMatches(platform: string | null | undefined, surface: AppSurface): boolean {
  // A notification without a platform was written before the field existed: it is for everyone.
  if (platform === undefined || platform === null || platform === '' || platform === 'any') {
    return true;
  }
  return platform === surface;
}

/**
 * Whether the current page satisfies a notification's page restriction. A page value is a
 * path prefix at segment boundaries ("/contacts" matches "/contacts/table", not
 * "/contactsx"); the leading "/" is optional. No page value means every page.
 */
export function pageMatches(page: string | null | undefined, pathname: string): boolean {
  const wanted = page?.trim();
  if (!wanted) return true;
  const prefix = `/${wanted.replace(/^\/+|\/+$/g, '')}`;
  if (prefix === '/') return true;
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** SPEC §4: shown only if published, for this surface and page, and not dismissed. */
export function isNotificationVisible(
  notification: VisibleNotification,
  context: NotificationContext,
): boolean {
  return (
    notification.published === true &&
    platformMatches(notification.platform, context.surface) &&
    pageMatches(notification.page, context.pathname) &&
    !isDismissed(context.stamp, context.now)
  );
}

/**
 * How long a notification stays up (0 = until dismissed): banners and modals stay; toasts,
 * and notifications of no known type, get the 5 s default (SPEC §9).
 */
export function notificationTimeout(type: string | null | undefined): number {
  if (type === 'banner' || type === 'modal') return TIMINGS.persistentNoticeMs;
  return type === 'toast' ? TIMINGS.toastMs : TIMINGS.notificationDefaultMs;
}
