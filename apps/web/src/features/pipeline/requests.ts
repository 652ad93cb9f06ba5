/**
 * The board's reads as plain requests (no React): the board's queries use them, and so does the
 * early start in app/boot/prefetch.ts, which runs before React and the screens have loaded.
 */
import { api } from '../../lib/api';
import { onChangeOf } from '../../lib/staleKeys';
import { resolveBoard, type BoardAnswer } from '@leadloom/core';
import type { Board, PipelineSummary } from './types';
import { teamKeys } from '../../lib/teamKeys';

export const PAGE_SIZE = 50;

export const teamPath = (teamUID: string) => `/api/teams/${encodeURIComponent(teamUID)}`;
export const pipelinePath = (teamUID: string, groupUID: string) =>
  `${teamPath(teamUID)}/pipelines/${encodeURIComponent(groupUID)}`;

export const pipelineKeys = {
  list: (teamUID: string) => teamKeys.pipelines(teamUID),
  board: (teamUID: string, groupUID: string) =>
    teamKeys.of(teamUID, 'pipelines', groupUID, 'board'),
};

// A card moving within a pipeline (a `contactPipeline` update, id `GTID/pipelineUID`) makes only
// that pipeline's queries stale: other boards and the list (whose counts a move leaves alone)
// stay, so a busy team does not refetch every board on every move. Joining or leaving a pipeline
// changes the list's counts; a contact's name, label or tags show on every board.
onChangeOf(['contactPipeline'], ({ teamUID, op, rest: [pipelineUID] }) => [
  op === 'update' && pipelineUID
    ? teamKeys.pipeline(teamUID, pipelineUID)
    : pipelineKeys.list(teamUID),
]);
onChangeOf(['contact', 'contactTag'], ({ teamUID }) => [pipelineKeys.list(teamUID)]);

export function fetchPipelines(teamUID: string, signal?: AbortSignal) {
  return api
    .get<{ pipelines: PipelineSummary[] }>(`${teamPath(teamUID)}/pipelines`, { signal })
    .then((answer) => answer.pipelines);
}

export function fetchBoard(
  teamUID: string,
  groupUID: string,
  signal?: AbortSignal,
): Promise<Board> {
  return api
    .get<BoardAnswer>(`${pipelinePath(teamUID, groupUID)}/board`, {
      query: { limit: PAGE_SIZE },
      signal,
    })
    .then(resolveBoard);
}

/** The board address `/contacts/pipeline/:pipelineID?/:stageUID?`, or null for another page. */
export function parseBoardPath(
  pathname: string,
): { pipelineID: string | null; stageUID: string | null } | null {
  const m = /^\/contacts\/pipeline(?:\/([^/]+))?(?:\/([^/]+))?\/?$/.exec(pathname);
  if (!m) return null;
  try {
    return {
      pipelineID: m[1] ? decodeURIComponent(m[1]) : null,
      stageUID: m[2] ? decodeURIComponent(m[2]) : null,
    };
  } catch {
    return null;
  }
}
