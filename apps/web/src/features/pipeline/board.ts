import type { Board, ContactPage, PipelineSummary } from './types';

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
