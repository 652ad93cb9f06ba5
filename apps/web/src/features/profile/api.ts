import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { meQueryKey, type Me } from '../session/me';
import type {
  AcceptAnswer,
  BillingAnswer,
  InvitationInfo,
  InviteInput,
  MemberPatch,
  MembersAnswer,
  TeamInvitation,
  TeamMember,
} from './types';
import { teamKeys } from '../../lib/teamKeys';

const teamPath = (teamUID: string) => `/api/teams/${encodeURIComponent(teamUID)}`;

export const profileKeys = {
  members: (teamUID: string) => teamKeys.of(teamUID, 'members'),
  billing: (teamUID: string) => teamKeys.of(teamUID, 'billing'),
  invitation: (code: string) => ['invitations', code] as const,
};

/** The fields of PATCH /api/me. */
export interface AccountPatch {
  name?: string;
  photoURL?: string | null;
  timeZone?: string;
  defaultContactView?: string;
}

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: AccountPatch) => api.patch<Me>('/api/me', patch),
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
  revokeOtherSessions: boolean;
}

export function useChangePassword() {
  return useMutation({
    // better-auth: rides on the session cookie, no identity token.
    mutationFn: (input: ChangePasswordInput) =>
      api.publicRequest<unknown>('POST', '/api/auth/change-password', { body: input }),
  });
}

export function useMembers(teamUID: string) {
  return useQuery({
    queryKey: profileKeys.members(teamUID),
    queryFn: ({ signal }) => api.get<MembersAnswer>(`${teamPath(teamUID)}/members`, { signal }),
  });
}

export function useBilling(teamUID: string) {
  return useQuery({
    queryKey: profileKeys.billing(teamUID),
    queryFn: ({ signal }) => api.get<BillingAnswer>(`${teamPath(teamUID)}/billing`, { signal }),
  });
}

/** Mutations of the team screen; each refreshes the members list (and seats) when done. */
export function useTeamMutations(teamUID: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: profileKeys.members(teamUID) });
  const invite = useMutation({
    mutationFn: (input: InviteInput) =>
      api.post<{ invitation: TeamInvitation }>(`${teamPath(teamUID)}/invitations`, input),
    onSettled: refresh,
  });
  const revoke = useMutation({
    mutationFn: (inviteCode: string) =>
      api.delete<unknown>(`${teamPath(teamUID)}/invitations/${encodeURIComponent(inviteCode)}`),
    onSettled: refresh,
  });
  const updateMember = useMutation({
    mutationFn: ({ uid, patch }: { uid: string; patch: MemberPatch }) =>
      api.patch<TeamMember>(`${teamPath(teamUID)}/members/${encodeURIComponent(uid)}`, patch),
    onSettled: refresh,
  });
  const removeMember = useMutation({
    mutationFn: (uid: string) =>
      api.delete<unknown>(`${teamPath(teamUID)}/members/${encodeURIComponent(uid)}`),
    onSettled: refresh,
  });
  return { invite, revoke, updateMember, removeMember };
}

export function useInvitation(code: string | null) {
  return useQuery({
    queryKey: profileKeys.invitation(code ?? ''),
    queryFn: ({ signal }) =>
      api.publicRequest<InvitationInfo>(
        'GET',
        `/api/invitations/${encodeURIComponent(code ?? '')}`,
        { signal },
      ),
    enabled: code !== null && code !== '',
  });
}

export function useAcceptInvitation(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<AcceptAnswer> => api.acceptInvitation(code),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
      await queryClient.invalidateQueries({ queryKey: profileKeys.invitation(code) });
    },
  });
}
