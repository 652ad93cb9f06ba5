/**
 * The message map between the web app and the companion extension (SPEC §7 "Extension messages").
 *
 * The app sends these with `chrome.runtime.sendMessage(EXTENSION_ID, message)`; the extension's
 * background validates every message against `extensionMessageSchema` before acting on it, and the
 * app can validate the answer with `extensionAnswerSchemas[type]`. Both sides import this file so
 * the shapes cannot drift apart (DESIGN §8: the extension is reached only through its message map).
 */
import { z } from 'zod';

/**
 * The extension's id, fixed by the public key in the manifest's `key` field
 * (`apps/extension/manifest-key.txt`). The extension build recomputes it from that key with
 * `extensionIdFromSha256Hex` and fails when the two differ, so a new key cannot ship silently.
 */
export const EXTENSION_ID = 'aahaelmhcimcikgfmedkbdoldnfkmhaf';

/**
 * Longest `wait_a_bit` answered after the delay, in milliseconds: a longer one would hold the
 * service worker's message channel open past its lifetime (RESEARCH §1).
 */
export const WAIT_A_BIT_INLINE_MAX_MS = 60_000;
/** Longest `wait_a_bit` the extension accepts: a longer wait answers at once with `retryAt`. */
export const WAIT_A_BIT_MAX_MS = 24 * 60 * 60_000;

/** Platforms that have a queue processor (SPEC §4 "Queue status per platform"). */
export const queueProcessorPlatformSchema = z.enum(['facebook', 'instagram', 'linkedin']);
export type QueueProcessorPlatform = z.infer<typeof queueProcessorPlatformSchema>;

export const checkExtensionMessageSchema = z.object({ type: z.literal('check_extension') });

export const openQueueProcessorMessageSchema = z.object({
  type: z.literal('open_queue_processor'),
  /** The app page to open as the queue processor; only web pages, never `javascript:` or files. */
  url: z.url({ protocol: /^https?$/ }),
  platform: queueProcessorPlatformSchema,
  /** Result offset the processor starts at (SPEC §4: 0, or 50 for Instagram next to Facebook). */
  offset: z.int().min(0),
});

export const logInMessageSchema = z.object({
  type: z.literal('log_in'),
  token: z.string().min(1),
  uid: z.string().min(1),
});

export const waitABitMessageSchema = z.object({
  type: z.literal('wait_a_bit'),
  /**
   * Milliseconds. Up to WAIT_A_BIT_INLINE_MAX_MS the answer comes after the delay; longer, it comes
   * at once with `retryAt` and the extension wakes its processors then (a `chrome.alarms` alarm).
   */
  delay: z.number().min(0).max(WAIT_A_BIT_MAX_MS),
});

/** What the extension reports about its queue processors (running, paused, idle). */
export const getStatusMessageSchema = z.object({ type: z.literal('get_status') });

/**
 * Closes that platform's processor window and forgets its state. Nothing is released at the
 * server: a message it held comes back to the queue when its lease runs out.
 */
export const stopProcessorMessageSchema = z.object({
  type: z.literal('stop_processor'),
  platform: queueProcessorPlatformSchema,
});

/**
 * The app signed out: the extension ends its own session at the app and forgets it, so it never
 * acts for a user who has left (the server also ends it, for an extension that was unreachable).
 */
export const logOutMessageSchema = z.object({ type: z.literal('log_out') });

export const extensionMessageSchema = z.discriminatedUnion('type', [
  checkExtensionMessageSchema,
  openQueueProcessorMessageSchema,
  logInMessageSchema,
  logOutMessageSchema,
  waitABitMessageSchema,
  getStatusMessageSchema,
  stopProcessorMessageSchema,
]);

export type ExtensionMessage = z.infer<typeof extensionMessageSchema>;
export type ExtensionMessageType = ExtensionMessage['type'];
export type ExtensionMessageOf<T extends ExtensionMessageType> = Extract<
  ExtensionMessage,
  { type: T }
>;

/** Every message type, for exhaustive tables and tests. */
export const EXTENSION_MESSAGE_TYPES = extensionMessageSchema.options.map(
  (option) => option.shape.type.value,
) as readonly ExtensionMessageType[];

// ---- Answers ----

export const extensionOkAnswerSchema = z.object({ ok: z.literal(true) });
export const extensionErrorAnswerSchema = z.object({ ok: z.literal(false), error: z.string() });

export const checkExtensionAnswerSchema = z.object({
  installed: z.literal(true),
  version: z.string().min(1),
  loggedIn: z.boolean(),
});

