import { useSyncExternalStore } from 'react';
import { browserQueueStatusStore, type QueueStatus, type QueueStatusStore } from './queueStatus';

let store: QueueStatusStore | null = null;

/** One store per page, made on first use (not at import: tests and SSR have no window). */
export function queueStatusStore(): QueueStatusStore {
  store ??= browserQueueStatusStore();
  return store;
}

/** The queue status of every platform, updated when this or another tab changes it. */
export function useQueueStatus(): QueueStatus {
  const current = queueStatusStore();
  return useSyncExternalStore(current.subscribe, current.get, current.get);
}
