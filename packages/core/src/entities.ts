import { z } from 'zod';
import { DEFAULT_CONTACT_VIEWS } from './default-view';
import { isGtid } from './gtid';
import { NOTIFICATION_PLATFORMS, NOTIFICATION_TYPES } from './notifications';
import { isEmail } from './validators';

/**
 * zod schemas of the SPEC §3 entities the foundation stores. Field names are the spec's.
 * The spec does not give exact types; where it is silent the choice is noted on the field.
 * Objects strip unknown keys (zod's default), so stored rows carry only known fields.
 */

const id = z.string().min(1);
/** A colour as typed in the product: kept as text, validated by the form layer. */
const colorText = z.string();
/** Empty means "not given" in many forms, so optional e-mails accept "". */
const optionalEmail = z.string().refine((v) => v === '' || isEmail(v), 'Invalid e-mail address');

export const stageSchema = z.object({
  name: z.string(),
  stageUID: z.string(),
  /** The id of the mapped stage in an outside system (gates stage sync, SPEC §5). */
  remoteID: z.union([z.string(), z.number()]).nullish(),
  color: colorText.optional(),
  fontColor: colorText.optional(),
  description: z.string().optional(),
  phase: z.string().nullish(),
  idx: z.number().int().nonnegative(),
});
export type Stage = z.infer<typeof stageSchema>;

/** Shown for a contact that has no stage yet (SPEC §3): red text, first position. */
export const PLACEHOLDER_STAGE: Readonly<Stage> = Object.freeze({
  name: 'Set Stage...',
  // Empty: it is not a stored stage, it stands for "no stage yet".
  stageUID: '',
  color: '#FFFFFF',
  fontColor: '#FF0000',
  idx: 0,
});

export const pipelineSchema = z.object({
  groupUID: id,
  nickName: z.string(),
  isDefault: z.boolean().default(false),
  fbConnected: z.boolean().default(false),
  fbGroupURL: z.string().nullish(),
  igConnected: z.boolean().default(false),
  order: z.number().optional(),
});
export type Pipeline = z.infer<typeof pipelineSchema>;

export const contactSchema = z.object({
  GTID: z.string().refine(isGtid, 'GTID must be adjective-animal-unixSeconds'),
  firstName: z.string().default(''),
  lastName: z.string().default(''),
  fullName: z.string().default(''),
  emailAddress: optionalEmail.default(''),
  phoneNumber: z.string().default(''),
  photoURL: z.string().nullish(),
  /** Where the contact came from (e.g. "facebook", "csv"): a list of source names. */
  sources: z.array(z.string()).default([]),
});
export type Contact = z.infer<typeof contactSchema>;

export const ACTIVITY_TYPES = [
  'initial',
  'pipeline',
  'stage',
  'note',
  'task',
  'statusLabel',
  'tags',
  'message',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const activitySchema = z.object({
  type: z.enum(ACTIVITY_TYPES),
  action: z.string(),
  activityUID: id,
  /** ISO 8601 date-time. */
  createdAt: z.iso.datetime({ offset: true }),
  /** Epoch milliseconds (the same moment as createdAt). */
  createdAtUnix: z.number().int().nonnegative(),
  /** Display name of the author. */
  createdBy: z.string(),
  createdByUID: z.string(),
  note: z.string().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type Activity = z.infer<typeof activitySchema>;

const count = z.number().int().nonnegative();
const platformLevel = z.object({ level: z.string() }).nullish();

export const subscriptionSchema = z.object({
  status: z.string(),
  /** value 1–4; other values are kept (they grant nothing, see tierLimits). */
  tier: z.object({ value: z.number().int(), name: z.string() }),
  contactCount: count.optional(),
  includedContacts: count.optional(),
  includedSeats: count.optional(),
  addons: z.object({ contactBlocks: count.default(0), teamMembers: count.default(0) }).optional(),
  platforms: z
    .object({ facebook: platformLevel, instagram: platformLevel, linkedin: platformLevel })
    .partial()
    .optional(),
  subIds: z
    .object({
      base: z.string().nullish(),
      addon: z.string().nullish(),
      teamItem: z.string().nullish(),
      contactsItem: z.string().nullish(),
    })
    .optional(),
  /** Feature name → enabled; wins over the legacy rules when present (SPEC §6). */
  features: z.record(z.string(), z.boolean()).optional(),
  stripeData: z
    .object({
      baseSub: z
        .object({ status: z.string(), createdAt: z.union([z.number(), z.string()]).optional() })
        .nullish(),
      addOnSub: z.record(z.string(), z.unknown()).nullish(),
    })
    .optional(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const notificationSchema = z.object({
  notificationId: id,
  published: z.boolean().default(false),
  platform: z.enum(NOTIFICATION_PLATFORMS).default('any'),
  type: z.enum(NOTIFICATION_TYPES).default('toast'),
  title: z.string().default(''),
  text: z.string().default(''),
  link: z.string().nullish(),
  linkText: z.string().nullish(),
  /** Page restriction: a path prefix such as "/contacts" (see pageMatches). */
  page: z.string().nullish(),
  position: z.string().nullish(),
  backgroundColor: colorText.nullish(),
  fontColor: colorText.nullish(),
  backgroundIcon: z.string().nullish(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const userDataSchema = z.object({
  uid: id,
  name: z.string().default(''),
  email: z.string().refine(isEmail, 'Invalid e-mail address'),
  teamUID: z.string().nullish(),
  teams: z.array(z.object({ teamUID: id, teamOwner: z.string() })).default([]),
  currentTeam: z.object({ teamOwner: z.string(), teamUID: id, role: z.string() }).nullish(),
  passwordSet: z.boolean().default(false),
  termsVersion: z.string().nullish(),
  defaultContactView: z.enum(DEFAULT_CONTACT_VIEWS).default('pipeline'),
  /** Per team: a list of pipeline group UIDs, or a map of group UID → true. */
  groupAccess: z
    .record(z.string(), z.union([z.array(z.string()), z.record(z.string(), z.boolean())]))
    .default({}),
  photoURL: z.string().nullish(),
  providerData: z.array(z.record(z.string(), z.unknown())).default([]),
  metadata: z.record(z.string(), z.unknown()).default({}),
  /** Notification id → snooze or permanent stamp (see snoozeStamp, permanentStamp). */
  notifications: z.record(z.string(), z.number()).default({}),
  /** Ids of notifications the user has not seen yet. */
  unseenNotifications: z.array(z.string()).default([]),
});
export type UserData = z.infer<typeof userDataSchema>;
