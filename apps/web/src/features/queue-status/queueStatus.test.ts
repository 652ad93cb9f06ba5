import { describe, expect, it, vi } from 'vitest';
import {
  createQueueStatusStore,
  emptyQueueStatus,
  parseStoredQueueStatus,
  QUEUE_STATUS_STORAGE_KEY,
  type QueueStatusChannel,
} from './queueStatus';

/** Channels of one name across "tabs", delivering to every other member like BroadcastChannel. */
function channelBus() {
  const members: ((data: unknown) => void)[] = [];
  return () => {
    let own: ((data: unknown) => void) | null = null;
    const channel: QueueStatusChannel = {
      postMessage: (message) =>
        members.filter((member) => member !== own).forEach((member) => member(message)),
      addEventListener: (_type, listener) => {
        own = (data) => listener({ data });
        members.push(own);
      },
      close: vi.fn(),
    };
    return channel;
  };
}

function memoryStorage(initial: Record<string, string> = {}) {
  const items = { ...initial };
  return {
    items,
    getItem: (key: string) => items[key] ?? null,
    setItem: (key: string, value: string) => void (items[key] = value),
  };
}

describe('queue status', () => {
  it('starts idle and keeps only the platforms that parse from storage', () => {
    expect(parseStoredQueueStatus(null)).toEqual(emptyQueueStatus());
    expect(parseStoredQueueStatus('{not json')).toEqual(emptyQueueStatus());
    expect(
      parseStoredQueueStatus(
        JSON.stringify({
          facebook: { error: 'Logged out of Facebook', location: null },
          instagram: { error: 3 },
          tiktok: { error: 'x', location: 'y' },
        }),
      ),
    ).toEqual({
      ...emptyQueueStatus(),
      facebook: { error: 'Logged out of Facebook', location: null },
    });
  });

  it('saves an update, tells this tab and the other tab, which keeps it', () => {
    const bus = channelBus();
    const storage = memoryStorage();
    const tabA = createQueueStatusStore({ storage, channel: bus() });
    const tabB = createQueueStatusStore({ storage: memoryStorage(), channel: bus() });
    const heardA = vi.fn();
    const heardB = vi.fn();
    tabA.subscribe(heardA);
    tabB.subscribe(heardB);
    const before = tabA.get();

    tabA.set('linkedin', { error: null, location: '/in/jane-doe' });

    expect(tabA.get()).not.toBe(before);
    expect(tabA.get().linkedin).toEqual({ error: null, location: '/in/jane-doe' });
    expect(tabB.get().linkedin).toEqual({ error: null, location: '/in/jane-doe' });
    expect(tabB.get().facebook).toEqual({ error: null, location: null });
    expect(heardA).toHaveBeenCalledTimes(1);
    expect(heardB).toHaveBeenCalledTimes(1);
    expect(JSON.parse(storage.items[QUEUE_STATUS_STORAGE_KEY]!)).toEqual(tabA.get());
    // A reload of tab A reads it back.
    expect(createQueueStatusStore({ storage, channel: null }).get().linkedin.location).toBe(
      '/in/jane-doe',
    );
  });

  it('ignores broadcasts off the shape', () => {
    const bus = channelBus();
    const sender = bus();
    const tab = createQueueStatusStore({ storage: null, channel: bus() });
    const heard = vi.fn();
    tab.subscribe(heard);
    sender.postMessage({ platform: 'tiktok', status: { error: null, location: null } });
    sender.postMessage('hello');
    expect(heard).not.toHaveBeenCalled();
    expect(tab.get()).toEqual(emptyQueueStatus());
  });

  it('still broadcasts when storage throws', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const bus = channelBus();
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const tabA = createQueueStatusStore({ storage: full, channel: bus() });
    const tabB = createQueueStatusStore({ storage: null, channel: bus() });
    tabA.set('facebook', { error: 'Checkpoint', location: null });
    expect(tabB.get().facebook.error).toBe('Checkpoint');
    expect(errors).toHaveBeenCalledOnce();
    errors.mockRestore();
  });
});
