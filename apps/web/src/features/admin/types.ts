import type { SubscriptionData, TeamInvitation } from '../profile/types';

/** Users, team rows and the mail log: core's contracts. */
export type { AdminTeamRow, AdminUser, MailMessage } from '@leadloom/core';

export interface AdminTeamMember {
  uid: string;
  name?: string | null;
  email?: string | null;
  role: string;
  joinedAt?: string | null;
}

/** GET /api/admin/teams/:teamUID. */
export interface AdminTeamDetail {
  team: {
    teamUID: string;
    name: string;
    ownerUID?: string;
    ownerEmail?: string | null;
    createdAt?: string | null;
  };
  members: AdminTeamMember[];
  invitations: TeamInvitation[];
  subscription: SubscriptionData | null;
  flags: Record<string, boolean> | null;
  usage: Record<string, number> | null;
  /** The plan's limits as the server computes them (same as GET …/billing). */
  limits?: { contacts: number; seats: number; pipelines: number } | null;
}
