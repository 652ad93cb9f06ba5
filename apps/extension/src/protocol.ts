/**
 * Messages between the extension's content scripts and its service worker. Content scripts talk
 * only to the service worker (never to the app: a platform page may not reach a loopback app, and
 * the session token stays in one place).
 *
 * The page pulls, the worker never pushes: every content script asks `next_step` each time its
 * page loads, performs at most one step, and reports it. That survives the worker being stopped
 * and the content script being destroyed by each navigation (RESEARCH §2).
 */
import { z } from 'zod';
import { queueProcessorPlatformSchema, SEND_RESULT_CODES } from '@leadloom/core';

/** One message to send from the page the content script runs in. */
export const sendJobSchema = z.object({
  itemUID: z.string().min(1),
  leaseId: z.string().min(1),
  /** The recipient's profile link on this platform, as queued. */
  recipient: z.string().min(1),
  /** Exactly what arrives: line breaks, emoji and all. */
  text: z.string().min(1),
  /** The item was leased before (the worker or browser stopped mid-send): check the thread first. */
  resumed: z.boolean(),
});
export type SendJob = z.infer<typeof sendJobSchema>;

export const nextStepRequestSchema = z.object({
  type: z.literal('next_step'),
  platform: queueProcessorPlatformSchema,
  href: z.string(),
});

export const stepResultSchema = z.object({
  type: z.literal('step_result'),
  platform: queueProcessorPlatformSchema,
  itemUID: z.string().min(1),
  leaseId: z.string().min(1),
  code: z.enum(SEND_RESULT_CODES),
  /** What the page showed (a dialog's text, the step that failed), for the history. */
  detail: z.string().max(2000).optional(),
});

/** The user sent a message by hand on the platform: it counts against the caps. */
export const manualSendSchema = z.object({
  type: z.literal('manual_send'),
  platform: queueProcessorPlatformSchema,
  recipient: z.string().min(1),
});

export const contentMessageSchema = z.discriminatedUnion('type', [
  nextStepRequestSchema,
  stepResultSchema,
  manualSendSchema,
]);
export type ContentMessage = z.infer<typeof contentMessageSchema>;

/**
 * The worker's answer to `next_step`:
 * - `idle`: this tab is not sending (not a processor tab, or nothing is due); the page only
 *   watches for messages the user sends by hand;
 * - `send`: this is the processor tab and `job` is the one message to send now; the page opens
 *   the thread from wherever it is (profile or thread), sends, verifies and reports `step_result`;
 * - `wait`: the processor tab, but the next send is later; the worker navigates or wakes it.
 */
export const nextStepSchema = z.discriminatedUnion('step', [
  z.object({ step: z.literal('idle') }),
  z.object({ step: z.literal('send'), job: sendJobSchema }),
  z.object({ step: z.literal('wait'), until: z.string().nullable() }),
]);
export type NextStep = z.infer<typeof nextStepSchema>;

/**
 * The popup's question to the service worker: what each queue processor is doing. Answered with
 * core's `GetStatusAnswer`, the same as the app's `get_status`.
 */
export const processorStatusRequestSchema = z.object({ type: z.literal('processor_status') });
export const PROCESSOR_STATUS_REQUEST = { type: 'processor_status' } as const;
