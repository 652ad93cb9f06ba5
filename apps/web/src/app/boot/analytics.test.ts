import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const post = vi.fn((_path: string, _body?: unknown) => Promise.resolve({ id: 'x' }));
vi.mock('../../lib/api', () => ({ api: { post } }));

/** A sessionStorage stand-in: one per "tab". */
function fakeStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

describe('landing and identify, once per tab session', () => {
  beforeEach(() => {
    vi.resetModules();
    post.mockClear();
    vi.stubGlobal('sessionStorage', fakeStorage());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the landing event once per user, whatever the re-renders', async () => {
    const { recordLanding } = await import('./analytics');
    recordLanding('u1', 'team-1', '/contacts/table');
    recordLanding('u1', 'team-1', '/tasks');
    recordLanding('u2', null, '/');
    expect(post.mock.calls).toEqual([
      [
        '/api/analytics/events',
        { name: 'landing', teamUID: 'team-1', properties: { path: '/contacts/table' } },
      ],
      ['/api/analytics/events', { name: 'landing', teamUID: null, properties: { path: '/' } }],
    ]);
  });

  it('remembers across a reload of the tab (a fresh module, the same storage)', async () => {
    const first = await import('./analytics');
    first.identifyUser({ uid: 'u1', email: 'a@b.c', name: 'A' });
    vi.resetModules();
    const reloaded = await import('./analytics');
    reloaded.identifyUser({ uid: 'u1', email: 'a@b.c', name: 'A' });
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('/api/analytics/events', {
      name: 'identify',
      properties: { email: 'a@b.c', name: 'A' },
    });
  });

  it('still sends once per page when storage is unavailable', async () => {
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    });
    const { recordLanding } = await import('./analytics');
    recordLanding('u1', null, '/');
    recordLanding('u1', null, '/');
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('only logs a failed send', async () => {
    post.mockImplementationOnce(() => Promise.reject(new Error('offline')));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { recordLanding } = await import('./analytics');
    recordLanding('u9', null, '/');
    await vi.waitFor(() => expect(error).toHaveBeenCalled());
    expect(error.mock.calls[0]![0]).toBe('Recording an analytics event failed');
    error.mockRestore();
  });
});
