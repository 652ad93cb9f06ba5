/**
 * Where the queue processor keeps its state (the worker holds none between wake-ups, RESEARCH §1):
 * - `chrome.storage.session`: the window and tab ids of each platform's processor (ids mean
 *   nothing after a browser restart, when this area is emptied and they are re-mapped by url);
 * - `chrome.storage.local`: each platform's cursor: the processor page's url, the message in
 *   hand and its phase, a result still to report, the next time to ask the server, the last error.
 * Anything that does not parse (an older shape, a hand edit) counts as absent, never as a crash.
 */
import { SEND_RESULT_CODES, type QueueProcessorPlatform } from '@leadloom/core';
import { z } from 'zod';
import type { KeyValueArea } from './ports';

export const processorWindowSchema = z.object({
  windowId: z.number().int(),
  /** The app's processor page (`/queue/:platform`). */
  appTabId: z.number().int(),
  /** The platform tab the messages are sent from. */
  workTabId: z.number().int(),
});
export type ProcessorWindow = z.infer<typeof processorWindowSchema>;

export const jobSchema = z.object({
  teamUID: z.string(),
  itemUID: z.string(),
  leaseId: z.string(),
  recipient: z.string(),
  text: z.string(),
  /** The server's word: an earlier lease of this message ran out unreported. */
  resumed: z.boolean(),
  /** When this browser got the lease (ms, its own clock): it lasts QUEUE_LEASE_MS. */
  leasedAt: z.number(),
  /**
   * How many page loads were handed this job as `send`. Only the first may be a fresh send;
   * every later one says `resumed: true`, so the page looks in the thread before sending.
   */
  handouts: z.number().int().min(0),
});
export type Job = z.infer<typeof jobSchema>;

export const cursorSchema = z.object({
  /** The processor page, to re-map the window after a browser restart. */
  url: z.string(),
  offset: z.number(),
  job: jobSchema.nullable(),
  /** The page's result for `job`, kept until the server has it (the app may be unreachable). */
  report: z.object({ code: z.enum(SEND_RESULT_CODES), detail: z.string().optional() }).nullable(),
  /** The server's next send time (ms), null when it gave none. */
  nextAt: z.number().nullable(),
  waitReason: z.string().nullable(),
  /** The server's words for a pause (absent in cursors stored before it was kept). */
  waitMessage: z.string().nullable().optional(),
  lastError: z.string().nullable(),
  /** Stopped until the app opens the processor again (the session is gone). */
  stopped: z.boolean(),
});
export type Cursor = z.infer<typeof cursorSchema>;

const WINDOWS_KEY = 'processor.windows';
const cursorKey = (platform: QueueProcessorPlatform) => `processor.cursor.${platform}`;

const windowsSchema = z.record(z.string(), processorWindowSchema);

export interface ProcessorStore {
  windows(): Promise<Partial<Record<QueueProcessorPlatform, ProcessorWindow>>>;
  setWindow(platform: QueueProcessorPlatform, window: ProcessorWindow | null): Promise<void>;
  cursor(platform: QueueProcessorPlatform): Promise<Cursor | null>;
  setCursor(platform: QueueProcessorPlatform, cursor: Cursor | null): Promise<void>;
}

export function createProcessorStore(session: KeyValueArea, local: KeyValueArea): ProcessorStore {
  async function windows() {
    const parsed = windowsSchema.safeParse(await session.get(WINDOWS_KEY));
    return parsed.success
      ? (parsed.data as Partial<Record<QueueProcessorPlatform, ProcessorWindow>>)
      : {};
  }
  return {
    windows,
    async setWindow(platform, window) {
      const all = await windows();
      if (window) all[platform] = window;
      else delete all[platform];
      await session.set(WINDOWS_KEY, all);
    },
    async cursor(platform) {
      const parsed = cursorSchema.safeParse(await local.get(cursorKey(platform)));
      return parsed.success ? parsed.data : null;
    },
    async setCursor(platform, cursor) {
      if (cursor) await local.set(cursorKey(platform), cursor);
      else await local.remove(cursorKey(platform));
    },
  };
}
