import { z } from 'zod';

/** Team invitations (docs/api.md "Teams and members"): the team's side and the e-mailed link's. */

export const INVITATION_STATUSES = ['pending', 'accepted', 'revoked', 'expired'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** The roles an invitation can grant: the owner is never invited. */
export const INVITE_ROLES = ['admin', 'member'] as const;

const pipelineList = z.array(z.string().min(1).max(200)).max(500);

/** POST /api/teams/{teamUID}/invitations. */
export const invitationCreateBody = z.strictObject({
  email: z.email().max(320),
  role: z.enum(INVITE_ROLES),
  // Optional: without it, the member sees every pipeline that exists now (DESIGN §4).
  pipelines: pipelineList.optional(),
});
export type InvitationCreateBody = z.infer<typeof invitationCreateBody>;

/**
 * An open invitation as the team sees it. The invite code is the secret of the e-mailed link:
 * only those who manage the team see it.
 */
export const invitationView = z.object({
  inviteCode: z.string().optional(),
  email: z.string(),
  role: z.enum(['owner', ...INVITE_ROLES]),
  pipelines: z.array(z.string()),
  status: z.enum(INVITATION_STATUSES),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type InvitationView = z.infer<typeof invitationView>;

/** POST /api/teams/{teamUID}/invitations: the new invitation, with its code. */
export const invitationCreatedAnswer = z.object({
  invitation: invitationView.extend({ inviteCode: z.string() }),
});
/** DELETE /api/teams/{teamUID}/invitations/{inviteCode}: the code now revoked. */
export const invitationRevokedAnswer = z.object({ revoked: z.string() });

/** GET /api/invitations/{inviteCode} (public): what the invitation page shows. */
export const invitationDetailsAnswer = z.object({
  teamName: z.string(),
  email: z.string(),
  inviterName: z.string().nullable(),
  role: z.string(),
  status: z.enum(INVITATION_STATUSES),
  hasAccount: z.boolean(),
});
export type InvitationDetails = z.infer<typeof invitationDetailsAnswer>;

/** POST /api/invitations/{inviteCode}/accept: the name of the account it may create. */
export const invitationAcceptBody = z.strictObject({
  name: z.string().trim().min(1).max(200).optional(),
});
/** Who joined which team, and whether their account was made now (then signed in). */
export const invitationAcceptedAnswer = z.object({
  uid: z.string(),
  teamUID: z.string(),
  created: z.boolean(),
});
export type InvitationAccepted = z.infer<typeof invitationAcceptedAnswer>;
