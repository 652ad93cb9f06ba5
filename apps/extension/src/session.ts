/**
 * The extension's session, kept in `chrome.storage.local` so it survives the service worker being
 * stopped (MV3 workers hold no state between wake-ups). Shared by the background and the popup.
 */
import { z } from 'zod';

export const SESSION_STORAGE_KEY = 'session';

/**
 * `token` is the extension's own better-auth session token (DESIGN §4), sent to the app as
 * `Authorization: Bearer`; `checkedAt` (ms) is when the app last confirmed it, so check_extension
 * asks the server at most every few minutes.
 */
const storedSessionSchema = z.object({
  token: z.string().min(1),
  uid: z.string().min(1),
  checkedAt: z.number().optional(),
});
export type StoredSession = z.infer<typeof storedSessionSchema>;

export interface SessionStore {
  read(): Promise<StoredSession | null>;
  write(session: StoredSession): Promise<void>;
  clear(): Promise<void>;
}

/** Anything else in storage (an older shape, a hand edit) counts as signed out, never as a crash. */
export function parseStoredSession(value: unknown): StoredSession | null {
  const result = storedSessionSchema.safeParse(value);
  return result.success ? result.data : null;
}

export function chromeSessionStore(
  area: chrome.storage.StorageArea = chrome.storage.local,
): SessionStore {
  return {
    async read() {
      const items = await area.get(SESSION_STORAGE_KEY);
      return parseStoredSession(items[SESSION_STORAGE_KEY]);
    },
    async write(session) {
      await area.set({ [SESSION_STORAGE_KEY]: session });
    },
    async clear() {
      await area.remove(SESSION_STORAGE_KEY);
    },
  };
}
