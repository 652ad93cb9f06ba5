import { describe, expect, it } from 'vitest';
import { appendStagePage, defaultPipeline, orderedStages } from './board';
import type { Board, BoardCard, BoardStage, PipelineSummary } from './types';

const pipeline = (groupUID: string, order: number, isDefault = false): PipelineSummary => ({
  groupUID,
  nickName: groupUID,
  isDefault,
  order,
  contactCount: 0,
});

const card = (GTID: string): BoardCard => ({
  GTID,
  fullName: GTID,
  firstName: GTID,
  lastName: '',
  emailAddress: null,
  photoURL: null,
  lastActivityAt: null,
});

const stage = (stageUID: string, idx: number, gtids: string[], nextCursor: string | null) =>
  ({
    stageUID,
    name: stageUID,
    color: '#fff',
    fontColor: '#000',
    idx,
    count: 99,
    contacts: gtids.map(card),
    nextCursor,
  }) satisfies BoardStage;

describe('defaultPipeline', () => {
  it('prefers the default pipeline, else the first by order', () => {
    expect(defaultPipeline([pipeline('a', 0), pipeline('b', 1, true)])?.groupUID).toBe('b');
    expect(defaultPipeline([pipeline('a', 2), pipeline('b', 1)])?.groupUID).toBe('b');
    expect(defaultPipeline([])).toBeNull();
  });
});

describe('appendStagePage', () => {
  const board: Board = {
    pipeline: { groupUID: 'p', nickName: 'P', isDefault: true },
    stages: [stage('s1', 1, ['a', 'b'], 'c1'), stage('s2', 2, ['x'], 'c2')],
  };

  it('appends to that stage only, skipping cards it already shows, and moves the cursor', () => {
    const next = appendStagePage(board, 's1', {
      contacts: [card('b'), card('c')],
      nextCursor: null,
    });
    expect(next.stages[0]?.contacts.map((c) => c.GTID)).toEqual(['a', 'b', 'c']);
    expect(next.stages[0]?.nextCursor).toBeNull();
    expect(next.stages[1]).toBe(board.stages[1]);
    expect(board.stages[0]?.contacts).toHaveLength(2);
  });
});

describe('orderedStages', () => {
  it('orders by idx', () => {
    const b: Board = {
      ...{ pipeline: { groupUID: 'p', nickName: 'P', isDefault: true } },
      stages: [stage('late', 3, [], null), stage('placeholder', 0, [], null)],
    };
    expect(orderedStages(b).map((s) => s.stageUID)).toEqual(['placeholder', 'late']);
  });
});
