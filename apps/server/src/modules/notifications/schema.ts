import {
  httpUrlMessage,
  isAppPath,
  isColor,
  isHttpUrl,
  isIconValue,
  NOTIFICATION_PLATFORMS,
  NOTIFICATION_TYPES,
} from '@leadloom/core';
import { z } from 'zod';

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

/** PUT body: only the given fields change. */
export const updateNotificationBody = z.object(fields).partial().strict();

export const platformQuery = z.object({
  platform: z.enum(['web', 'extension']).default('web'),
  /** The page the app shows, so page-restricted notifications count only there. */
  path: z.string().max(500).optional(),
});

export const idParam = z.object({ id: z.string().min(1).max(64) });
