import { describe, expect, it } from 'vitest';
import {
  appendStagePage,
  carryTarget,
  defaultPipeline,
  indexAmongStaying,
  keepLoadedPages,
  LOAD_AHEAD,
  moveCard,
  moveCards,
  needsNextPage,
  orderedStages,
  selectCards,
  undoMove,
  undoMoves,
  withIndex,
} from './board';
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
  tags: [],
  statusLabel: null,
});

const stage = (stageUID: string, idx: number, gtids: string[], nextCursor: string | null) =>
  ({
    stageUID,
    name: stageUID,
    color: '#fff',
    fontColor: '#000',
    idx,
    count: 99,
    dealTotals: [],
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

describe('moveCard and undoMove (the optimistic drag on the cached board)', () => {
  const board = (): Board => ({
    pipeline: { groupUID: 'p', nickName: 'P', isDefault: true },
    stages: [
      { ...stage('s1', 1, ['a', 'b', 'c'], null), count: 3 },
      { ...stage('s2', 2, ['x', 'y'], 'more'), count: 7 },
      { ...stage('s3', 3, [], null), count: 0 },
    ],
  });
  const ids = (b: Board, i: number) => b.stages[i]?.contacts.map((c) => c.GTID);

  it('moves a card to another stage at a position, naming its new neighbours, and fixes the counts', () => {
    const before = board();
    const move = moveCard(before, 'b', 's2', 1)!;
    expect(ids(move.board, 0)).toEqual(['a', 'c']);
    expect(ids(move.board, 1)).toEqual(['x', 'b', 'y']);
    expect(move.board.stages.map((s) => s.count)).toEqual([2, 8, 0]);
    expect(move).toMatchObject({
      from: { stageUID: 's1', index: 1 },
      to: { stageUID: 's2', index: 1 },
      afterGtid: 'x',
      beforeGtid: 'y',
    });
    // Pure: the cached board it started from is untouched, and untouched stages are shared.
    expect(ids(before, 0)).toEqual(['a', 'b', 'c']);
    expect(before.stages[1]?.count).toBe(7);
    expect(move.board.stages[2]).toBe(before.stages[2]);
  });

  it('moves into an empty stage and to the ends of a stage', () => {
    const empty = moveCard(board(), 'a', 's3', 0)!;
    expect(ids(empty.board, 2)).toEqual(['a']);
    expect([empty.afterGtid, empty.beforeGtid]).toEqual([null, null]);

    const top = moveCard(board(), 'c', 's2', 0)!;
    expect([top.afterGtid, top.beforeGtid]).toEqual([null, 'x']);

    const past = moveCard(board(), 'c', 's2', 99)!;
    expect(ids(past.board, 1)).toEqual(['x', 'y', 'c']);
    expect(past.to.index).toBe(2);
    expect([past.afterGtid, past.beforeGtid]).toEqual(['y', null]);
  });

  it('reorders within a stage without changing any count', () => {
    const move = moveCard(board(), 'a', 's1', 2)!;
    expect(ids(move.board, 0)).toEqual(['b', 'c', 'a']);
    expect(move.board.stages.map((s) => s.count)).toEqual([3, 7, 0]);
    expect([move.afterGtid, move.beforeGtid]).toEqual(['c', null]);
  });

  it('does nothing for a card or stage that is not on the board', () => {
    expect(moveCard(board(), 'nobody', 's2', 0)).toBeNull();
    expect(moveCard(board(), 'a', 'gone', 0)).toBeNull();
  });

  it('rolls a failed move back to where the card was, keeping what changed meanwhile', () => {
    const original = board();
    const move = moveCard(original, 'b', 's2', 0)!;
    // Another page of s2 arrived while the request was in flight.
    const meanwhile = appendStagePage(move.board, 's2', {
      contacts: [card('z')],
      nextCursor: null,
    });
    const rolledBack = undoMove(meanwhile, 'b', move.from);
    expect(ids(rolledBack, 0)).toEqual(['a', 'b', 'c']);
    expect(ids(rolledBack, 1)).toEqual(['x', 'y', 'z']);
    expect(rolledBack.stages.map((s) => s.count)).toEqual([3, 7, 0]);
    expect(rolledBack.stages[1]?.nextCursor).toBeNull();
  });

  it('leaves the board alone when the card has gone (e.g. deleted meanwhile)', () => {
    const b = board();
    expect(undoMove(b, 'nobody', { stageUID: 's1', index: 0 })).toBe(b);
  });
});

describe('paging a virtual column', () => {
  const loaded = (n: number, nextCursor: string | null) => ({
    contacts: Array.from({ length: n }, (_, i) => card(`c${i}`)),
    nextCursor,
  });

  it('asks for the next page only near the end of the loaded cards, once at a time', () => {
    const stage = loaded(50, 'next');
    expect(needsNextPage(stage, 10, false)).toBe(false);
    expect(needsNextPage(stage, 49 - LOAD_AHEAD - 1, false)).toBe(false);
    expect(needsNextPage(stage, 49 - LOAD_AHEAD, false)).toBe(true);
    expect(needsNextPage(stage, 49, true)).toBe(false);
    expect(needsNextPage(loaded(50, null), 49, false)).toBe(false);
    // A short first page with more behind it (all of it fits on screen) loads on.
    expect(needsNextPage(loaded(3, 'next'), 2, false)).toBe(true);
    expect(needsNextPage(loaded(0, 'next'), -1, false)).toBe(true);
  });

  it('keeps pages in order when the same contact arrives twice across pages', () => {
    const b: Board = {
      pipeline: { groupUID: 'p', nickName: 'P', isDefault: true },
      stages: [stage('s1', 1, ['a', 'b'], 'c1')],
    };
    const two = appendStagePage(b, 's1', { contacts: [card('c'), card('d')], nextCursor: 'c2' });
    const three = appendStagePage(two, 's1', {
      contacts: [card('d'), card('e')],
      nextCursor: null,
    });
    expect(three.stages[0]?.contacts.map((c) => c.GTID)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(three.stages[0]?.nextCursor).toBeNull();
    expect(three.stages[0]?.count).toBe(99);
  });

  it('keeps the pages scrolled in when the board is refetched', () => {
    const pipelineInfo = { groupUID: 'p', nickName: 'P', isDefault: true };
    const previous: Board = {
      pipeline: pipelineInfo,
      stages: [stage('s1', 1, ['a', 'b', 'c', 'd', 'e'], 'after-e'), stage('s2', 2, ['x'], null)],
    };
    // Meanwhile b left s1 and n arrived at its top; s2 is unchanged; s3 is new.
    const fresh: Board = {
      pipeline: pipelineInfo,
      stages: [
        stage('s1', 1, ['n', 'a'], 'after-a'),
        stage('s2', 2, ['x', 'b'], null),
        stage('s3', 3, [], null),
      ],
    };
    const merged = keepLoadedPages(previous, fresh);
    expect(merged.stages[0]?.contacts.map((c) => c.GTID)).toEqual(['n', 'a', 'c', 'd', 'e']);
    expect(merged.stages[0]?.nextCursor).toBe('after-e');
    expect(merged.stages[1]).toBe(fresh.stages[1]);
    expect(merged.stages[2]).toBe(fresh.stages[2]);
    expect(keepLoadedPages(undefined, fresh)).toBe(fresh);
  });

  it('keeps the dragged card rendered when it scrolls out of the virtual range', () => {
    expect(withIndex([4, 5, 6], 120)).toEqual([4, 5, 6, 120]);
    expect(withIndex([4, 5, 6], 0)).toEqual([0, 4, 5, 6]);
    expect(withIndex([4, 5, 6], 5)).toEqual([4, 5, 6]);
    expect(withIndex([4, 5, 6], -1)).toEqual([4, 5, 6]);
  });
});

describe('multi-select and multi-move', () => {
  const board = (): Board => ({
    pipeline: { groupUID: 'p', nickName: 'P', isDefault: true },
    stages: [
      { ...stage('s1', 1, ['a', 'b', 'c', 'd'], null), count: 4 },
      { ...stage('s2', 2, ['x', 'y'], 'more'), count: 9 },
      { ...stage('s3', 3, [], null), count: 0 },
    ],
  });
  const ids = (b: Board, i: number) => b.stages[i]?.contacts.map((c) => c.GTID);

  it('toggles with Ctrl/Cmd-click and selects a range within a stage with Shift-click', () => {
    const b = board();
    const one = selectCards(b, new Set(), null, 'b', 'toggle');
    expect([...one]).toEqual(['b']);
    expect([...selectCards(b, one, 'b', 'b', 'toggle')]).toEqual([]);
    expect([...selectCards(b, one, 'b', 'd', 'range')].sort()).toEqual(['b', 'c', 'd']);
    // Across stages a Shift-click just adds the card.
    expect([...selectCards(b, one, 'b', 'y', 'range')].sort()).toEqual(['b', 'y']);
  });

  it('moves the selected cards as one block in board order, with counts and chained neighbours', () => {
    const before = board();
    const move = moveCards(before, ['y', 'c', 'a'], 's2', 1)!;
    expect(ids(move.board, 0)).toEqual(['b', 'd']);
    expect(ids(move.board, 1)).toEqual(['x', 'a', 'c', 'y']);
    expect(move.board.stages.map((s) => s.count)).toEqual([2, 11, 0]);
    expect(move.moves).toEqual([
      { GTID: 'a', from: { stageUID: 's1', index: 0 }, afterGtid: 'x', beforeGtid: 'y' },
      { GTID: 'c', from: { stageUID: 's1', index: 2 }, afterGtid: 'a', beforeGtid: 'y' },
      { GTID: 'y', from: { stageUID: 's2', index: 1 }, afterGtid: 'c', beforeGtid: null },
    ]);
    expect(ids(before, 0)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('moves a block to the top of an empty stage', () => {
    const move = moveCards(board(), ['d', 'b'], 's3', 0)!;
    expect(ids(move.board, 2)).toEqual(['b', 'd']);
    expect(move.moves.map((m) => [m.GTID, m.afterGtid, m.beforeGtid])).toEqual([
      ['b', null, null],
      ['d', 'b', null],
    ]);
  });

  it('skips cards no longer on the board and does nothing when none is', () => {
    expect(moveCards(board(), ['gone'], 's2', 0)).toBeNull();
    expect(moveCards(board(), ['a'], 'nowhere', 0)).toBeNull();
    expect(moveCards(board(), ['gone', 'a'], 's3', 0)!.moves.map((m) => m.GTID)).toEqual(['a']);
  });

  it('finds the drop index among the cards that stay', () => {
    const dropped = moveCard(board(), 'a', 's2', 1)!.board;
    expect(indexAmongStaying(dropped, 'a', new Set(['a', 'x']))).toEqual({
      stageUID: 's2',
      index: 0,
    });
    expect(indexAmongStaying(dropped, 'a', new Set(['a']))).toEqual({ stageUID: 's2', index: 1 });
  });

  it('rolls back only the cards the server refused, to their old places', () => {
    const original = board();
    const move = moveCards(original, ['a', 'c', 'y'], 's3', 0)!;
    const failed = move.moves.filter((m) => m.GTID !== 'c');
    const rolledBack = undoMoves(move.board, failed);
    expect(ids(rolledBack, 0)).toEqual(['a', 'b', 'd']);
    expect(ids(rolledBack, 1)).toEqual(['x', 'y']);
    expect(ids(rolledBack, 2)).toEqual(['c']);
    expect(rolledBack.stages.map((s) => s.count)).toEqual([3, 9, 1]);

    const all = undoMoves(move.board, move.moves);
    expect(ids(all, 0)).toEqual(['a', 'b', 'c', 'd']);
    expect(ids(all, 1)).toEqual(['x', 'y']);
    expect(all.stages.map((s) => s.count)).toEqual([4, 9, 0]);
  });
});

describe('carryTarget (keyboard moves: Space picks a card up, the arrows carry it)', () => {
  // Stages arrive out of order: left and right follow idx.
  const board: Board = {
    pipeline: { groupUID: 'p', nickName: 'p', isDefault: true },
    stages: [
      stage('c', 3, ['c1'], null),
      stage('a', 1, ['a1', 'a2', 'a3'], null),
      stage('b', 2, [], null),
    ],
  };

  it('goes up and down within the stage and stops at its loaded ends', () => {
    expect(carryTarget(board, 'a2', 'ArrowUp')).toEqual({ stageUID: 'a', index: 0 });
    expect(carryTarget(board, 'a2', 'ArrowDown')).toEqual({ stageUID: 'a', index: 2 });
    expect(carryTarget(board, 'a1', 'ArrowUp')).toBeNull();
    expect(carryTarget(board, 'a3', 'ArrowDown')).toBeNull();
  });

  it('goes to the neighbouring stage in board order at the same height, or its end', () => {
    expect(carryTarget(board, 'a3', 'ArrowRight')).toEqual({ stageUID: 'b', index: 0 });
    expect(carryTarget(board, 'c1', 'ArrowLeft')).toEqual({ stageUID: 'b', index: 0 });
    const moved = moveCard(board, 'a2', 'c', 1)!.board;
    expect(carryTarget(moved, 'a3', 'ArrowRight')).toEqual({ stageUID: 'b', index: 0 });
    expect(carryTarget(moved, 'c1', 'ArrowLeft')).toEqual({ stageUID: 'b', index: 0 });
    expect(carryTarget(moved, 'a2', 'ArrowLeft')).toEqual({ stageUID: 'b', index: 0 });
    expect(carryTarget(board, 'a1', 'ArrowLeft')).toBeNull();
    expect(carryTarget(board, 'c1', 'ArrowRight')).toBeNull();
    expect(carryTarget(board, 'gone', 'ArrowRight')).toBeNull();
  });

  it('keeps the height where the next stage has the cards for it', () => {
    // b: a2 a3; c: c1 a1. a1 (second in c) goes left to the second place of b.
    const tall = moveCard(moveCard(board, 'a2', 'b', 0)!.board, 'a3', 'b', 1)!.board;
    const moved = moveCard(tall, 'a1', 'c', 1)!.board;
    expect(carryTarget(moved, 'a1', 'ArrowLeft')).toEqual({ stageUID: 'b', index: 1 });
  });
});
