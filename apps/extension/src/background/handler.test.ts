import { extensionAnswerSchemas } from '@leadloom/core';
import { describe, expect, it, vi } from 'vitest';
import type { SessionStore, StoredSession } from '../session';
import type { SessionValidity } from './app-client';
import { createMessageHandler, SESSION_RECHECK_MS, type HandlerDeps } from './handler';

function memoryStore(initial: StoredSession | null = null): SessionStore & {
  value: StoredSession | null;
} {
  const store = {
    value: initial,
    read: async () => store.value,
    write: async (session: StoredSession) => {
      store.value = session;
    },
    clear: async () => {
      store.value = null;
    },
  };
  return store;
}

/** The app as the background sees it: one valid one-time token, sessions that can be ended. */
function fakeApp() {
  const app = {
    ended: new Set<string>(),
    reachable: true,
    exchange: vi.fn(async (token: string) => {
      if (token !== 'one-time') throw new Error('The app refused the sign-in token (HTTP 401)');
      return { sessionToken: 'session-1', uid: 'u1' };
    }),
    validate: vi.fn(async (sessionToken: string): Promise<SessionValidity> => {
      if (!app.reachable) return 'unknown';
      return app.ended.has(sessionToken) ? 'invalid' : 'valid';
    }),
    end: vi.fn(async (sessionToken: string) => {
      if (!app.reachable) return false;
      app.ended.add(sessionToken);
      return true;
    }),
  };
  return app;
}

function setup(overrides: Partial<HandlerDeps> = {}) {
  const session = memoryStore();
  const sleep = vi.fn((_ms: number) => Promise.resolve());
  const app = fakeApp();
  const clock = { now: 1_000_000 };
  const deps: HandlerDeps = {
    version: '1.2.3',
    session,
    sleep,
    app,
    now: () => clock.now,
    ...overrides,
  };
  return { handle: createMessageHandler(deps), session, sleep, app, clock };
}

