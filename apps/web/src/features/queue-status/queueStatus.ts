/**
 * Queue status per platform (SPEC §4): `{error, location}` for facebook, instagram and linkedin,
 * saved in localStorage (it survives a reload) and broadcast to the app's other tabs over a
 * BroadcastChannel (the queue runs in one tab; every tab shows its state).
 *
 * Storage and channel come in as dependencies: the pure part is unit-tested here, and the real
 * BroadcastChannel is checked in Chromium (e2e/queue-status.test.ts).
 */
import { QUEUE_PLATFORMS, type QueuePlatform } from '@leadloom/core';
import { z } from 'zod';

export interface PlatformQueueStatus {
  /** Last error of this platform's queue processor, null when it runs fine. */
  error: string | null;
  /** Where the processor is (the page or step it works on), null when idle. */
  location: string | null;
}

export type QueueStatus = Record<QueuePlatform, PlatformQueueStatus>;

export const QUEUE_STATUS_STORAGE_KEY = 'leadloom.queueStatus';
export const QUEUE_STATUS_CHANNEL = 'leadloom-queue-status';

const platformStatusSchema = z.object({
  error: z.string().nullable(),
  location: z.string().nullable(),
});
const updateSchema = z.object({
  platform: z.enum(QUEUE_PLATFORMS),
  status: platformStatusSchema,
});
export type QueueStatusUpdate = z.infer<typeof updateSchema>;

const IDLE: PlatformQueueStatus = { error: null, location: null };

export function emptyQueueStatus(): QueueStatus {
  return { facebook: { ...IDLE }, instagram: { ...IDLE }, linkedin: { ...IDLE } };
}

/**
 * Reads what another version of the app, a hand edit or a broken write left in storage: each
 * platform that parses is kept, anything else starts idle (never a crash at boot).
 */
export function parseStoredQueueStatus(raw: string | null): QueueStatus {
  const status = emptyQueueStatus();
  if (!raw) return status;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return status;
  }
  if (typeof value !== 'object' || value === null) return status;
  for (const platform of QUEUE_PLATFORMS) {
    const parsed = platformStatusSchema.safeParse((value as Record<string, unknown>)[platform]);
    if (parsed.success) status[platform] = parsed.data;
  }
  return status;
}

/** A message from another tab, validated: anything off the shape is ignored. */
export function parseQueueStatusUpdate(data: unknown): QueueStatusUpdate | null {
  const parsed = updateSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** A new state object (so React sees the change) with one platform replaced. */
export function applyQueueStatusUpdate(state: QueueStatus, update: QueueStatusUpdate): QueueStatus {
  return { ...state, [update.platform]: { ...update.status } };
}

export interface QueueStatusChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
}

export interface QueueStatusStoreDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  channel: QueueStatusChannel | null;
}

export interface QueueStatusStore {
  get(): QueueStatus;
  set(platform: QueuePlatform, status: PlatformQueueStatus): void;
  subscribe(listener: () => void): () => void;
  close(): void;
}

export function createQueueStatusStore(deps: QueueStatusStoreDeps): QueueStatusStore {
  let state = parseStoredQueueStatus(safeGet(deps.storage));
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());

  // Another tab's update: that tab has saved it already, so this one only takes it in.
  deps.channel?.addEventListener('message', (event) => {
    const update = parseQueueStatusUpdate(event.data);
    if (!update) return;
    state = applyQueueStatusUpdate(state, update);
    emit();
  });

  return {
    get: () => state,
    set(platform, status) {
      const update: QueueStatusUpdate = { platform, status };
      state = applyQueueStatusUpdate(state, update);
      try {
        deps.storage?.setItem(QUEUE_STATUS_STORAGE_KEY, JSON.stringify(state));
      } catch (error) {
        // A full or blocked storage loses only the reload copy; the tabs still hear the update.
        console.error('Saving the queue status failed', error);
      }
      deps.channel?.postMessage(update);
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => deps.channel?.close(),
  };
}

function safeGet(storage: QueueStatusStoreDeps['storage']): string | null {
  try {
    return storage?.getItem(QUEUE_STATUS_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** The store of this page: localStorage and a BroadcastChannel, when the browser has them. */
export function browserQueueStatusStore(): QueueStatusStore {
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    storage = null;
  }
  const channel =
    typeof BroadcastChannel === 'function' ? new BroadcastChannel(QUEUE_STATUS_CHANNEL) : null;
  return createQueueStatusStore({ storage, channel });
}
