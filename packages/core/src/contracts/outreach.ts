import { z } from 'zod';
import { QUEUE_PLATFORMS } from '../message-queue';
import { QUEUE_ITEM_STATUSES } from '../outreach/queue-items';
import { queueLimitsSchema } from '../outreach/limits';
import { WAIT_REASONS } from '../outreach/pacing';
import { SEND_RESULT_CODES } from '../outreach/results';

/**
 * The message queue's answers (docs/api.md "Message queue and sending limits"): the team's items,
 * the sender's status and limits, and the extension's lease. The requests' schemas live beside
 * the rules that shape them (`outreach/queue-items.ts`, `outreach/limits.ts`).
 */

const platform = z.enum(QUEUE_PLATFORMS);
const isoTime = z.string();

/** One queued message as its sender, its author and the contact page see it. */
export const queueItemSchema = z.object({
  itemUID: z.string(),
  teamUID: z.string(),
  GTID: z.string(),
  contactName: z.string(),
  platform,
  /** The contact's profile link on the platform, as queued. */
  recipient: z.string(),
  /** The rendered text: exactly what arrives. */
  text: z.string(),
  status: z.enum(QUEUE_ITEM_STATUSES),
  /** The member whose account sends it. */
  queuedToUID: z.string(),
  createdByUID: z.string(),
  templateId: z.string().nullable(),
  attempts: z.number().int(),
  /** A retry waits until then. */
  notBefore: isoTime.nullable(),
  resultCode: z.enum(SEND_RESULT_CODES).nullable(),
  resultDetail: z.string().nullable(),
  /** The contact's `message` activity, once sent. */
  activityUID: z.string().nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
  sentAt: isoTime.nullable(),
});
export type QueueItem = z.infer<typeof queueItemSchema>;

export const queueItemsAnswer = z.object({ items: z.array(queueItemSchema) });

/** POST …/outreach/items: the items queued, and the contacts that got none with why. */
export const queuedAnswer = z.object({
  items: z.array(queueItemSchema),
  skipped: z.array(z.object({ GTID: z.string(), reason: z.string() })),
});

/** POST …/outreach/preview: each recipient's text as it would be sent. */
export const queuePreviewAnswer = z.object({
  previews: z.array(
    z.object({
      GTID: z.string(),
      name: z.string(),
      recipient: z.string().nullable(),
      text: z.string(),
      /** Why this contact would get no message ("Dana has no Facebook profile link"). */
      problem: z.string().nullable(),
    }),
  ),
});

/** POST …/outreach/review: how many items moved. */
export const reviewAnswer = z.object({ changed: z.number().int() });

/** POST …/items/{itemUID}/result; `duplicate`: the item had been reported sent before. */
export const sendResultAnswer = z.object({ item: queueItemSchema, duplicate: z.boolean() });

/** The extension's result report for a leased item. */
export const sendResultBody = z
  .object({
    leaseId: z.string().min(1).max(100),
    code: z.enum(SEND_RESULT_CODES),
    /** What the extension saw (a dialog's text, the step that failed), for the history. */
    detail: z.string().max(2000).nullish(),
  })
  .strict();

/** The list of one of the member's boxes. */
export const queueListQuery = z.object({
  box: z.enum(['review', 'sending', 'history']).default('sending'),
  platform: platform.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});

/** One platform's sending state for the account, across its teams. */
export const platformStatusSchema = z.object({
  platform,
  limits: queueLimitsSchema,
  /** The user has changed the defaults. */
  customLimits: z.boolean(),
  caps: z.object({ daily: z.number(), hourly: z.number(), warmingUp: z.boolean() }),
  usage: z.object({
    newConversationsToday: z.number().int(),
    sentToday: z.number().int(),
    lastHour: z.number().int(),
  }),
  paused: z
    .object({ reason: z.string(), message: z.string(), until: isoTime.nullable() })
    .nullable(),
  /** When the next message may go out, and what holds it back. */
  next: z.object({
    at: isoTime.nullable(),
    reason: z.enum([...WAIT_REASONS, 'busy', 'empty', 'ready']),
  }),
  queue: z.object({
    pending: z.number().int(),
    approved: z.number().int(),
    leased: z.number().int(),
  }),
  timeZone: z.string(),
});
export type PlatformStatus = z.infer<typeof platformStatusSchema>;

/** GET /outreach/status, and the answer to a change of limits or a pause. */
export const queueStatusAnswer = z.object({
  /** The server's clock at the answer: the times above are on it, not on the browser's. */
  now: isoTime,
  platforms: z.array(platformStatusSchema),
});
export type QueueStatus = z.infer<typeof queueStatusAnswer>;

/** The one message the extension may send now, under a lease. */
export const leasedItemSchema = z.object({
  teamUID: z.string(),
  itemUID: z.string(),
  GTID: z.string(),
  platform,
  recipient: z.string(),
  text: z.string(),
  idempotencyKey: z.string(),
  leaseId: z.string(),
  leaseExpiresAt: isoTime,
  /** Leased before (a browser stopped mid-send): the sender checks the thread first. */
  resumed: z.boolean(),
});

/** POST /outreach/{platform}/lease: an item, or why none and until when (null: no time known). */
export const leaseAnswer = z.object({
  /** The server's clock at the answer: a wait is `until - now`, whatever the browser's clock says. */
  now: isoTime,
  item: leasedItemSchema.nullable(),
  wait: z
    .object({
      reason: z.enum([...WAIT_REASONS, 'busy', 'empty']),
      until: isoTime.nullable(),
      /** Why the platform is paused, in words (a paused wait only): the popup shows it. */
      message: z.string().optional(),
    })
    .nullable(),
});

export const manualSendBody = z.object({ recipient: z.string().trim().min(1).max(2000) }).strict();
/** Whether the message the user sent by hand started a conversation (it counts against the cap). */
export const manualSendAnswer = z.object({ newConversation: z.boolean() });

export const queueLimitsBody = z.object({ limits: queueLimitsSchema.nullable() }).strict();
