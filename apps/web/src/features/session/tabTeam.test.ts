import { describe, expect, it } from 'vitest';
import { createTabSlot, type KeyValueStorage } from '../../lib/tabStorage';
import { resolveTabTeam, TAB_TEAM_KEY } from './tabTeam';

function fakeStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const team = (teamUID: string) => ({ teamUID, teamOwner: 'o', name: teamUID, role: 'member' });
const me = {
  teams: [team('a'), team('b')],
  currentTeam: team('b'),
};

describe('resolveTabTeam', () => {
  it("starts a new tab in the account's current team", () => {
    expect(resolveTabTeam(null, me)).toBe('b');
  });

  it("keeps the tab's own team while the user is a member of it", () => {
    expect(resolveTabTeam('a', me)).toBe('a');
  });

  it('falls back when the stored team is no longer one of the user’s', () => {
    expect(resolveTabTeam('gone', me)).toBe('b');
    expect(resolveTabTeam('gone', { ...me, currentTeam: null })).toBe('a');
    expect(resolveTabTeam('a', { teams: [], currentTeam: null })).toBeNull();
    expect(resolveTabTeam('a', null)).toBeNull();
  });
});

describe('per-tab team slot', () => {
  it('keeps each tab’s team apart: switching in tab A leaves tab B alone', () => {
    // Two tabs = two sessionStorages.
    const storageA = fakeStorage();
    const storageB = fakeStorage();
    const tabA = createTabSlot(TAB_TEAM_KEY, storageA);
    const tabB = createTabSlot(TAB_TEAM_KEY, storageB);
    tabA.set(resolveTabTeam(tabA.get(), me));
    tabB.set(resolveTabTeam(tabB.get(), me));
    expect([tabA.get(), tabB.get()]).toEqual(['b', 'b']);

    tabA.set('a');
    // The account's current team moves to "a" (PUT /api/me/current-team): tab B stays on "b".
    const meAfter = { ...me, currentTeam: { ...me.currentTeam, teamUID: 'a' } };
    expect(resolveTabTeam(tabA.get(), meAfter)).toBe('a');
    expect(resolveTabTeam(tabB.get(), meAfter)).toBe('b');
    expect(storageA.data.get(TAB_TEAM_KEY)).toBe('a');
    expect(storageB.data.get(TAB_TEAM_KEY)).toBe('b');
  });

  it('notifies subscribers of changes and survives a storage that throws', () => {
    const broken: KeyValueStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const slot = createTabSlot('k', broken);
    let calls = 0;
    const unsubscribe = slot.subscribe(() => calls++);
    slot.set('x');
    expect(slot.get()).toBe('x');
    slot.set('x');
    expect(calls).toBe(1);
    unsubscribe();
    slot.set(null);
    expect(calls).toBe(1);
    expect(slot.get()).toBeNull();
  });
});

describe('team switch destination', () => {
  it('leaves pages that show one team’s things, stays elsewhere', async () => {
    const { pathAfterTeamSwitch } = await import('./TeamSwitcher');
    expect(pathAfterTeamSwitch('/contacts/pipeline/p1')).toBe('/');
    expect(pathAfterTeamSwitch('/contact/brave-otter-1/notes')).toBe('/');
    expect(pathAfterTeamSwitch('/contacts/pipeline')).toBeNull();
    expect(pathAfterTeamSwitch('/profile/team')).toBeNull();
  });
});