/** A long `wait_a_bit`: answered at once; ask again from `retryAt` (ISO time). */
export const waitABitLaterAnswerSchema = z.object({
  ok: z.literal(true),
  retryAt: z.iso.datetime(),
});

/**
 * One platform's processor: `running` (its window is open and it sends or waits for the next
 * send time), `paused` (the server holds the platform: a limit dialog, a checkpoint, the user's
 * pause), `idle` (no processor, or it stopped: `lastError` says why, e.g. signed out).
 */
export const processorStatusSchema = z.object({
  state: z.enum(['running', 'paused', 'idle']),
  /** The message being sent now. */
  sending: z.object({ itemUID: z.string(), recipient: z.string() }).nullable(),
  /** When the processor asks the server again (ISO), null when it does not plan to. */
  nextAt: z.iso.datetime().nullable(),
  /** Why it waits (the server's reason: `spacing`, `outside-hours`, `paused`, …). */
  waitReason: z.string().nullable(),
  /** Why the platform is paused, in the server's words (optional: older extensions lack it). */
  waitMessage: z.string().nullable().optional(),
  lastError: z.string().nullable(),
});
export type ProcessorStatus = z.infer<typeof processorStatusSchema>;

export const getStatusAnswerSchema = z.object({
  platforms: z.object({
    facebook: processorStatusSchema,
    instagram: processorStatusSchema,
    linkedin: processorStatusSchema,
  }),
});
export type GetStatusAnswer = z.infer<typeof getStatusAnswerSchema>;

/** What the extension may answer to each message type; any message may fail with an error answer. */
export const extensionAnswerSchemas = {
  check_extension: z.union([checkExtensionAnswerSchema, extensionErrorAnswerSchema]),
  open_queue_processor: z.union([extensionOkAnswerSchema, extensionErrorAnswerSchema]),
  log_in: z.union([extensionOkAnswerSchema, extensionErrorAnswerSchema]),
  log_out: z.union([extensionOkAnswerSchema, extensionErrorAnswerSchema]),
  // The later form first: a union returns its first match, and `ok` alone would drop `retryAt`.
  wait_a_bit: z.union([
    waitABitLaterAnswerSchema,
    extensionOkAnswerSchema,
    extensionErrorAnswerSchema,
  ]),
  get_status: z.union([getStatusAnswerSchema, extensionErrorAnswerSchema]),
  stop_processor: z.union([extensionOkAnswerSchema, extensionErrorAnswerSchema]),
} satisfies Record<ExtensionMessageType, z.ZodType>;

export type ExtensionOkAnswer = z.infer<typeof extensionOkAnswerSchema>;
export type ExtensionErrorAnswer = z.infer<typeof extensionErrorAnswerSchema>;
export type CheckExtensionAnswer = z.infer<typeof checkExtensionAnswerSchema>;
export type WaitABitLaterAnswer = z.infer<typeof waitABitLaterAnswerSchema>;
export type ExtensionAnswerOf<T extends ExtensionMessageType> = z.infer<
  (typeof extensionAnswerSchemas)[T]
>;
export type ExtensionAnswer = ExtensionAnswerOf<ExtensionMessageType>;

// ---- Parsing ----

export type ParsedExtensionMessage =
  { ok: true; message: ExtensionMessage } | { ok: false; error: string };

/**
 * Validates an incoming message. The error is one line naming each bad field
 * (`"delay: Too big: expected number to be <=86400000"`), because it goes back to the app as
 * `{ok: false, error}` and ends up in a log line.
 */
export function parseExtensionMessage(input: unknown): ParsedExtensionMessage {
  const result = extensionMessageSchema.safeParse(input);
  if (result.success) return { ok: true, message: result.data };
  const error = result.error.issues
    .map((issue) =>
      issue.path.length > 0
        ? `${issue.path.map(String).join('.')}: ${issue.message}`
        : issue.message,
    )
    .join('; ');
  return { ok: false, error };
}

// ---- Extension id ----

/**
 * Chrome's rule for an extension id: the first 32 hex digits of the SHA-256 of the public key
 * (DER SubjectPublicKeyInfo), each digit 0-f written as a letter a-p. Hashing is left to the caller
 * so this file stays pure and synchronous.
 */
export function extensionIdFromSha256Hex(sha256Hex: string): string {
  if (!/^[0-9a-f]{32,}$/i.test(sha256Hex)) {
    throw new Error('extensionIdFromSha256Hex: expected at least 32 hex digits');
  }
  return Array.from(sha256Hex.slice(0, 32).toLowerCase(), (digit) =>
    String.fromCharCode(97 + Number.parseInt(digit, 16)),
  ).join('');
}
