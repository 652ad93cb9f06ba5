import { z } from 'zod';
import { QUEUE_PLATFORMS, type QueuePlatform } from '../message-queue';
import { TEMPLATE_MAX_LENGTH } from '../message-template';
import { PLATFORM_NAMES } from './gating';

/**
 * A message queue item's life (SPEC §3, §4): `pending` in the review queue of the member it is
 * queued to, or `approved` at once when that member queued it themself; `leased` while one
 * browser sends it; then `sent`, `failed` or `skipped`. `rejected` by the reviewer, `cancelled`
 * by the sender or the person who queued it. Nothing reaches the extension before `approved`.
 */
export const QUEUE_ITEM_STATUSES = [
  'pending',
  'approved',
  'leased',
  'sent',
  'failed',
  'skipped',
  'rejected',
  'cancelled',
] as const;
export type QueueItemStatus = (typeof QUEUE_ITEM_STATUSES)[number];

/** Statuses of items still waiting to go out. */
export const OPEN_QUEUE_STATUSES: readonly QueueItemStatus[] = ['pending', 'approved', 'leased'];

/** How long one browser holds an item before it returns to the queue. */
export const QUEUE_LEASE_MS = 5 * 60_000;

/** A longest message: platforms cut far shorter texts, and a template caps its own. */
export const QUEUE_MESSAGE_MAX_LENGTH = TEMPLATE_MAX_LENGTH;

/** Most recipients one "queue message" request takes; larger selections go through /v2/bulk. */
export const QUEUE_MAX_RECIPIENTS = 500;

/**
 * Queued by the sender themself it is approved at once; by a teammate, it waits for them. One an
 * automation queued (a workflow) waits for its sender too, even when they set the automation up:
 * a person sees and confirms what their account sends.
 */
export function initialQueueStatus(
  createdByUID: string,
  queuedToUID: string,
  automated = false,
): QueueItemStatus {
  return createdByUID === queuedToUID && !automated ? 'approved' : 'pending';
}

/** The profile link a platform's sender opens, from a contact's profile links. */
export function recipientLink(
  profiles: Readonly<Record<string, string | null | undefined>> | null | undefined,
  platform: QueuePlatform,
): string | null {
  const link = profiles?.[platform]?.trim();
  return link ? link : null;
}

/**
 * One form per profile link, so "messaged before" and the caps see the same person however the
 * link was written: no spaces, no fragment, no trailing slash, the scheme and host in lower case
 * (paths and queries keep their case: `profile.php?id=` and handles need it).
 */
export function normalizeRecipient(link: string): string {
  const text = link.trim();
  try {
    const url = new URL(text);
    url.hash = '';
    if (url.pathname.length > 1) url.pathname = url.pathname.replace(/\/+$/, '');
    const out = url.toString();
    return url.search ? out : out.replace(/\/$/, '');
  } catch {
    return text.replace(/\/+$/, '');
  }
}

export function missingProfileMessage(name: string, platform: QueuePlatform): string {
  const who = name.trim() || 'This contact';
  return `${who} has no ${PLATFORM_NAMES[platform]} profile link`;
}

export const queuePlatformSchema = z.enum(QUEUE_PLATFORMS);

const messageText = z
  .string()
  .trim()
  .min(1, 'Write a message')
  .max(QUEUE_MESSAGE_MAX_LENGTH, `A message is at most ${QUEUE_MESSAGE_MAX_LENGTH} characters`);

/** Queue one message (a template text with variables) to one or more contacts. */
export const queueMessageRequestSchema = z
  .object({
    platform: queuePlatformSchema,
    GTIDs: z
      .array(z.string().min(1).max(100))
      .min(1, 'Choose at least one contact')
      .max(QUEUE_MAX_RECIPIENTS, `Queue up to ${QUEUE_MAX_RECIPIENTS} contacts at once`),
    /** The text, with template variables filled per recipient. */
    text: messageText,
    /** The template it came from, if any (kept on the item for reports). */
    templateId: z.string().min(1).max(100).nullish(),
    /** The member whose account sends; the person queueing by default. */
    queuedToUID: z.string().min(1).max(100).nullish(),
    /** Sent again with the same key, the request queues nothing twice. */
    idempotencyKey: z.string().min(1).max(200).nullish(),
  })
  .strict();
export type QueueMessageRequest = z.infer<typeof queueMessageRequestSchema>;

/** A reviewer's decision on items of their review queue. */
export const reviewRequestSchema = z
  .object({
    decision: z.enum(['approve', 'reject']),
    /** The items; omitted: every pending item queued to the reviewer (on `platform` if given). */
    itemUIDs: z.array(z.string().min(1).max(100)).min(1).max(QUEUE_MAX_RECIPIENTS).optional(),
    platform: queuePlatformSchema.optional(),
  })
  .strict();
export type ReviewRequest = z.infer<typeof reviewRequestSchema>;

/** Edit a waiting item's text (before it is leased). */
export const editQueueItemSchema = z.object({ text: messageText }).strict();
