import { describe, expect, it } from 'vitest';
import { popupStatusText } from './popup/status';
import { chromeSessionStore, parseStoredSession, SESSION_STORAGE_KEY } from './session';

/** Just enough of chrome.storage.local for the adapter: get by key and set. */
function fakeArea(initial: Record<string, unknown> = {}) {
  const items = { ...initial };
  const area = {
    get: async (key: string) => (key in items ? { [key]: items[key] } : {}),
    set: async (values: Record<string, unknown>) => void Object.assign(items, values),
    remove: async (key: string) => void delete items[key],
  };
  return { items, area: area as unknown as chrome.storage.StorageArea };
}

describe('session store', () => {
  it('round-trips the session under one key', async () => {
    const { items, area } = fakeArea();
    const store = chromeSessionStore(area);
    expect(await store.read()).toBeNull();
    await store.write({ token: 't', uid: 'u' });
    expect(items[SESSION_STORAGE_KEY]).toEqual({ token: 't', uid: 'u' });
    expect(await store.read()).toEqual({ token: 't', uid: 'u' });
    await store.clear();
    expect(await store.read()).toBeNull();
  });

  it('treats a stored value of another shape as signed out', () => {
    expect(parseStoredSession({ token: '', uid: 'u' })).toBeNull();
    expect(parseStoredSession('t0k3n')).toBeNull();
    expect(parseStoredSession({ token: 't', uid: 'u' })).toEqual({ token: 't', uid: 'u' });
  });

  it('the popup says whether the extension is signed in', () => {
    expect(popupStatusText(true)).toBe('Signed in');
    expect(popupStatusText(false)).toBe('Not signed in to Leadloom');
  });
});
