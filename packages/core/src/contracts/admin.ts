import { z } from 'zod';
import { FEATURES } from '../subscription';
import { invitationView } from './invitations';

/** The super admin's views (docs/api.md "Admin") and the analytics events they read. */

/** GET /api/admin/flags: every flag, with the teams that have it set. */
export const flagOverviewAnswer = z.object({
  flags: z.array(
    z.object({
      name: z.string(),
      teams: z.array(z.object({ teamUID: z.string(), name: z.string(), enabled: z.boolean() })),
    }),
  ),
});
export type FlagOverviewAnswer = z.infer<typeof flagOverviewAnswer>;

export const analyticsEventSchema = z.object({
  id: z.string(),
  uid: z.string().nullable(),
  email: z.string().nullable(),
  teamUID: z.string().nullable(),
  name: z.string(),
  properties: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
/** GET /api/admin/analytics: the newest events. */
export const analyticsEventsAnswer = z.object({ events: z.array(analyticsEventSchema) });
export type AnalyticsEventsAnswer = z.infer<typeof analyticsEventsAnswer>;

/** POST /api/analytics/events: the event's id. */
export const analyticsEventRecorded = z.object({ id: z.string() });

/** GET /api/app-address (public): where the app lives and the host names it left. */
export const appAddressAnswer = z.object({
  appUrl: z.string(),
  oldHostnames: z.array(z.string()),
});
export type AppAddress = z.infer<typeof appAddressAnswer>;

/** GET /api/admin/users?q=: name, e-mail or uid; the first 100. */
export const adminUsersQuery = z.object({ q: z.string().max(200).default('') });

export const adminUserView = z.object({
  uid: z.string(),
  name: z.string(),
  email: z.string(),
  isSuper: z.boolean(),
  banned: z.boolean(),
  createdAt: z.string(),
  teams: z.array(z.object({ teamUID: z.string(), name: z.string(), role: z.string() })),
});
export type AdminUser = z.infer<typeof adminUserView>;
export const adminUsersAnswer = z.object({ users: z.array(adminUserView) });

/** A user the super admin acts on. */
export const adminUserUid = z.string().min(1).max(64);

/** POST /api/admin/users/{uid}/disable and /enable: whether the user is now banned. */
export const adminUserBannedAnswer = z.object({ uid: z.string(), banned: z.boolean() });

/** POST /api/admin/users/{uid}/super. */
export const adminSuperBody = z.object({ super: z.boolean() });
export const adminSuperAnswer = z.object({ uid: z.string(), isSuper: z.boolean() });

/** POST /api/admin/users/{uid}/reset-password: the reset link is mailed. */
export const adminResetSentAnswer = z.object({ sent: z.literal(true) });

/** GET /api/admin/mail?limit=: the newest mail, links' secrets masked. */
export const adminMailQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
export const mailMessageView = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  kind: z.string(),
  status: z.string(),
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type MailMessage = z.infer<typeof mailMessageView>;
export const adminMailAnswer = z.object({ messages: z.array(mailMessageView) });

/** GET /api/admin/teams?q=: name, id or owner e-mail; the first 100, newest first. */
export const adminTeamsQuery = z.object({ q: z.string().trim().max(200).default('') });
export const adminTeamRowView = z.object({
  teamUID: z.string(),
  name: z.string(),
  ownerEmail: z.string().nullable(),
  members: z.number().int(),
  /** The resolved subscription status (billing provider's first). */
  status: z.string(),
  /** The plan tier, 1–4; 0 without one. */
  tier: z.number().int(),
});
export type AdminTeamRow = z.infer<typeof adminTeamRowView>;
export const adminTeamsAnswer = z.object({ teams: z.array(adminTeamRowView) });

/** GET /api/admin/teams/{teamUID}: the team, its people and its plan as the server resolves it. */
export const adminTeamDetailAnswer = z.object({
  team: z.object({
    teamUID: z.string(),
    name: z.string(),
    ownerUID: z.string(),
    ownerEmail: z.string().nullable(),
    createdAt: z.string(),
  }),
  members: z.array(
    z.object({
      uid: z.string(),
      name: z.string(),
      email: z.string(),
      role: z.enum(['owner', 'admin', 'member']),
      /** A member's pipelines; owners and admins see them all. */
      pipelines: z.union([z.literal('all'), z.array(z.string())]),
      joinedAt: z.string(),
    }),
  ),
  invitations: z.array(invitationView.extend({ inviteCode: z.string() })),
  /** The stored subscription (SPEC §3 Subscription), `{}` without one. */
  subscription: z.record(z.string(), z.unknown()),
  status: z.string(),
  allowsUse: z.boolean(),
  limits: z.object({ contacts: z.number(), seats: z.number(), pipelines: z.number() }),
  features: z.record(z.string(), z.boolean()),
  flags: z.record(z.string(), z.boolean()),
  usage: z.record(z.string(), z.number()),
});

export type AdminTeamDetailAnswer = z.infer<typeof adminTeamDetailAnswer>;

/** PUT /api/admin/teams/{teamUID}/subscription. */
/**
 * SPEC §3 Subscription as a super admin sets it. Strict objects: an unknown or misspelt field
 * is a 400 naming it rather than silently stored. `contactCount` is not accepted: it is counted.
 */
const count = z.number().int().min(0).max(100_000_000);
const platform = z.strictObject({ level: z.string().trim().min(1).max(40) });
const stripeSub = z.strictObject({
  status: z.string().min(1).max(40).optional(),
  createdAt: z.string().max(40).optional(),
});

const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'canceled',
  'unpaid',
  'incomplete',
  'incomplete_expired',
  'paused',
] as const;

export const adminSubscriptionBody = z.strictObject({
  status: z.enum(SUBSCRIPTION_STATUSES),
  tier: z.strictObject({
    value: z.number().int().min(1).max(4),
    name: z.string().trim().min(1).max(40),
  }),
  includedContacts: count,
  includedSeats: z.number().int().min(1).max(10_000),
  addons: z
    .strictObject({ contactBlocks: count.default(0), teamMembers: count.default(0) })
    .default({ contactBlocks: 0, teamMembers: 0 }),
  platforms: z
    .strictObject({
      facebook: platform.optional(),
      instagram: platform.optional(),
      linkedin: platform.optional(),
    })
    .default({}),
  // When present it wins over the legacy rules (SPEC §6); omit it to use them.
  features: z
    .strictObject(
      Object.fromEntries(FEATURES.map((f) => [f, z.boolean().optional()])) as Record<
        (typeof FEATURES)[number],
        z.ZodOptional<z.ZodBoolean>
      >,
    )
    .optional(),
  subIds: z
    .strictObject({
      base: z.string().max(200).optional(),
      addon: z.string().max(200).optional(),
      teamItem: z.string().max(200).optional(),
      contactsItem: z.string().max(200).optional(),
    })
    .optional(),
  stripeData: z
    .strictObject({ baseSub: stripeSub.optional(), addOnSub: stripeSub.optional() })
    .optional(),
});

export type SubscriptionInput = z.infer<typeof adminSubscriptionBody>;

/** PUT /api/admin/teams/{teamUID}/subscription: the subscription as stored. */
export const adminSubscriptionAnswer = z.object({
  subscription: z.record(z.string(), z.unknown()),
});

/** PUT /api/admin/teams/{teamUID}/flags: flag names as stored, `{flags: {name: boolean}}`. */
export const adminFlagsBody = z.strictObject({
  flags: z.record(
    z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'must be a lower-case flag name'),
    z.boolean(),
  ),
});
export const adminFlagsAnswer = z.object({ flags: z.record(z.string(), z.boolean()) });
