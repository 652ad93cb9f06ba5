import type { MeAnswer } from '@leadloom/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../lib/api';

/** The signed-in user (SPEC §3 "logged user data"), as GET /api/me answers it: core's contract. */
export type Me = MeAnswer;
export type { TeamMembership } from '@leadloom/core';

export const meQueryKey = ['me'] as const;

/** The signed-in user, or null when there is no session (401). */
export async function fetchMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    return await api.get<Me>('/api/me', { signal });
  } catch (error) {
    if (isApiError(error) && error.httpStatus === 401) return null;
    throw error;
  }
}

/** GET /api/me answered "not found": the session is valid but the user's data is gone. */
export function isUserDataMissing(error: unknown): boolean {
  return isApiError(error) && error.httpStatus === 404;
}

/**
 * The signed-in user's query. A "not found" is final: the guard signs out on it (SPEC §8), so a
 * screen mounting on that error (the boot's /api/me answered before the app mounted) must not
 * ask again; asking would only delay the sign-out. Other failures are asked again on mount.
 */
export function meQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => fetchMe(signal),
    staleTime: 5 * 60_000,
    retryOnMount: (query) => !isUserDataMissing(query.state.error),
  });
}

export function useMe() {
  return useQuery(meQueryOptions());
}
