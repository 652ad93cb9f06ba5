import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { appendStagePage } from './board';
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
