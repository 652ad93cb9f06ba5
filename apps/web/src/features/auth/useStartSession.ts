import { safeNextPath, TIMINGS } from '@leadloom/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { fetchMe, meQueryKey } from '../session/me';
import { signingInSlot } from '../session/signingIn';
import { tabTeamSlot } from '../session/tabTeam';

/**
 * After the session changed (sign-in, sign-up, accepted invitation): forget everything cached
 * for the previous person, load the new user, then go to `next` (a safe in-app path). The
 * guard takes over from there (first password, terms, subscription...).
 */
export function useStartSession() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (next: string | null | undefined, options: { teamUID?: string } = {}) => {
      // A different person may have been signed in before: nothing cached may leak across,
      // and this tab starts in the new user's team.
      queryClient.clear();
      tabTeamSlot.set(options.teamUID ?? null);
      signingInSlot.set(true);
      try {
        await queryClient
          .fetchQuery({ queryKey: meQueryKey, queryFn: ({ signal }) => fetchMe(signal) })
          .catch(() => undefined); // the guard shows the loader and retries
        // SPEC §4: the redirect to `next` happens after 1 s.
        await new Promise((resolve) => setTimeout(resolve, TIMINGS.nextRedirectMs));
        await navigate(safeNextPath(next), { replace: true });
      } finally {
        signingInSlot.set(false);
      }
    },
    [queryClient, navigate],
  );
}
