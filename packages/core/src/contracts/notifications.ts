import { z } from 'zod';
import { isColor } from '../color';
import { NOTIFICATION_PLATFORMS, NOTIFICATION_TYPES } from '../notifications';
import { httpUrlMessage, isAppPath, isHttpUrl, isIconValue } from '../web-address';

/** In-app notifications (SPEC §3 Notification, §4): the super admin's CRUD and each user's view. */

/**
 * Where a toast, banner or modal sits. Toasts use Mantine's six corners/edges; banners read
 * only "top"/"bottom"; modals read only "top" (else centred).
 */
export const NOTIFICATION_POSITIONS = [
  'top-left',
  'top-center',
  'top-right',
  'bottom-left',
  'bottom-center',
  'bottom-right',
] as const;
export type NotificationPosition = (typeof NOTIFICATION_POSITIONS)[number];

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

const colour = z
  .string()
  .trim()
  .max(60)
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isColor(v), 'Not a colour (use #RRGGBB, rgb() or a colour name)');

/** A link is an absolute http(s) address or a path inside the app. */
const link = optionalText(2000).refine(
  (v) => v === null || isHttpUrl(v) || isAppPath(v),
  `${httpUrlMessage('Link')}, or be a path starting with "/"`,
);

/** The fields a super admin edits (SPEC §3 Notification), each optional for a partial update. */
const fields = {
  published: z.boolean(),
  platform: z.enum(NOTIFICATION_PLATFORMS),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string().trim().max(200),
  text: z.string().trim().max(4000),
  link,
  linkText: optionalText(100),
  page: optionalText(200),
  position: z
    .enum(NOTIFICATION_POSITIONS)
    .nullish()
    .transform((v) => v ?? null),
  backgroundColor: colour,
  fontColor: colour,
  /** An emoji (or a few characters) or an image address drawn faintly behind the text. */
  backgroundIcon: optionalText(500).refine(
    (v) => v === null || isIconValue(v),
    'Use an emoji or a few characters, or an image address starting with http:// or https://',
  ),
};

/** POST body: unspecified fields take the entity defaults; a notification needs some words. */
export const createNotificationBody = z
  .object({
    ...fields,
    published: fields.published.default(false),
    platform: fields.platform.default('any'),
    type: fields.type.default('toast'),
    title: fields.title.default(''),
    text: fields.text.default(''),
  })
  .strict()
  .refine((n) => n.title !== '' || n.text !== '', {
    message: 'A notification needs a title or a text',
    path: ['title'],
  });
export type CreateNotificationBody = z.infer<typeof createNotificationBody>;

/** PUT body: only the given fields change. */
export const updateNotificationBody = z.object(fields).partial().strict();
export type UpdateNotificationBody = z.infer<typeof updateNotificationBody>;

/** Which app asks (`web` or `extension`), and the page it shows. */
export const notificationsQuery = z.object({
  platform: z.enum(['web', 'extension']).default('web'),
  /** The page the app shows, so page-restricted notifications count only there. */
  path: z.string().max(500).optional(),
});

export const notificationIdParam = z.string().min(1).max(64);

/** A notification as stored (no audit columns; dates as ISO text). */
export const notificationView = z.object({
  notificationId: z.string(),
  published: z.boolean(),
  platform: z.enum(NOTIFICATION_PLATFORMS),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  text: z.string(),
  link: z.string().nullable(),
  linkText: z.string().nullable(),
  page: z.string().nullable(),
  position: z.enum(NOTIFICATION_POSITIONS).nullable(),
  backgroundColor: z.string().nullable(),
  fontColor: z.string().nullable(),
  backgroundIcon: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type NotificationView = z.infer<typeof notificationView>;

/** A notification as a user receives it: with their snooze / permanent stamp (null when none). */
export const userNotificationView = notificationView.extend({ stamp: z.number().nullable() });
export type UserNotificationView = z.infer<typeof userNotificationView>;

/** GET /api/admin/notifications: every notification. */
export const adminNotificationsAnswer = z.object({ notifications: z.array(notificationView) });
/** POST and PUT /api/admin/notifications: the notification as it now is. */
export const adminNotificationAnswer = z.object({ notification: notificationView });
/** DELETE /api/admin/notifications/{id}. */
export const notificationDeletedAnswer = z.object({ deleted: z.literal(true) });

/** GET /api/notifications: the published ones for this app, with the caller's stamps. */
export const userNotificationsAnswer = z.object({ notifications: z.array(userNotificationView) });
/** GET /api/notifications/unseen: the ones the user would see now. */
export const unseenNotificationsAnswer = z.object({
  count: z.number().int(),
  notifications: z.array(userNotificationView),
});
export type UnseenNotificationsAnswer = z.infer<typeof unseenNotificationsAnswer>;

/** POST /api/notifications/{id}/dismiss and /never: the stamp now stored. */
export const notificationStampAnswer = z.object({
  notificationId: z.string(),
  stamp: z.number(),
});
