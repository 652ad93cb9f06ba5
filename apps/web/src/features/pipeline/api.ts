import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../lib/api';
import { newChangeId } from '../../lib/changeId';
import { toast } from '../../ui/toast';
import {
  appendStagePage,
  keepLoadedPages,
  moveCards,
  needsNextPage,
  undoMoves,
  type CardPlace,
  type MultiMove,
} from './board';
import {
  fetchBoard,
  fetchPipelines,
  PAGE_SIZE,
  pipelineKeys,
  pipelinePath,
  teamPath,
} from './requests';
import type { Board, BoardStage, ContactPage } from './types';
import { resolveContactPage, type ContactPageAnswer, type StageChangeAnswer } from '@leadloom/core';
import { teamKeys } from '../../lib/teamKeys';

export { pipelineKeys } from './requests';

export function fetchStageContacts(
  teamUID: string,
  groupUID: string,
  stageUID: string,
  cursor: string | null,
): Promise<ContactPage> {
  return api
    .get<ContactPageAnswer>(
      `${pipelinePath(teamUID, groupUID)}/stages/${encodeURIComponent(stageUID)}/contacts`,
      { query: { cursor, limit: PAGE_SIZE } },
    )
    .then(resolveContactPage);
}

export function usePipelines(teamUID: string) {
  return useQuery({
    queryKey: pipelineKeys.list(teamUID),
    queryFn: ({ signal }) => fetchPipelines(teamUID, signal),
  });
}

export function useBoard(teamUID: string, groupUID: string) {
  const queryClient = useQueryClient();
  const key = pipelineKeys.board(teamUID, groupUID);
  return useQuery({
    queryKey: key,
    // A refetch keeps the pages scrolled in since (the columns stay where the user is).
    queryFn: ({ signal }) =>
      fetchBoard(teamUID, groupUID, signal).then((fresh) =>
        keepLoadedPages(queryClient.getQueryData<Board>(key), fresh),
      ),
  });
}

/**
 * "Load more" for one column: fetches the stage's next page and appends it to the board's
 * cache entry, so the board stays one piece of state (drag-and-drop will update it in place).
 */
export function useLoadMoreContacts(teamUID: string, groupUID: string, stageUID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cursor: string) => fetchStageContacts(teamUID, groupUID, stageUID, cursor),
    onSuccess: (page) => {
      queryClient.setQueryData<Board>(pipelineKeys.board(teamUID, groupUID), (board) =>
        board ? appendStagePage(board, stageUID, page) : board,
      );
    },
  });
}

export interface StageChange {
  groupUID: string;
  stageUID: string;
  /** The card above and below its new place (fractional position on the server). */
  afterGtid?: string | null;
  beforeGtid?: string | null;
}

/** PUT .../contacts/:GTID/pipelines/:groupUID/stage with an `X-Change-Id` (board drag, contact page). */
export function putStage(teamUID: string, GTID: string, change: StageChange) {
  const body: Record<string, string> = { stageUID: change.stageUID };
  if (change.afterGtid) body.afterGtid = change.afterGtid;
  if (change.beforeGtid) body.beforeGtid = change.beforeGtid;
  return api.put<StageChangeAnswer>(
    `${teamPath(teamUID)}/contacts/${encodeURIComponent(GTID)}/pipelines/${encodeURIComponent(change.groupUID)}/stage`,
    body,
    { headers: { 'X-Change-Id': newChangeId() } },
  );
}

/**
 * Moves cards on the board (one, or every selected card as a block): the cached board changes
 * at once (counts included), then one PUT per card, in order, each with its own `X-Change-Id`.
 * A card the server refuses goes back to its place; one toast sums up what went back.
 */
export function useMoveCard(teamUID: string, groupUID: string) {
  const queryClient = useQueryClient();
  const key = pipelineKeys.board(teamUID, groupUID);

  const send = async (moves: MultiMove['moves'], stageUID: string) => {
    const failed: { GTID: string; from: CardPlace; error: Error }[] = [];
    // A card placed after one that went back goes after that one's own neighbour instead.
    const replaced = new Map<string, string | null>();
    for (const move of moves) {
      let afterGtid = move.afterGtid;
      while (afterGtid && replaced.has(afterGtid)) afterGtid = replaced.get(afterGtid) ?? null;
      try {
        await putStage(teamUID, move.GTID, {
          groupUID,
          stageUID,
          afterGtid,
          beforeGtid: afterGtid === move.afterGtid ? move.beforeGtid : null,
        });
        void queryClient.invalidateQueries({
          queryKey: teamKeys.contact(teamUID, move.GTID),
        });
      } catch (error) {
        failed.push({ ...move, error: error instanceof Error ? error : new Error(String(error)) });
        replaced.set(move.GTID, afterGtid);
      }
    }
    // The cards are where the user put them; the column totals (deals) come from the server.
    const settle = () => void queryClient.invalidateQueries({ queryKey: key });
    if (failed.length === 0) return settle();
    queryClient.setQueryData<Board>(key, (board) => (board ? undoMoves(board, failed) : board));
    settle();
    toast({
      color: 'red',
      title:
        moves.length === 1
          ? 'The card went back'
          : `${failed.length} of ${moves.length} cards went back`,
      message: failed[0]!.error.message,
    });
  };

  /** Applies the move to the cache and sends it; false when there is nothing to move. */
  return (GTIDs: string | readonly string[], stageUID: string, index: number): boolean => {
    const board = queryClient.getQueryData<Board>(key);
    const move =
      board && moveCards(board, typeof GTIDs === 'string' ? [GTIDs] : GTIDs, stageUID, index);
    if (!move || move.moves.length === 0) return false;
    void queryClient.cancelQueries({ queryKey: key });
    queryClient.setQueryData<Board>(key, move.board);
    void send(move.moves, stageUID);
    return true;
  };
}

/**
 * Fetches a column's next page once the last card on screen (`lastShown`) nears the end of
 * what is loaded; a failed page waits for `retry`.
 */
export function useAutoLoadMore(
  teamUID: string,
  groupUID: string,
  stage: Pick<BoardStage, 'stageUID' | 'contacts' | 'nextCursor'>,
  lastShown: number,
) {
  const loadMore = useLoadMoreContacts(teamUID, groupUID, stage.stageUID);
  const asked = useRef<string | null>(null);
  const { mutate } = loadMore;
  const busy = loadMore.isPending || loadMore.isError;
  useEffect(() => {
    const cursor = stage.nextCursor;
    if (!cursor || asked.current === cursor || !needsNextPage(stage, lastShown, busy)) return;
    asked.current = cursor;
    mutate(cursor);
  }, [stage, lastShown, busy, mutate]);
  return {
    isPending: loadMore.isPending,
    isError: loadMore.isError,
    error: loadMore.error,
    retry: () => {
      asked.current = null;
      loadMore.reset();
    },
  };
}
