import { z } from 'zod';
import { DEFAULT_CONTACT_VIEWS } from '../default-view';
import { TERMS_VERSION } from '../product';
import { isTimeZone } from '../tasks';
import { httpUrlSchema } from '../web-address';

/** The signed-in user's own account (docs/api.md "Account"): GET/PATCH /api/me and its steps. */

const membership = z.object({
  teamUID: z.string(),
  teamOwner: z.string(),
  name: z.string(),
  role: z.string(),
});
export type TeamMembership = z.infer<typeof membership>;

/** GET /api/me: the signed-in user (SPEC §3 "logged user data"). */
export const meAnswer = z.object({
  uid: z.string(),
  name: z.string(),
  email: z.string(),
  photoURL: z.string().nullable(),
  /** The account's current team: where new tabs start. */
  teamUID: z.string().nullable(),
  teams: z.array(membership),
  currentTeam: membership.nullable(),
  passwordSet: z.boolean(),
  termsVersion: z.string().nullable(),
  defaultContactView: z.string(),
  /** Per team, the pipelines (group UIDs) the user sees. */
  groupAccess: z.record(z.string(), z.array(z.string())),
  timeZone: z.string().nullable(),
  /** From the database, never from the token. */
  isSuper: z.boolean(),
});
export type MeAnswer = z.infer<typeof meAnswer>;

/** PATCH /api/me: only the given fields change. */
export const mePatchBody = z
  .object({
    name: z.string().trim().min(1, 'Enter your name.').max(200).optional(),
    photoURL: httpUrlSchema('Photo URL').nullable().optional(),
    timeZone: z
      .string()
      .refine(isTimeZone, 'Choose a time zone such as Europe/Berlin.')
      .nullable()
      .optional(),
    defaultContactView: z.enum(DEFAULT_CONTACT_VIEWS).optional(),
  })
  .strict();
export type MePatchBody = z.infer<typeof mePatchBody>;

/** PUT /api/me/current-team: the team new tabs start in. */
export const currentTeamBody = z.object({ teamUID: z.string().min(1).max(64) });
export const currentTeamAnswer = z.object({ teamUID: z.string() });

/** POST /api/me/accept-terms: only the current terms can be accepted. */
export const acceptTermsBody = z.object({
  version: z.literal(TERMS_VERSION, `Accept the current terms (version ${TERMS_VERSION}).`),
});
export const termsAcceptedAnswer = z.object({ termsVersion: z.string() });

/** A new password: at least the server's minimum length (PASSWORD_MIN_LENGTH), at most 128. */
export const passwordSchema = (minLength: number) =>
  z
    .string()
    .min(minLength, `The password needs at least ${minLength} characters.`)
    .max(128, 'The password can have at most 128 characters.');

/** POST /api/me/initial-password: an invited user's first password. */
export const initialPasswordBody = (minLength: number) =>
  z.object({ password: passwordSchema(minLength) });
export const passwordSetAnswer = z.object({ passwordSet: z.literal(true) });

/**
 * POST /api/v2-auth-mintAuthToken (SPEC §6 "token-mint call"): the identity token travels in
 * the body; every reason it cannot be made is one 401.
 */
export const mintTokenBody = z.object({
  token: z.string().min(1),
  uid: z.string().min(1),
  /** Without it, the user's current team. */
  teamUID: z.string().min(1).optional(),
});
/** A JWT for one team on its shard (`aud` = shard). */
export const mintTokenAnswer = z.object({ data: z.object({ token: z.string() }) });
