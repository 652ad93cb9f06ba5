import { EXTENSION_ID, EXTENSION_MESSAGING_UNAVAILABLE_MESSAGE } from '@leadloom/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { presenceFrom, sendToExtension, type PageRuntime } from './bridge';
import {
  checkPresence,
  forgetLogInAttempts,
  tellExtensionSignedOut,
  type PresenceDeps,
} from './presence';

/** An extension as the page reaches it: signed out until a good log_in arrives. */
function fakeExtension(opts: { acceptsToken?: string } = {}) {
  const state = { loggedIn: false, sent: [] as unknown[] };
  const runtime: PageRuntime = {
    sendMessage: vi.fn(async (id: string, message: unknown) => {
      expect(id).toBe(EXTENSION_ID);
      state.sent.push(message);
      const m = message as { type: string; token?: string };
      if (m.type === 'check_extension') {
        return { installed: true, version: '0.1.0', loggedIn: state.loggedIn };
      }
      if (m.type === 'log_in') {
        if (m.token !== (opts.acceptsToken ?? 'tok')) return { ok: false, error: 'HTTP 401' };
        state.loggedIn = true;
        return { ok: true };
      }
      return { ok: false, error: 'unexpected' };
    }),
  };
  return { runtime, state };
}

function deps(
  runtime: PageRuntime | null,
  token = 'tok',
): PresenceDeps & {
  requestLoginToken: ReturnType<typeof vi.fn>;
} {
  return {
    runtime: () => runtime,
    requestLoginToken: vi.fn(async () => ({ token, uid: 'u1' })),
  };
}

beforeEach(() => {
  forgetLogInAttempts();
  vi.restoreAllMocks();
});

describe('extension presence', () => {
  it('no chrome.runtime: not installed, and the SPEC §8 text goes to the console', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const d = deps(null);
    expect(await checkPresence(d, 'u1')).toBe('not-installed');
    expect(warn).toHaveBeenCalledWith(EXTENSION_MESSAGING_UNAVAILABLE_MESSAGE);
    expect(d.requestLoginToken).not.toHaveBeenCalled();
  });

  it('a runtime whose extension is gone (sendMessage rejects) is not installed', async () => {
    const runtime: PageRuntime = {
      sendMessage: () => Promise.reject(new Error('Could not establish connection.')),
    };
    expect(await checkPresence(deps(runtime), 'u1')).toBe('not-installed');
  });

  it('a signed-out extension gets a one-time token with log_in, then is ready', async () => {
    const { runtime, state } = fakeExtension();
    const d = deps(runtime);
    expect(await checkPresence(d, 'u1')).toBe('ready');
    expect(state.sent).toEqual([
      { type: 'check_extension' },
      { type: 'log_in', token: 'tok', uid: 'u1' },
      { type: 'check_extension' },
    ]);
    // Logged in now: the next check is a single question.
    expect(await checkPresence(d, 'u1')).toBe('ready');
    expect(d.requestLoginToken).toHaveBeenCalledTimes(1);
  });

  it('a refused log_in leaves it not logged in and is not retried every minute', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { runtime } = fakeExtension({ acceptsToken: 'other' });
    const d = deps(runtime);
    expect(await checkPresence(d, 'u1')).toBe('not-logged-in');
    expect(await checkPresence(d, 'u1')).toBe('not-logged-in');
    expect(d.requestLoginToken).toHaveBeenCalledTimes(1);
  });

  it('a failed token request leaves it not logged in', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { runtime, state } = fakeExtension();
    const d = deps(runtime);
    d.requestLoginToken.mockRejectedValueOnce(new Error('500'));
    expect(await checkPresence(d, 'u1')).toBe('not-logged-in');
    expect(state.sent).toEqual([{ type: 'check_extension' }]);
  });

  it('an answer off the map counts as not reached; an error answer as not logged in', async () => {
    const odd: PageRuntime = { sendMessage: async () => ({ installed: 'yes' }) };
    expect(presenceFrom(await sendToExtension(odd, { type: 'check_extension' }))).toBe(
      'not-installed',
    );
    const failing: PageRuntime = { sendMessage: async () => ({ ok: false, error: 'storage' }) };
    expect(presenceFrom(await sendToExtension(failing, { type: 'check_extension' }))).toBe(
      'not-logged-in',
    );
  });

  it('sign-out sends log_out, and the next sign-in on this page logs the extension in again', async () => {
    const { runtime, state } = fakeExtension();
    const d = deps(runtime);
    expect(await checkPresence(d, 'u1')).toBe('ready');
    await tellExtensionSignedOut(runtime);
    expect(state.sent.at(-1)).toEqual({ type: 'log_out' });
    state.loggedIn = false;
    expect(await checkPresence(d, 'u1')).toBe('ready');
    expect(d.requestLoginToken).toHaveBeenCalledTimes(2);
  });

  it('sign-out does not wait long for an extension that does not answer', async () => {
    const silent: PageRuntime = { sendMessage: () => new Promise(() => undefined) };
    const started = Date.now();
    await tellExtensionSignedOut(silent, 50);
    expect(Date.now() - started).toBeLessThan(1_000);
    // Without the extension there is nothing to tell.
    await expect(tellExtensionSignedOut(null)).resolves.toBeUndefined();
  });
});
