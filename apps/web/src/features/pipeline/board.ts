import type { Board, BoardStage, ContactPage, PipelineSummary } from './types';

/** The pipeline shown when the URL names none: the default one, else the first by order. */
export function defaultPipeline(pipelines: readonly PipelineSummary[]): PipelineSummary | null {
  const byOrder = [...pipelines].sort((a, b) => a.order - b.order);
  return byOrder.find((p) => p.isDefault) ?? byOrder[0] ?? null;
}

/**
 * The board with one more page of a stage's contacts appended. Contacts already on the board
 * are not repeated (a card can shift pages while the user scrolls).
 */
export function appendStagePage(board: Board, stageUID: string, page: ContactPage): Board {
  return {
    ...board,
    stages: board.stages.map((stage) => {
      if (stage.stageUID !== stageUID) return stage;
      const seen = new Set(stage.contacts.map((card) => card.GTID));
      return {
        ...stage,
        contacts: [...stage.contacts, ...page.contacts.filter((card) => !seen.has(card.GTID))],
        nextCursor: page.nextCursor,
      };
    }),
  };
}

/** Stages in board order (by idx), whatever order they arrived in. */
export function orderedStages(board: Board) {
  return [...board.stages].sort((a, b) => a.idx - b.idx);
}

/** Where a card sits on the board: its stage and its index among the stage's loaded cards. */
export interface CardPlace {
  stageUID: string;
  index: number;
}

export function findCard(board: Board, GTID: string): CardPlace | null {
  for (const stage of board.stages) {
    const index = stage.contacts.findIndex((card) => card.GTID === GTID);
    if (index >= 0) return { stageUID: stage.stageUID, index };
  }
  return null;
}

export interface CardMove {
  /** The board with the card at its new place; stage counts follow a change of stage. */
  board: Board;
  /** Where it was, to put it back when the server refuses the move. */
  from: CardPlace;
  /** Where it is now (the index clamped to the stage's cards). */
  to: CardPlace;
  /** Its new neighbours, for PUT .../stage `{afterGtid, beforeGtid}` (the cards above and below). */
  afterGtid: string | null;
  beforeGtid: string | null;
}

/**
 * Moves a card to `index` of `toStageUID` (the index it will have there, counted without the card
 * itself). Pure: the board given is left as it was. Null when the card or the stage is not on
 * the board, so a move that raced a refresh does nothing.
 */
export function moveCard(
  board: Board,
  GTID: string,
  toStageUID: string,
  index: number,
): CardMove | null {
  const from = findCard(board, GTID);
  const target = board.stages.find((stage) => stage.stageUID === toStageUID);
  if (!from || !target) return null;
  const source = board.stages.find((stage) => stage.stageUID === from.stageUID)!;
  const card = source.contacts[from.index]!;
  const sameStage = source.stageUID === target.stageUID;

  const targetCards = target.contacts.filter((c) => c.GTID !== GTID);
  const at = Math.max(0, Math.min(Math.trunc(index), targetCards.length));
  targetCards.splice(at, 0, card);

  const stages = board.stages.map((stage) => {
    if (stage.stageUID === target.stageUID) {
      return { ...stage, contacts: targetCards, count: stage.count + (sameStage ? 0 : 1) };
    }
    if (stage.stageUID === source.stageUID) {
      return {
        ...stage,
        contacts: stage.contacts.filter((c) => c.GTID !== GTID),
        count: Math.max(stage.count - 1, 0),
      };
    }
    return stage;
  });
  return {
    board: { ...board, stages },
    from,
    to: { stageUID: target.stageUID, index: at },
    afterGtid: targetCards[at - 1]?.GTID ?? null,
    beforeGtid: targetCards[at + 1]?.GTID ?? null,
  };
}

/**
 * Puts a card back where a failed move found it, on the board as it is now (other changes made
 * in the meantime, such as another page loaded, are kept). A card no longer on the board stays off.
 */