describe('background message handler', () => {
  it('check_extension answers installed, the version and loggedIn false without a session', async () => {
    const { handle } = setup();
    const answer = await handle({ type: 'check_extension' });
    expect(answer).toEqual({ installed: true, version: '1.2.3', loggedIn: false });
    expect(extensionAnswerSchemas.check_extension.safeParse(answer).success).toBe(true);
  });

  it('log_in exchanges the token and stores the session, then check_extension answers loggedIn', async () => {
    const { handle, session, app } = setup();
    expect(await handle({ type: 'log_in', token: 'one-time', uid: 'u1' })).toEqual({ ok: true });
    expect(app.exchange).toHaveBeenCalledWith('one-time');
    expect(session.value).toEqual({ token: 'session-1', uid: 'u1', checkedAt: 1_000_000 });
    expect(await handle({ type: 'check_extension' })).toMatchObject({ loggedIn: true });
    // Just confirmed: no round trip to the app.
    expect(app.validate).not.toHaveBeenCalled();
  });

  it('log_in with a token the app refuses stores nothing and says why', async () => {
    const { handle, session } = setup();
    expect(await handle({ type: 'log_in', token: 'stale', uid: 'u1' })).toEqual({
      ok: false,
      error: 'The app refused the sign-in token (HTTP 401)',
    });
    expect(session.value).toBeNull();
    expect(await handle({ type: 'check_extension' })).toMatchObject({ loggedIn: false });
  });

  it('log_in whose token belongs to another uid is refused', async () => {
    const { handle, session } = setup();
    expect(await handle({ type: 'log_in', token: 'one-time', uid: 'u2' })).toMatchObject({
      ok: false,
    });
    expect(session.value).toBeNull();
  });

  it('check_extension re-asks the app after 5 minutes and drops an ended session', async () => {
    const { handle, session, app, clock } = setup();
    await handle({ type: 'log_in', token: 'one-time', uid: 'u1' });
    clock.now += SESSION_RECHECK_MS + 1;
    app.reachable = false;
    // An unreachable app says nothing about the session: still logged in, not re-stamped.
    expect(await handle({ type: 'check_extension' })).toMatchObject({ loggedIn: true });
    expect(session.value).toMatchObject({ checkedAt: 1_000_000 });
    app.reachable = true;
    app.ended.add('session-1');
    expect(await handle({ type: 'check_extension' })).toMatchObject({ loggedIn: false });
    expect(session.value).toBeNull();
    expect(app.validate).toHaveBeenCalledTimes(2);
  });

  it('log_out ends the session at the app and forgets it', async () => {
    const { handle, session, app } = setup();
    await handle({ type: 'log_in', token: 'one-time', uid: 'u1' });
    expect(await handle({ type: 'log_out' })).toEqual({ ok: true });
    expect(app.end).toHaveBeenCalledWith('session-1');
    expect(app.ended.has('session-1')).toBe(true);
    expect(session.value).toBeNull();
    expect(await handle({ type: 'check_extension' })).toMatchObject({ loggedIn: false });
  });

  it('log_out with an unreachable app still forgets the session; signed out, it is a no-op', async () => {
    const { handle, session, app } = setup();
    await handle({ type: 'log_in', token: 'one-time', uid: 'u1' });
    app.reachable = false;
    expect(await handle({ type: 'log_out' })).toEqual({ ok: true });
    expect(session.value).toBeNull();
    expect(await handle({ type: 'log_out' })).toEqual({ ok: true });
    expect(app.end).toHaveBeenCalledTimes(1);
  });

  it('log_in with a missing uid stores nothing', async () => {
    const { handle, session } = setup();
    const answer = await handle({ type: 'log_in', token: 'one-time' });
    expect(answer).toEqual({ ok: false, error: expect.stringContaining('uid') });
    expect(session.value).toBeNull();
  });

  it('wait_a_bit answers ok only after sleeping the delay', async () => {
    let wake: () => void = () => undefined;
    const sleep = vi.fn(() => new Promise<void>((resolve) => (wake = resolve)));
    const { handle } = setup({ sleep });
    let settled = false;
    const pending = handle({ type: 'wait_a_bit', delay: 1500 }).then((answer) => {
      settled = true;
      return answer;
    });
    await vi.waitFor(() => expect(sleep).toHaveBeenCalledWith(1500));
    expect(settled).toBe(false);
    wake();
    expect(await pending).toEqual({ ok: true });
  });

  it('wait_a_bit over 60 s is refused without sleeping', async () => {
    const { handle, sleep } = setup();
    expect(await handle({ type: 'wait_a_bit', delay: 120_000 })).toEqual({
      ok: false,
      error: expect.stringMatching(/^delay: /),
    });
    expect(sleep).not.toHaveBeenCalled();
  });

  it('open_queue_processor validates, then says it is not available yet', async () => {
    const { handle } = setup();
    const valid = {
      type: 'open_queue_processor',
      url: 'http://localhost:3000/queue/facebook',
      platform: 'facebook',
      offset: 0,
    };
    expect(await handle(valid)).toEqual({ ok: false, error: 'not available yet' });
    expect(await handle({ ...valid, platform: 'tiktok' })).toEqual({
      ok: false,
      error: expect.stringMatching(/^platform: /),
    });
  });

  it('answers unknown and malformed messages with the validation error', async () => {
    const { handle } = setup();
    expect(await handle({ type: 'rm_rf' })).toEqual({
      ok: false,
      error: expect.stringMatching(/^type: Invalid discriminator/),
    });
    expect(await handle(undefined)).toEqual({ ok: false, error: expect.any(String) });
  });

  it('turns a storage failure into an error answer instead of a rejection', async () => {
    const session = memoryStore();
    session.read = () => Promise.reject(new Error('QUOTA_BYTES quota exceeded'));
    const { handle } = setup({ session });
    expect(await handle({ type: 'check_extension' })).toEqual({
      ok: false,
      error: 'QUOTA_BYTES quota exceeded',
    });
  });
});
