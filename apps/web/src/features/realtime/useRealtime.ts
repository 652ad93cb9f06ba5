import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isOwnChange } from '../../lib/changeId';
import { createKeyBatcher, createRefresher, joinRealtime } from '../../lib/realtime';
import { keysForChange } from '../../lib/staleKeys';
import { createLiveTable, isTableKey, refreshTable } from '../table/liveTable';
import { tableKeys } from '../table/requests';
import { createLiveBoards } from './liveBoards';
import { teamKeys } from '../../lib/teamKeys';

/**
 * Keeps this tab's screens of `teamUID` fresh from the realtime stream (issue 6): a teammate's
 * card move is applied to the open board at once (createLiveBoards); a contact's own update
 * (name, label, last activity) refreshes its page at once and the boards within 2 s; any other
 * change makes its queries stale and refetches the ones on screen; this tab's own changes are skipped (it already
 * shows them); a reset reloads every query of the team.
 *
 * The contacts table is never refetched whole (up to 200 pages): its changed rows are re-read
 * and patched in place, and what would move rows is offered as a Refresh (createLiveTable); a
 * reset reloads its first page.
 *
 * Latency matters (a teammate's move shows within 50 ms, issue 6): the changes of one chunk of
 * the stream are coalesced in a zero-delay batch, then each key is refetched at once, or once
 * more right after the refetch already running for it (createRefresher).
 */
export function useRealtime(teamUID: string | null | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!teamUID) return;
    const refresh = createRefresher((queryKey) =>
      queryClient.invalidateQueries({ queryKey, predicate: (q) => !isTableKey(q.queryKey) }),
    );
    const invalidate = createKeyBatcher(refresh, 0);
    const boards = createLiveBoards(queryClient, invalidate);
    const table = createLiveTable(queryClient, teamUID);
    const leave = joinRealtime([teamUID], (message) => {
      if (message.type === 'reset') {
        if (message.teamUID !== teamUID) return;
        invalidate([teamKeys.all(teamUID)]);
        for (const q of queryClient.getQueryCache().findAll({
          queryKey: tableKeys.allSearches(teamUID),
        })) {
          if (q.getObserversCount() > 0) void refreshTable(queryClient, q.queryKey);
          else void queryClient.invalidateQueries({ queryKey: q.queryKey, refetchType: 'none' });
        }
        return;
      }
      const { change } = message;
      if (change.teamUID !== teamUID || isOwnChange(change.changeId)) return;
      table.note(change);
      const contact = teamKeys.contact(teamUID, change.id.split('/')[0] ?? '');
      if (boards.apply(change)) return invalidate([contact]);
      if (change.resource === 'contact' && change.op === 'update') {
        // Every move also touches its contact (last activity): the contact page refreshes now,
        // the cards' details on the boards within SETTLE_MS, not with a full refetch per move.
        invalidate([contact]);
        return boards.later(teamKeys.pipelines(teamUID));
      }
      invalidate(keysForChange(change));
    });
    return () => {
      leave();
      boards.stop();
      table.stop();
    };
  }, [queryClient, teamUID]);
}
