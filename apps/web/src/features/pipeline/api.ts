import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { TIMINGS } from '@leadloom/core';
import { api } from '../../lib/api';
import { newChangeId } from '../../lib/changeId';
import { appendStagePage, moveCard, undoMove, type CardPlace } from './board';
import type { Board, ContactPage, PipelineSummary } from './types';

export const PAGE_SIZE = 50;

const teamPath = (teamUID: string) => `/api/teams/${encodeURIComponent(teamUID)}`;
const pipelinePath = (teamUID: string, groupUID: string) =>
  `${teamPath(teamUID)}/pipelines/${encodeURIComponent(groupUID)}`;

export const pipelineKeys = {
  list: (teamUID: string) => ['teams', teamUID, 'pipelines'] as const,
  board: (teamUID: string, groupUID: string) =>
    ['teams', teamUID, 'pipelines', groupUID, 'board'] as const,
};

export function fetchPipelines(teamUID: string, signal?: AbortSignal) {
  return api
    .get<{ pipelines: PipelineSummary[] }>(`${teamPath(teamUID)}/pipelines`, { signal })
    .then((answer) => answer.pipelines);
}

export function fetchBoard(teamUID: string, groupUID: string, signal?: AbortSignal) {
  return api.get<Board>(`${pipelinePath(teamUID, groupUID)}/board`, {
    query: { limit: PAGE_SIZE },
    signal,
  });
}

export function fetchStageContacts(
  teamUID: string,
  groupUID: string,
  stageUID: string,
  cursor: string | null,
) {
  return api.get<ContactPage>(
    `${pipelinePath(teamUID, groupUID)}/stages/${encodeURIComponent(stageUID)}/contacts`,
    { query: { cursor, limit: PAGE_SIZE } },
  );
}

export function usePipelines(teamUID: string) {
  return useQuery({
    queryKey: pipelineKeys.list(teamUID),
    queryFn: ({ signal }) => fetchPipelines(teamUID, signal),
  });
}

export function useBoard(teamUID: string, groupUID: string) {
  return useQuery({
    queryKey: pipelineKeys.board(teamUID, groupUID),
    queryFn: ({ signal }) => fetchBoard(teamUID, groupUID, signal),
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
  return api.put<{ stageUID: string; position: string }>(
    `${teamPath(teamUID)}/contacts/${encodeURIComponent(GTID)}/pipelines/${encodeURIComponent(change.groupUID)}/stage`,
    body,
    { headers: { 'X-Change-Id': newChangeId() } },
  );
}

interface MoveVariables extends StageChange {
  GTID: string;
  from: CardPlace;
}

/**
 * Moves a card on the board: the cached board changes at once (counts included), the server is
 * told with the card's new neighbours, and a refusal puts the card back with an error toast.
 */
export function useMoveCard(teamUID: string, groupUID: string) {
  const queryClient = useQueryClient();
  const key = pipelineKeys.board(teamUID, groupUID);
  const mutation = useMutation({
    mutationFn: ({ GTID, ...change }: MoveVariables) => putStage(teamUID, GTID, change),
    onError: (error, { GTID, from }) => {
      queryClient.setQueryData<Board>(key, (board) =>
        board ? undoMove(board, GTID, from) : board,
      );
      notifications.show({
        color: 'red',
        title: 'The card went back',
        message: error.message,
        autoClose: TIMINGS.toastMs,
      });
    },
    onSuccess: (_answer, { GTID }) => {
      // The contact page (stage, history, activity) is stale now.
      void queryClient.invalidateQueries({ queryKey: ['teams', teamUID, 'contacts', GTID] });
    },
  });

  /** Applies the move to the cache and sends it; false when there is nothing to move. */
  return (GTID: string, stageUID: string, index: number): boolean => {
    const board = queryClient.getQueryData<Board>(key);
    const move = board && moveCard(board, GTID, stageUID, index);
    if (!move) return false;
    if (move.from.stageUID === move.to.stageUID && move.from.index === move.to.index) return false;
    void queryClient.cancelQueries({ queryKey: key });
    queryClient.setQueryData<Board>(key, move.board);
    mutation.mutate({
      GTID,
      groupUID,
      stageUID,
      afterGtid: move.afterGtid,
      beforeGtid: move.beforeGtid,
      from: move.from,
    });
    return true;
  };
}
