import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FlagOverviewAnswer } from '@leadloom/core';
import { api } from '../../lib/api';
import { teamFlagMap, withFlag } from './flagsOverview';

const overviewKey = ['admin', 'flags'] as const;
const fetchOverview = (signal?: AbortSignal) =>
  api.get<FlagOverviewAnswer>('/api/admin/flags', { signal });

export function useFlagOverview() {
  return useQuery({ queryKey: overviewKey, queryFn: ({ signal }) => fetchOverview(signal) });
}

export interface FlagSwitch {
  teamUID: string;
  name: string;
  enabled: boolean;
}

/**
 * Switches one flag of one team. PUT /api/admin/teams/:teamUID/flags replaces the whole map, so
 * the map is rebuilt from a fresh overview first: another admin's change since this page loaded
 * is kept rather than overwritten.
 */
export function useSwitchFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ teamUID, name, enabled }: FlagSwitch) => {
      const { flags } = await fetchOverview();
      const map = withFlag(teamFlagMap(flags, teamUID), name, enabled);
      return api.put<unknown>(`/api/admin/teams/${encodeURIComponent(teamUID)}/flags`, {
        flags: map,
      });
    },
    onSettled: async (_data, _error, { teamUID }) => {
      await queryClient.invalidateQueries({ queryKey: overviewKey });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'team', teamUID] });
    },
  });
}
