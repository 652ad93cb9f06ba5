import type { Board, BoardCard } from '../pipeline/types';

/** Where a moved card is now, as the realtime stream sends it with a `contactPipeline` change. */
export interface Placement {
  stageUID: string;
  /** The card right above it in its stage; null when it is the first. */
  afterGtid: string | null;
}

export function isPlacement(value: unknown): value is Placement {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.stageUID === 'string' && (v.afterGtid === null || typeof v.afterGtid === 'string')
  );
}

/**
 * A teammate's move applied to a cached board without a refetch (issue 6: the card moves on
 * screen within 50 ms of the commit). The card leaves its column and goes right below
 * `afterGtid` in the target column (the top when null); the two counts follow. A card whose new
 * place lies beyond the loaded part of the column only leaves its old column (the column's own
 * pages bring it when scrolled to). Returns the same board when the card is already there, and
 * null when the board cannot tell (the card is not loaded, so its old column and count are
 * unknown; the stage is not on this board; the neighbour is missing from a fully loaded
 * column): then the board is refetched instead.
 */
export function applyPlacement(board: Board, GTID: string, placement: Placement): Board | null {
  let card: BoardCard | undefined;
  let from = -1;
  board.stages.forEach((stage, i) => {
    const found = stage.contacts.find((c) => c.GTID === GTID);
    if (found) {
      card = found;
      from = i;
    }
  });
  const to = board.stages.findIndex((s) => s.stageUID === placement.stageUID);
  if (!card || to === -1) return null;
  const target = board.stages[to]!;
  const others = target.contacts.filter((c) => c.GTID !== GTID);
  let at: number | null;
  if (placement.afterGtid === null) at = 0;
  else {
    const above = others.findIndex((c) => c.GTID === placement.afterGtid);
    if (above === -1) {
      if (!target.nextCursor) return null;
      at = null;
    } else at = above + 1;
  }
  // Right after the last loaded card of a column with more pages: the next page starts there.
  if (at !== null && at === others.length && target.nextCursor) at = null;
  if (from === to && at !== null && target.contacts[at] === card) return board;

  const stages = board.stages.map((stage, i) => {
    if (i !== from && i !== to) return stage;
    let contacts = stage.contacts.filter((c) => c.GTID !== GTID);
    if (i === to && at !== null)
      contacts = [...contacts.slice(0, at), card!, ...contacts.slice(at)];
    const count = from === to ? stage.count : i === from ? stage.count - 1 : stage.count + 1;
    return { ...stage, contacts, count: Math.max(0, count) };
  });
  return { ...board, stages };
}
