import { describe, expect, it } from 'vitest';
import type { Board, BoardCard, BoardStage } from '../pipeline/types';
import { applyPlacement, isPlacement } from './boardPatch';

const card = (GTID: string): BoardCard => ({
  GTID,
  fullName: GTID,
  firstName: GTID,
  lastName: '',
  emailAddress: null,
  photoURL: null,
  lastActivityAt: null,
  tags: [],
  statusLabel: null,
});

const stage = (stageUID: string, gtids: string[], count: number, more = false): BoardStage => ({
  stageUID,
  name: stageUID,
  color: '#fff',
  fontColor: '#000',
  idx: 1,
  count,
  dealTotals: [],
  contacts: gtids.map(card),
  nextCursor: more ? 'cursor' : null,
});

const board = (...stages: BoardStage[]): Board => ({
  pipeline: { groupUID: 'p', nickName: 'P', isDefault: true },
  stages,
});

const shape = (b: Board | null) =>
  b && b.stages.map((s) => `${s.stageUID}(${s.count}): ${s.contacts.map((c) => c.GTID).join(' ')}`);

describe('applyPlacement', () => {
  const b = board(stage('s1', ['a', 'b', 'c'], 3), stage('s2', ['x', 'y'], 10, true));

  it('moves a card below its new neighbour, or to the top, and moves the counts', () => {
    expect(shape(applyPlacement(b, 'b', { stageUID: 's2', afterGtid: 'x' }))).toEqual([
      's1(2): a c',
      's2(11): x b y',
    ]);
    expect(shape(applyPlacement(b, 'a', { stageUID: 's2', afterGtid: null }))).toEqual([
      's1(2): b c',
      's2(11): a x y',
    ]);
  });

  it('reorders within a column without changing its count', () => {
    expect(shape(applyPlacement(b, 'a', { stageUID: 's1', afterGtid: 'c' }))).toEqual([
      's1(3): b c a',
      's2(10): x y',
    ]);
  });

  it('only takes the card out when its new place is beyond the loaded cards', () => {
    for (const afterGtid of ['y', 'not-loaded']) {
      expect(shape(applyPlacement(b, 'c', { stageUID: 's2', afterGtid }))).toEqual([
        's1(2): a b',
        's2(11): x y',
      ]);
    }
  });

  it('returns the same board when the card is already there', () => {
    expect(applyPlacement(b, 'b', { stageUID: 's1', afterGtid: 'a' })).toBe(b);
  });

  it('cannot tell (null) without the card, the stage, or a neighbour a full column lacks', () => {
    expect(applyPlacement(b, 'zz', { stageUID: 's2', afterGtid: null })).toBeNull();
    expect(applyPlacement(b, 'a', { stageUID: 'gone', afterGtid: null })).toBeNull();
    expect(applyPlacement(b, 'x', { stageUID: 's1', afterGtid: 'missing' })).toBeNull();
  });

  it('recognises a placement in a change payload', () => {
    expect(isPlacement({ stageUID: 's', afterGtid: null })).toBe(true);
    expect(isPlacement({ stageUID: 's', afterGtid: 'g' })).toBe(true);
    expect(isPlacement({ stageUID: 's' })).toBe(false);
    expect(isPlacement(null)).toBe(false);
  });
});
