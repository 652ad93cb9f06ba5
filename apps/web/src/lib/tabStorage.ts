/**
 * Small typed slots in `sessionStorage`: one value per browser tab, kept across reloads of
 * that tab and never shared with other tabs (DESIGN §4: switching team in one tab never
 * changes another). Storage can be missing or throw (private modes, tests); the slot then
 * falls back to memory for this page.
 */

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface TabSlot {
  get(): string | null;
  set(value: string | null): void;
  /** Calls `listener` after every change made through this slot; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

function browserSessionStorage(): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function createTabSlot(
  key: string,
  storage: KeyValueStorage | null = browserSessionStorage(),
): TabSlot {
  let memory: string | null = null;
  const listeners = new Set<() => void>();

  function read(): string | null {
    try {
      return storage ? storage.getItem(key) : memory;
    } catch {
      return memory;
    }
  }

  return {
    get: read,
    set(value) {
      if (read() === value) return;
      memory = value;
      try {
        if (value === null) storage?.removeItem(key);
        else storage?.setItem(key, value);
      } catch {
        // Quota or privacy errors: the in-memory value still serves this page.
      }
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
