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
