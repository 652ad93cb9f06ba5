import { describe, expect, it } from 'vitest';
import { orphanNotice, tagColor, tagOptionGroups } from './tagsView';
import type { TagSet } from './types';

const set = (name: string, pipelineUID: string | null, tags: string[]): TagSet => ({
  tagSetUID: `${name}-${pipelineUID}`,
  pipelineUID,
  name,
  color: '#1C7EBB',
  connectionUID: null,
  order: 0,
  contacts: 0,
  tags: tags.map((t, i) => ({
    tagID: `${name}-${t}`,
    name: t,
    value: t === 'Hot' ? 'hot-lead' : '',
    color: null,
    remoteID: null,
    order: i,
    contacts: 0,
  })),
});

describe('setup-tags view helpers', () => {
  it('groups tags by set and pipeline for the map select, skipping empty sets', () => {
    const groups = tagOptionGroups(
      [
        set('Interests', null, ['Golf', 'Hot']),
        set('Empty', null, []),
        set('Interests', 'p1', ['Tennis']),
        set('Interests', 'p1', ['Chess']),
      ],
      (uid) => (uid === 'p1' ? 'Facebook leads' : undefined),
    );
    expect(groups.map((g) => g.group)).toEqual([
      'Interests · Global',
      'Interests · Facebook leads',
      'Interests · Facebook leads (2)',
    ]);
    expect(groups[0]!.items).toEqual([
      { value: 'Interests-Golf', label: 'Golf' },
      { value: 'Interests-Hot', label: 'Hot (hot-lead)' },
    ]);
  });

  it('names how many contacts keep a deleted tag as an orphan', () => {
    expect(orphanNotice(0, 'tag')).toMatch(/nothing is left behind/);
    expect(orphanNotice(1, 'tag')).toMatch(/^It stays on 1 contact as an orphaned tag/);
    expect(orphanNotice(1200, 'tags')).toMatch(/^Its tags stay on 1,200 contacts as orphaned tags/);
    expect(tagColor({ color: null }, { color: '#111111' })).toBe('#111111');
    expect(tagColor({ color: '#222222' }, { color: '#111111' })).toBe('#222222');
  });
});
