import { extensionAnswerSchemas, type ProcessorStatus } from '@leadloom/core';
import { describe, expect, it, vi } from 'vitest';
import type { SessionStore, StoredSession } from '../session';
import type { SessionValidity } from './app-client';
import { createMessageHandler, SESSION_RECHECK_MS, type HandlerDeps } from './handler';
import type { Processor } from './processor/processor';

const idle: ProcessorStatus = {
  state: 'idle',
  sending: null,
  nextAt: null,
  waitReason: null,
  lastError: null,
};

/** The processor as the handler sees it (its own behaviour: processor/processor.test.ts). */
function fakeProcessor() {
  return {
    open: vi.fn(async () => undefined),
    stop: vi.fn(async () => undefined),
    status: vi.fn(async () => ({
      platforms: {
        facebook: { ...idle, state: 'running' as const },
        instagram: idle,
        linkedin: idle,
      },
    })),
    wakeAt: vi.fn(async () => undefined),
    onAlarm: vi.fn(async () => undefined),
    onWindowRemoved: vi.fn(async () => undefined),
    onStartup: vi.fn(async () => undefined),
    onContentMessage: vi.fn(async () => ({ step: 'idle' }) as const),
  } satisfies Processor;
}

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
  const processor = fakeProcessor();
  const deps: HandlerDeps = {
    version: '1.2.3',
    session,
    sleep,
    app,
    now: () => clock.now,
    processor,
    speed: 1,
    ...overrides,
  };
  return { handle: createMessageHandler(deps), session, sleep, app, clock, processor };
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

  it('wait_a_bit over 60 s answers at once with retryAt and sets the wake alarm', async () => {
    const { handle, sleep, processor, clock } = setup();
    const answer = await handle({ type: 'wait_a_bit', delay: 3_600_000 });
    expect(answer).toEqual({ ok: true, retryAt: new Date(clock.now + 3_600_000).toISOString() });
    expect(extensionAnswerSchemas.wait_a_bit.parse(answer)).toEqual(answer);
    expect(processor.wakeAt).toHaveBeenCalledWith(clock.now + 3_600_000);
    expect(sleep).not.toHaveBeenCalled();
    expect(await handle({ type: 'wait_a_bit', delay: 25 * 3_600_000 })).toEqual({
      ok: false,
      error: expect.stringMatching(/^delay: /),
    });
  });

  it('a test build divides the waits by its speed factor', async () => {
    const { handle, sleep, processor, clock } = setup({ speed: 60 });
    expect(await handle({ type: 'wait_a_bit', delay: 6000 })).toEqual({ ok: true });
    expect(sleep).toHaveBeenCalledWith(100);
    expect(await handle({ type: 'wait_a_bit', delay: 600_000 })).toEqual({
      ok: true,
      retryAt: new Date(clock.now + 10_000).toISOString(),
    });
    expect(processor.wakeAt).toHaveBeenCalledWith(clock.now + 10_000);
  });

  it('open_queue_processor validates, then opens the processor', async () => {
    const { handle, processor } = setup();
    const valid = {
      type: 'open_queue_processor',
      url: 'http://localhost:3000/queue/facebook',
      platform: 'facebook',
      offset: 0,
    };
    expect(await handle({ ...valid, platform: 'tiktok' })).toEqual({
      ok: false,
      error: expect.stringMatching(/^platform: /),
    });
    expect(processor.open).not.toHaveBeenCalled();
    expect(await handle(valid)).toEqual({ ok: true });
    expect(processor.open).toHaveBeenCalledWith(valid);
  });

  it('a processor that cannot open answers the reason', async () => {
    const { handle, processor } = setup();
    processor.open.mockRejectedValueOnce(new Error('The processor window did not open'));
    expect(
      await handle({
        type: 'open_queue_processor',
        url: 'http://localhost:3000/queue/facebook',
        platform: 'facebook',
        offset: 0,
      }),
    ).toEqual({ ok: false, error: 'The processor window did not open' });
  });

  it('get_status answers the processors; stop_processor stops one', async () => {
    const { handle, processor } = setup();
    const status = await handle({ type: 'get_status' });
    expect(extensionAnswerSchemas.get_status.parse(status)).toEqual(status);
    expect(status).toMatchObject({ platforms: { facebook: { state: 'running' } } });
    expect(await handle({ type: 'stop_processor', platform: 'instagram' })).toEqual({ ok: true });
    expect(processor.stop).toHaveBeenCalledWith('instagram');
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
