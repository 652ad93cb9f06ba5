import type { QueryClient } from '@tanstack/react-query';
import type { Change } from '../../lib/realtime';
import { pipelineKeys } from '../pipeline/api';
import type { Board } from '../pipeline/types';
import { applyPlacement, isPlacement, type Placement } from './boardPatch';
import { teamKeys } from '../../lib/teamKeys';

/** While moves keep coming, a moved-on board is refetched at most this often (deal totals). */
export const SETTLE_MS = 2_000;
/** How long an applied move is remembered, to re-apply it over a refetch that started before. */
const KEEP_MS = 15_000;

type Key = readonly unknown[];

const isBoardKey = (key: Key) =>
  key.length === 5 && key[0] === 'teams' && key[2] === 'pipelines' && key[4] === 'board';

/**
 * Teammates' moves applied straight to the cached boards (issue 6 latency): a `contactPipeline`
 * update carries the card's new place, so the card moves without a round trip. Then:
 * - a board refetch that started before a move was applied and lands after it would put the card
 *   back: the moves applied since that fetch started are applied again over its answer;
 * - the board's other figures (deal totals) come from one refetch of the pipeline's queries,
 *   `SETTLE_MS` after the first move (at most one per `SETTLE_MS` while moves keep coming).
 * `apply` answers false when the change is not such a move or no open board can take it; the
 * caller then makes the usual queries stale.
 */
export function createLiveBoards(queryClient: QueryClient, refresh: (keys: Key[]) => void) {
  const cache = queryClient.getQueryCache();
  const applied: { hash: string; GTID: string; placement: Placement; at: number }[] = [];
  const fetchStarted = new Map<string, number>();
  const settling = new Map<string, ReturnType<typeof setTimeout>>();

  const unsubscribe = cache.subscribe((event) => {
    if (event.type !== 'updated' || !isBoardKey(event.query.queryKey)) return;
    const { query, action } = event;
    if (action.type === 'fetch') fetchStarted.set(query.queryHash, performance.now());
    else if (action.type === 'success' && !action.manual) {
      const since = fetchStarted.get(query.queryHash) ?? 0;
      const later = applied.filter((a) => a.hash === query.queryHash && a.at >= since);
      if (later.length === 0) return;
      queueMicrotask(() => {
        const fetched = query.state.data as Board | undefined;
        let board = fetched;
        for (const a of later)
          board = (board && applyPlacement(board, a.GTID, a.placement)) ?? board;
        if (board && board !== fetched) queryClient.setQueryData(query.queryKey, board);
      });
    }
  });

  function settle(key: Key) {
    const name = JSON.stringify(key);
    if (settling.has(name)) return;
    settling.set(
      name,
      setTimeout(() => {
        settling.delete(name);
        refresh([key]);
      }, SETTLE_MS),
    );
  }

  return {
    /** Refreshes `key` within `SETTLE_MS` (at most once per `SETTLE_MS`), for what can wait. */
    later: settle,
    apply(change: Change & { placement?: unknown }): boolean {
      if (change.resource !== 'contactPipeline' || change.op !== 'update') return false;
      if (!isPlacement(change.placement)) return false;
      const [GTID = '', pipelineUID] = change.id.split('/');
      if (!pipelineUID) return false;
      const key = pipelineKeys.board(change.teamUID, pipelineUID);
      const query = cache.find<Board>({ queryKey: key, exact: true });
      const board = query?.state.data;
      if (!query || !board) return false;
      const next = applyPlacement(board, GTID, change.placement);
      if (!next) return false;
      const at = performance.now();
      while (applied.length > 0 && applied[0]!.at < at - KEEP_MS) applied.shift();
      applied.push({ hash: query.queryHash, GTID, placement: change.placement, at });
      if (next !== board) queryClient.setQueryData(key, next);
      settle(teamKeys.pipeline(change.teamUID, pipelineUID));
      return true;
    },
    stop() {
      unsubscribe();
      for (const timer of settling.values()) clearTimeout(timer);
      settling.clear();
    },
  };
}
