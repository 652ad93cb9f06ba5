import type { NotificationPlatform, NotificationType } from '@leadloom/core';

/** Where a notice sits; see the server's NOTIFICATION_POSITIONS (docs/api.md). */
export const NOTICE_POSITIONS = [
  'top-left',
  'top-center',
  'top-right',
  'bottom-left',
  'bottom-center',
  'bottom-right',
] as const;
export type NoticePosition = (typeof NOTICE_POSITIONS)[number];

/** The fields a super admin writes (SPEC §3 Notification). */
export interface NoticeFields {
  published: boolean;
  platform: NotificationPlatform;
  type: NotificationType;
  title: string;
  text: string;
  link: string | null;
  linkText: string | null;
  page: string | null;
  position: NoticePosition | null;
  backgroundColor: string | null;
  fontColor: string | null;
  backgroundIcon: string | null;
}

export interface Notice extends NoticeFields {
  notificationId: string;
  createdAt: string;
  updatedAt: string;
}

/** A notice as a user receives it: with their snooze / permanent stamp (null when none). */
export interface UserNotice extends Notice {
  stamp: number | null;
}
