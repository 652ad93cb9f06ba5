import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { SubscriptionData } from '../profile/types';
import type { AdminTeamDetail, AdminTeamRow, AdminUser, MailMessage } from './types';
import { teamKeys } from '../../lib/teamKeys';

const teamPath = (teamUID: string) => `/api/admin/teams/${encodeURIComponent(teamUID)}`;
const userPath = (uid: string) => `/api/admin/users/${encodeURIComponent(uid)}`;

export const adminKeys = {
  all: ['admin'] as const,
  users: (q: string) => ['admin', 'users', q] as const,
  teams: (q: string) => ['admin', 'teams', q] as const,
  team: (teamUID: string) => ['admin', 'team', teamUID] as const,
  mail: ['admin', 'mail'] as const,
};

export const MAIL_LIMIT = 100;

export function useAdminUsers(q: string) {
  return useQuery({
    queryKey: adminKeys.users(q),
    queryFn: ({ signal }) =>
      api.get<{ users: AdminUser[] }>('/api/admin/users', { query: { q }, signal }),
    placeholderData: keepPreviousData,
  });
}

export type UserAction =
  | { kind: 'disable' | 'enable' | 'reset-password'; user: AdminUser }
  | { kind: 'super'; user: AdminUser; value: boolean };

export function useUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: UserAction) => {
      const path = userPath(action.user.uid);
      switch (action.kind) {
        case 'disable':
          return api.post<unknown>(`${path}/disable`, {});
        case 'enable':
          return api.post<unknown>(`${path}/enable`, {});
        case 'reset-password':
          return api.post<unknown>(`${path}/reset-password`, {});
        case 'super':
          return api.post<unknown>(`${path}/super`, { super: action.value });
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}

export function useAdminTeams(q: string) {
  return useQuery({
    queryKey: adminKeys.teams(q),
    queryFn: ({ signal }) =>
      api.get<{ teams: AdminTeamRow[] }>('/api/admin/teams', { query: { q }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminTeam(teamUID: string | null) {
  return useQuery({
    queryKey: adminKeys.team(teamUID ?? ''),
    queryFn: ({ signal }) => api.get<AdminTeamDetail>(teamPath(teamUID ?? ''), { signal }),
    enabled: teamUID !== null,
  });
}

function useTeamRefresh(teamUID: string) {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: adminKeys.team(teamUID) });
    await queryClient.invalidateQueries({ queryKey: ['admin', 'teams'] });
    // The admin may be looking at their own team's billing in another tab of the app.
    await queryClient.invalidateQueries({ queryKey: teamKeys.all(teamUID) });
  };
}

export function useSaveSubscription(teamUID: string) {
  const refresh = useTeamRefresh(teamUID);
  return useMutation({
    mutationFn: (subscription: SubscriptionData) =>
      api.put<unknown>(`${teamPath(teamUID)}/subscription`, subscription),
    onSuccess: refresh,
  });
}

export function useSaveFlags(teamUID: string) {
  const refresh = useTeamRefresh(teamUID);
  return useMutation({
    mutationFn: (flags: Record<string, boolean>) =>
      api.put<unknown>(`${teamPath(teamUID)}/flags`, { flags }),
    onSuccess: refresh,
  });
}

export function useMail() {
  return useQuery({
    queryKey: adminKeys.mail,
    queryFn: ({ signal }) =>
      api.get<{ messages: MailMessage[] }>('/api/admin/mail', {
        query: { limit: MAIL_LIMIT },
        signal,
      }),
  });
}
