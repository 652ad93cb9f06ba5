import type { SubscriptionStatusSource } from '@leadloom/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { teamKeys } from '../../lib/teamKeys';

/** GET /api/teams/:teamUID/validation-info (SPEC §3 "Validation info"). */
export interface ValidationInfo {
  members: { uid: string; role: string }[];
  contactCount: number;
  pipelines: Record<string, { nickName: string }>;
  subscription: (SubscriptionStatusSource & Record<string, unknown>) | null;
}

/** Query key; invalidate it after anything that changes the plan or the members. */
export const validationInfoKey = (teamUID: string) => teamKeys.of(teamUID, 'validation-info');

export function fetchValidationInfo(teamUID: string, signal?: AbortSignal) {
  return api.get<ValidationInfo>(`/api/teams/${encodeURIComponent(teamUID)}/validation-info`, {
    signal,
  });
}

/** The team's validation info; disabled while `teamUID` is null. */
export function useValidationInfo(teamUID: string | null) {
  return useQuery({
    queryKey: validationInfoKey(teamUID ?? ''),
    queryFn: ({ signal }) => fetchValidationInfo(teamUID ?? '', signal),
    enabled: teamUID !== null,
    staleTime: 60_000,
  });
}
