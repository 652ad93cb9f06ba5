import type { InvitationAccepted, InvitationDetails, SubscriptionLike } from '@leadloom/core';

/** A member of the team, as GET /api/teams/:teamUID/members answers it. */
export interface TeamMember {
  uid: string;
  name: string;
  email: string;
  role: string;
  /** "all" for owners and admins; otherwise the pipelines (group UIDs) the member may see. */
  pipelines: 'all' | string[];
  joinedAt: string | null;
}

export interface TeamInvitation {
  inviteCode: string;
  email: string;
  role: string;
  pipelines: string[];
  status: string;
  createdAt: string | null;
  expiresAt: string | null;
}

export interface Seats {
  /** Members after the owner plus pending invitations. */
  used: number;
  quota: number;
}

export interface MembersAnswer {
  members: TeamMember[];
  invitations: TeamInvitation[];
  seats: Seats;
}

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

export interface UsageTriple {
  contacts: number;
  seats: number;
  pipelines: number;
}

/** GET /api/teams/:teamUID/billing. */
export interface BillingAnswer {
  subscription: SubscriptionData | null;
  status: string;
  allowsUse: boolean;
  limits: UsageTriple;
  usage: UsageTriple;
  features: Record<string, boolean>;
  flags: Record<string, boolean>;
}

/** GET /api/invitations/:inviteCode (public) and its accept answer: core's contracts. */
export type InvitationInfo = InvitationDetails;
export type AcceptAnswer = InvitationAccepted;

export interface PipelineOption {
  groupUID: string;
  nickName: string;
}
