import { describe, expect, it } from 'vitest';
import { matchScreens, PALETTE_SCREENS } from './screens';
import { readRecent, rememberRecent, RECENT_MAX } from './recent';

class MemoryStorage {
  data = new Map<string, string>();
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.data.set(k, v);
  }
}

describe('palette screens', () => {
  it('lists the signed-in screens by their core titles, without ids in the path', () => {
    const byTitle = Object.fromEntries(PALETTE_SCREENS.map((s) => [s.title, s.path]));
    expect(byTitle['Pipeline View']).toBe('/contacts/pipeline');
    expect(byTitle['Table View']).toBe('/contacts/table');
    expect(byTitle.Tags).toBe('/setup/tags');
    expect(byTitle.Contact).toBeUndefined();
    expect(byTitle['Queue Processor']).toBeUndefined();
    expect(byTitle.Login).toBeUndefined();
    expect(PALETTE_SCREENS.filter((s) => s.title === 'KPI Dashboard')).toHaveLength(1);
  });

  it('matches word prefixes', () => {
    expect(matchScreens('tab').map((s) => s.title)).toEqual(['Table View']);
    expect(matchScreens('tag').map((s) => s.title)).toEqual(['Tags', 'Tag Reconciliation']);
    expect(matchScreens('pipe set').map((s) => s.title)).toEqual(['Pipeline Setup']);
    expect(matchScreens('')).toEqual([]);
  });
});

describe('recent contacts', () => {
  it('keeps the last opened first, once each, at most RECENT_MAX, per team', () => {
    const storage = new MemoryStorage() as unknown as Storage;
    const c = (i: number) => ({ GTID: `g${i}`, name: `C ${i}`, email: null, photoURL: null });
    for (let i = 0; i < 12; i++) rememberRecent('t1', c(i), storage);
    rememberRecent('t1', c(5), storage);
    const recent = readRecent('t1', storage).map((r) => r.GTID);
    expect(recent).toHaveLength(RECENT_MAX);
    expect(recent[0]).toBe('g5');
    expect(recent.filter((g) => g === 'g5')).toHaveLength(1);
    expect(readRecent('t2', storage)).toEqual([]);
    storage.setItem('leadloom:recent-contacts:t3', 'not json');
    expect(readRecent('t3', storage)).toEqual([]);
  });
});
