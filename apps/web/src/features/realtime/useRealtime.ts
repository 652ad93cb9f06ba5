import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isOwnChange } from '../../lib/changeId';
import { createKeyBatcher, joinRealtime, keysForChange } from '../../lib/realtime';

/**
 * Keeps this tab's screens of `teamUID` fresh from the realtime stream (issue 6): each change of
 * the team makes its queries stale (coalesced within 50 ms); this tab's own changes are skipped
 * (it already shows them); a reset reloads every query of the team.
 */
export function useRealtime(teamUID: string | null | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!teamUID) return;
    const invalidate = createKeyBatcher((keys) => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    });
    return joinRealtime([teamUID], (message) => {
      if (message.type === 'reset') {
        if (message.teamUID === teamUID) invalidate([['teams', teamUID]]);
        return;
      }
      const { change } = message;
      if (change.teamUID !== teamUID || isOwnChange(change.changeId)) return;
      invalidate(keysForChange(change));
    });
  }, [queryClient, teamUID]);
}