export function undoMove(board: Board, GTID: string, from: CardPlace): Board {
  return moveCard(board, GTID, from.stageUID, from.index)?.board ?? board;
}

/** The keys that carry a card picked up with the keyboard. */
export type CarryKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown';

export const isCarryKey = (key: string): key is CarryKey =>
  key === 'ArrowLeft' || key === 'ArrowRight' || key === 'ArrowUp' || key === 'ArrowDown';

/**
 * Where an arrow key takes a card carried with the keyboard: up and down within its stage, left
 * and right to the neighbouring stage (in board order) at the same height, or its end when that
 * stage has fewer loaded cards. Null when the card cannot go that way (an edge, or not on the
 * board).
 */
export function carryTarget(board: Board, GTID: string, key: CarryKey): CardPlace | null {
  const from = findCard(board, GTID);
  if (!from) return null;
  const stages = orderedStages(board);
  const at = stages.findIndex((s) => s.stageUID === from.stageUID);
  if (key === 'ArrowUp' || key === 'ArrowDown') {
    const index = from.index + (key === 'ArrowUp' ? -1 : 1);
    return index >= 0 && index < stages[at]!.contacts.length
      ? { stageUID: from.stageUID, index }
      : null;
  }
  const next = stages[at + (key === 'ArrowRight' ? 1 : -1)];
  if (!next) return null;
  return { stageUID: next.stageUID, index: Math.min(from.index, next.contacts.length) };
}

/** A virtual list's rendered indexes plus one more (the dragged card), in order. */
export function withIndex(indexes: number[], extra: number): number[] {
  if (extra < 0 || indexes.includes(extra)) return indexes;
  return [...indexes, extra].sort((a, b) => a - b);
}

/** Load the next page when the last card shown is this close to the end of what is loaded. */
export const LOAD_AHEAD = 15;

/**
 * Whether a column should fetch its next page now: there is one, none is on its way, and the
 * last card on screen (`lastShown`, -1 when none) is within LOAD_AHEAD of the last loaded card.
 */
export function needsNextPage(
  stage: Pick<BoardStage, 'contacts' | 'nextCursor'>,
  lastShown: number,
  busy: boolean,
): boolean {
  if (!stage.nextCursor || busy) return false;
  return lastShown >= stage.contacts.length - 1 - LOAD_AHEAD;
}

export interface MultiMove {
  /** The board with every card at its new place (in their board order, as one block). */
  board: Board;
  /** One stage change per card that moved, in the order to send them. */
  moves: { GTID: string; from: CardPlace; afterGtid: string | null; beforeGtid: string | null }[];
}

/**
 * Moves several cards to `index` of `toStageUID` as one block, keeping their board order
 * (stage by stage, top to bottom). `index` counts the target's cards without the moved ones.
 * Cards not on the board are skipped; null when none is. Each move's neighbours are as they
 * will be once the moves before it are done, so sending them in order gives the block.
 */
export function moveCards(
  board: Board,
  GTIDs: readonly string[],
  toStageUID: string,
  index: number,
): MultiMove | null {
  const order = new Map(orderedStages(board).map((s, i) => [s.stageUID, i]));
  const places = GTIDs.map((GTID) => ({ GTID, place: findCard(board, GTID) }))
    .filter((p): p is { GTID: string; place: CardPlace } => p.place !== null)
    .sort(
      (a, b) =>
        order.get(a.place.stageUID)! - order.get(b.place.stageUID)! ||
        a.place.index - b.place.index,
    );
  const target = board.stages.find((s) => s.stageUID === toStageUID);
  if (places.length === 0 || !target) return null;
  const moving = new Set(places.map((p) => p.GTID));
  const staying = target.contacts.filter((c) => !moving.has(c.GTID)).length;
  const at = Math.max(0, Math.min(Math.trunc(index), staying));

  let next = board;
  const moves: MultiMove['moves'] = [];
  // Take the moved cards out of the target first (they are counted out of `index`), then put
  // each one in after the one before it.
  for (const [i, { GTID, place }] of places.entries()) {
    const here = findCard(next, GTID)!;
    const stage = next.stages.find((s) => s.stageUID === toStageUID)!;
    // Where the card goes: after the i cards of the block already placed, counted without it.
    const without = stage.contacts.filter((c) => c.GTID !== GTID);
    const blockStart = (() => {
      if (i === 0) {
        const others = without.filter((c) => !moving.has(c.GTID));
        const before = others[at - 1];
        return before ? without.findIndex((c) => c.GTID === before.GTID) + 1 : 0;
      }
      return without.findIndex((c) => c.GTID === places[i - 1]!.GTID) + 1;
    })();
    const moved = moveCard(next, GTID, toStageUID, blockStart);
    if (!moved) continue;
    next = moved.board;
    if (here.stageUID !== toStageUID || here.index !== moved.to.index || i > 0) {
      moves.push({ GTID, from: place, afterGtid: moved.afterGtid, beforeGtid: moved.beforeGtid });
    }
  }
  return { board: next, moves };
}

