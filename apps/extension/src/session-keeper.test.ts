import { describe, expect, it, vi } from 'vitest';
import type { SessionValidity } from './background/app-client';
import type { SessionStore, StoredSession } from './session';
import { createSessionKeeper } from './session-keeper';

function setup(validity: SessionValidity) {
  let value: StoredSession | null = { token: 's1', uid: 'u1', checkedAt: 1_000 };
  const session: SessionStore = {
    read: async () => value,
    write: async (v) => void (value = v),
    clear: async () => void (value = null),
  };
  const app = {
    exchange: vi.fn(),
    validate: vi.fn(async () => validity),
    end: vi.fn(async () => true),
  };
  const keeper = createSessionKeeper({ session, app, now: () => 2_000 });
  return { keeper, app, stored: () => value };
}

describe('session keeper', () => {
  it('trusts a just-confirmed session, unless asked to recheck (the popup, each time it opens)', async () => {
    const { keeper, app, stored } = setup('invalid');
    expect(await keeper.isLive()).toBe(true);
    expect(app.validate).not.toHaveBeenCalled();
    expect(await keeper.isLive({ recheck: true })).toBe(false);
    expect(stored()).toBeNull();
  });

  it('an unreachable app keeps the session on a recheck', async () => {
    const { keeper, stored } = setup('unknown');
    expect(await keeper.isLive({ recheck: true })).toBe(true);
    expect(stored()).not.toBeNull();
  });

  it('signOut ends the session at the app and forgets it', async () => {
    const { keeper, app, stored } = setup('valid');
    await keeper.signOut();
    expect(app.end).toHaveBeenCalledWith('s1');
    expect(stored()).toBeNull();
  });
});
