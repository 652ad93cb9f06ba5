import type { SubscriptionData, TeamInvitation } from '../profile/types';

export interface AdminUser {
  uid: string;
  name: string;
  email: string;
  isSuper: boolean;
  banned: boolean;
  createdAt: string | null;
  teams: { teamUID: string; name: string; role: string }[];
}

export interface AdminTeamRow {
  teamUID: string;
  name: string;
  ownerEmail: string | null;
  members: number;
  status: string;
  tier: number | { value?: number; name?: string } | null;
}

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

export interface MailMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  kind: string;
  status: string;
  error: string | null;
  createdAt: string | null;
  sentAt: string | null;
}
