import type { QueryClient } from '@tanstack/react-query';
import { pipelineKeys } from '../../features/pipeline/api';
import { meQueryKey } from '../../features/session/me';
import { validationInfoKey } from '../../features/session/validationInfo';
import { tableKeys } from '../../features/table/requests';
import { takePrefetched } from './prefetch';

/**
 * Hands what `startPrefetch` asked for to the query client: each query waits on the request
 * already on its way instead of sending its own. A failed one is asked again by its screen.
 */
export function seedPrefetched(queryClient: QueryClient): void {
  const prefetched = takePrefetched();
  if (!prefetched) return;
  const seed = <T>(queryKey: readonly unknown[], answer: Promise<T>) =>
    void queryClient.prefetchQuery({ queryKey, queryFn: () => answer, retry: false });
  seed(meQueryKey, prefetched.me);
  // Seeded as soon as /api/me has named the team: before the screens that read them mount.
  void prefetched.team.then(
    (team) => {
      if (!team) return;
      seed(validationInfoKey(team.teamUID), team.validationInfo);
      seed(pipelineKeys.list(team.teamUID), team.pipelines);
      if (team.table) {
        // The table's query is an infinite one: its first page, as `useTableSearch` keys it.
        const answer = team.table.answer;
        void queryClient.prefetchInfiniteQuery({
          queryKey: tableKeys.search(team.teamUID, team.table.query),
          queryFn: () => answer,
          initialPageParam: null as string | null,
          retry: false,
        });
      }
      void team.board.then((shown) => {
        if (shown) seed(pipelineKeys.board(team.teamUID, shown.groupUID), shown.answer);
      });
    },
    () => undefined,
  );
}
