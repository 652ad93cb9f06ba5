import { useSyncExternalStore, type ReactNode } from 'react';

/**
 * Whether the app's first screen has had its turn: set once the main thread first goes idle
 * after the app starts (or after `IDLE_TIMEOUT_MS` at the latest).
 */
let idle = false;
const listeners = new Set<() => void>();
const IDLE_TIMEOUT_MS = 1_500;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1 && !idle) {
    const done = () => {
      idle = true;
      listeners.forEach((l) => l());
    };
    if (typeof requestIdleCallback === 'function')
      requestIdleCallback(done, { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(done, 0);
  }
  return () => listeners.delete(listener);
}

/**
 * Renders its children once the app's first screen is up (the main thread idle): hidden panels
 * nobody waits for (help, the tour) stay off the path of the first paint (issue 7: the table's
 * first rows within 1 s of navigation).
 */
export function Deferred({ children }: { children: ReactNode }) {
  const ready = useSyncExternalStore(
    subscribe,
    () => idle,
    () => false,
  );
  return ready ? children : null;
}