/**
 * Puts back the cards whose moves failed, each where it was before the multi-move (lowest
 * original index first per stage, so their old order comes back). Other changes are kept.
 */
export function undoMoves(board: Board, failed: readonly { GTID: string; from: CardPlace }[]) {
  return [...failed]
    .sort((a, b) => a.from.index - b.from.index)
    .reduce((next, { GTID, from }) => undoMove(next, GTID, from), board);
}

/**
 * Where a card sits among the cards of its stage that are not in `moving` (the index a
 * multi-move of `moving` to that stage takes, when the dragged card was dropped there).
 */
export function indexAmongStaying(
  board: Board,
  GTID: string,
  moving: ReadonlySet<string>,
): CardPlace | null {
  const place = findCard(board, GTID);
  if (!place) return null;
  const stage = board.stages.find((s) => s.stageUID === place.stageUID)!;
  const index = stage.contacts
    .slice(0, place.index)
    .filter((c) => !moving.has(c.GTID) && c.GTID !== GTID).length;
  return { stageUID: place.stageUID, index };
}

/**
 * The selection after a Ctrl/Cmd-click (`toggle`: the card in or out) or a Shift-click
 * (`range`: every card from the last one picked to this one, when both are in one stage).
 */
export function selectCards(
  board: Board,
  selected: ReadonlySet<string>,
  anchor: string | null,
  GTID: string,
  mode: 'toggle' | 'range',
): Set<string> {
  const next = new Set(selected);
  if (mode === 'range' && anchor) {
    const from = findCard(board, anchor);
    const to = findCard(board, GTID);
    if (from && to && from.stageUID === to.stageUID) {
      const stage = board.stages.find((s) => s.stageUID === to.stageUID)!;
      const [lo, hi] = from.index < to.index ? [from.index, to.index] : [to.index, from.index];
      for (const card of stage.contacts.slice(lo, hi + 1)) next.add(card.GTID);
      return next;
    }
  }
  if (next.has(GTID)) next.delete(GTID);
  else next.add(GTID);
  return next;
}

/**
 * A refetched board (first pages only) keeping the pages the user had scrolled in since: each
 * stage gets the fresh first page, then the cards loaded after it before (those not on the
 * fresh page), and the cursor after them. Without it a refetch would throw a user deep in a
 * long column back to its top.
 */
export function keepLoadedPages(previous: Board | undefined, fresh: Board): Board {
  if (!previous) return fresh;
  const before = new Map(previous.stages.map((s) => [s.stageUID, s]));
  return {
    ...fresh,
    stages: fresh.stages.map((stage) => {
      const old = before.get(stage.stageUID);
      if (!old || !stage.nextCursor || old.contacts.length <= stage.contacts.length) return stage;
      const seen = new Set(stage.contacts.map((c) => c.GTID));
      const tail = old.contacts.slice(stage.contacts.length).filter((c) => !seen.has(c.GTID));
      return { ...stage, contacts: [...stage.contacts, ...tail], nextCursor: old.nextCursor };
    }),
  };
}
