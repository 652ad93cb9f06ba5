import type { NotificationView, UserNotificationView } from '@leadloom/core';

/** Where a notice sits: core's contract (docs/api.md). */
export {
  NOTIFICATION_POSITIONS as NOTICE_POSITIONS,
  type NotificationPosition as NoticePosition,
} from '@leadloom/core';

/** A notification as stored, and as a user receives it (with their stamp): core's contracts. */
export type Notice = NotificationView;
export type UserNotice = UserNotificationView;

/** The fields a super admin writes (SPEC §3 Notification). */
export type NoticeFields = Omit<Notice, 'notificationId' | 'createdAt' | 'updatedAt'>;
