import { z } from 'zod';
import { pipelineSummarySchema } from './board';
import { statusLabelSchema } from './labels';
import { phaseSchema } from './pipelines';
import { orphanedTagSchema, tagSetSchema } from './tags';

/** A team's members, its plan and its boot data (docs/api.md "Teams", "Plans", SPEC §3, §7). */

const TEAM_ROLES = ['owner', 'admin', 'member'] as const;

/** PATCH …/members/{uid}: a member's role or the pipelines they may see. */
export const memberPatchBody = z.strictObject({
  role: z.enum(['admin', 'member']).optional(),
  pipelines: z.array(z.string().min(1).max(200)).max(500).optional(),
});

/** A member as the API shows it: owners and admins see every pipeline ("all"). */
export const teamMemberSchema = z.object({
  uid: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(TEAM_ROLES),
  pipelines: z.union([z.literal('all'), z.array(z.string())]),
  joinedAt: z.string(),
});
export type TeamMemberView = z.infer<typeof teamMemberSchema>;

/** An open invitation; its code (the e-mailed link's secret) only for owners and admins. */
export const teamInvitationSchema = z.object({
  inviteCode: z.string().optional(),
  email: z.string(),
  role: z.enum(TEAM_ROLES),
  pipelines: z.array(z.string()),
  status: z.enum(['pending', 'accepted', 'revoked', 'expired']),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

const usageSchema = z.object({
  contacts: z.number().int(),
  seats: z.number().int(),
  pipelines: z.number().int(),
});

/** Members after the owner plus pending invitations, against the plan's quota. */
const seatsSchema = z.object({ used: z.number().int(), quota: z.number().int() });
export type Seats = z.infer<typeof seatsSchema>;

export const membersAnswer = z.object({
  members: z.array(teamMemberSchema),
  invitations: z.array(teamInvitationSchema),
  seats: seatsSchema,
});
export type MembersAnswer = z.infer<typeof membersAnswer>;
export const memberAnswer = z.object({ member: teamMemberSchema });
/** The removed member's uid. */
export const memberRemovedAnswer = z.object({ removed: z.string() });

/** GET …/billing (owners and admins): the plan, its limits and usage, features and flags. */
export const billingAnswer = z.object({
  /** SPEC §3 Subscription as stored ({} when none). */
  subscription: z.record(z.string(), z.unknown()),
  status: z.string(),
  allowsUse: z.boolean(),
  limits: usageSchema,
  usage: usageSchema,
  features: z.record(z.string(), z.boolean()),
  flags: z.record(z.string(), z.boolean()),
});
export type Billing = z.infer<typeof billingAnswer>;

/** GET …/validation-info (SPEC §3): what the app's load step checks; no billing ids or data. */
export const validationInfoAnswer = z.object({
  members: z.array(z.object({ uid: z.string(), role: z.string() })),
  contactCount: z.number().int(),
  pipelines: z.record(z.string(), z.object({ nickName: z.string() })),
  subscription: z.looseObject({ status: z.string(), contactCount: z.number().int() }),
});

/** GET …/team-data: the "full" half of the app's boot (SPEC §4, §7). */
export const teamDataAnswer = z.object({
  aiContext: z.record(z.string(), z.unknown()).nullable(),
  statusLabels: z.array(statusLabelSchema),
  templateCategories: z.array(z.unknown()),
  templateTypes: z.array(z.unknown()),
  globalTagSets: z.array(tagSetSchema),
  /** The pipelines this member sees, in their order. */
  pipelines: z.array(pipelineSummarySchema.pick({ groupUID: true, order: true })),
  phases: z.array(phaseSchema),
  orphanedTags: z.array(orphanedTagSchema),
});
export type TeamDataAnswer = z.infer<typeof teamDataAnswer>;
