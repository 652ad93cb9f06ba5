import type {
  Billing,
  InvitationAccepted,
  InvitationDetails,
  SubscriptionLike,
} from '@leadloom/core';

/** GET /api/teams/:teamUID/members: members, open invitations and seats (core's contract). */
export type {
  MembersAnswer,
  Seats,
  TeamInvitation,
  TeamMemberView as TeamMember,
} from '@leadloom/core';

export type InviteRole = 'admin' | 'member';

export interface InviteInput {
  email: string;
  role: InviteRole;
  pipelines: string[];
}

export interface MemberPatch {
  role?: InviteRole;
  pipelines?: string[];
}

/** SPEC §3 Subscription as the server stores it; every field may be missing. */
export interface SubscriptionData extends SubscriptionLike {
  status?: string | null;
  tier?: { value?: number; name?: string } | number | null;
  contactCount?: number | null;
  subIds?: Record<string, string | null | undefined> | null;
  stripeData?: {
    baseSub?: { status?: string | null; createdAt?: number | string | null } | null;
    addOnSub?: Record<string, unknown> | null;
  } | null;
  trialEnd?: string | number | null;
  trialEndsAt?: string | number | null;
  [key: string]: unknown;
}

/** GET /api/teams/:teamUID/billing (core's contract), its subscription read field by field. */
export type BillingAnswer = Omit<Billing, 'subscription'> & {
  subscription: SubscriptionData | null;
};

/** GET /api/invitations/:inviteCode (public) and its accept answer: core's contracts. */
export type InvitationInfo = InvitationDetails;
export type AcceptAnswer = InvitationAccepted;

export interface PipelineOption {
  groupUID: string;
  nickName: string;
}
