import type { InvitationDetails } from '@leadloom/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** GET /api/invitations/:inviteCode (public): core's contract. */
export type Invitation = InvitationDetails;

export const invitationKey = (inviteCode: string) => ['invitations', inviteCode] as const;

export function useInvitation(inviteCode: string) {
  return useQuery({
    queryKey: invitationKey(inviteCode),
    queryFn: ({ signal }) =>
      api.publicRequest<Invitation>('GET', `/api/invitations/${encodeURIComponent(inviteCode)}`, {
        signal,
      }),
    enabled: inviteCode !== '',
    staleTime: 0,
  });
}

/** Why an invitation can no longer be accepted, for the person holding the link. */
export function closedInvitationMessage(invitation: Invitation): { title: string; text: string } {
  const askFor = `Ask ${invitation.inviterName || 'the person who invited you'} for a new invitation.`;
  switch (invitation.status) {
    case 'accepted':
      return {
        title: 'This invitation has already been used',
        text: `It was accepted already. If that was you, sign in as ${invitation.email} to open ${invitation.teamName}.`,
      };
    case 'revoked':
      return { title: 'This invitation was withdrawn', text: askFor };
    case 'expired':
      return { title: 'This invitation has expired', text: askFor };
    default:
      return { title: 'This invitation is no longer valid', text: askFor };
  }
}

/** Invitation e-mails compare without regard to case or surrounding spaces. */
export function sameEmail(a: string | null | undefined, b: string | null | undefined): boolean {
  return !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();
}
