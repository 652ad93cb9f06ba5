import { extensionAnswerSchemas } from '@leadloom/core';
import { describe, expect, it, vi } from 'vitest';
import type { SessionStore, StoredSession } from '../session';
import { createMessageHandler, type HandlerDeps } from './handler';

function memoryStore(initial: StoredSession | null = null): SessionStore & {
  value: StoredSession | null;
} {
  const store = {
    value: initial,
    read: async () => store.value,
    write: async (session: StoredSession) => {
      store.value = session;
    },
  };
  return store;
}

function setup(overrides: Partial<HandlerDeps> = {}) {
  const session = memoryStore();
  const sleep = vi.fn((_ms: number) => Promise.resolve());
  const deps: HandlerDeps = { version: '1.2.3', session, sleep, ...overrides };
  return { handle: createMessageHandler(deps), session, sleep };
}

describe('background message handler', () => {
  it('check_extension answers installed, the version and loggedIn false without a session', async () => {
    const { handle } = setup();
    const answer = await handle({ type: 'check_extension' });
    expect(answer).toEqual({ installed: true, version: '1.2.3', loggedIn: false });
    expect(extensionAnswerSchemas.check_extension.safeParse(answer).success).toBe(true);
  });

  it('log_in stores token and uid, after which check_extension answers loggedIn true', async () => {
    const { handle, session } = setup();
    expect(await handle({ type: 'log_in', token: 'one-time', uid: 'u1' })).toEqual({ ok: true });
    expect(session.value).toEqual({ token: 'one-time', uid: 'u1' });
    expect(await handle({ type: 'check_extension' })).toMatchObject({ loggedIn: true });
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
