import { sql } from 'drizzle-orm';
import type { AppDb } from '../db/database';
import type { SystemScope } from '../db/scope';

export interface UserStanding {
  /** Disabled by a super admin (better-auth admin plugin `banned`). */
  banned: boolean;
  /** Super admin: better-auth admin role "admin" (SPEC §6 permission "super"). */
  isSuper: boolean;
}

/**
 * Read on every API call, so a token stops working at once when its session ends (sign-out,
 * sign-out everywhere, a password change that ends other sessions) or its user is disabled, and
 * `super` is re-checked in the database rather than trusted from the token (DESIGN §4). One
 * statement by the session's primary key; null when the session `sid` of `uid` is gone or expired.
 */
export async function userStanding(
  _scope: SystemScope,
  db: AppDb,
  uid: string,
  sid: string,
): Promise<UserStanding | null> {
  const r = await db.execute<{
    banned: boolean | null;
    ban_expires: Date | string | null;
    role: string | null;
  }>(sql`
    SELECT u.banned, u."banExpires" AS ban_expires, u.role
    FROM "session" s JOIN "user" u ON u.id = s."userId"
    WHERE s.id = ${sid} AND s."userId" = ${uid} AND s."expiresAt" > now()`);
  const row = r.rows[0];
  return row ? standingOf(row) : null;
}

/**
 * The sessions among `sids` that still hold: they exist, have not expired and their user is not
 * disabled. One statement for every open realtime stream of the process (realtime/session-watch).
 */
export async function liveSessions(
  _scope: SystemScope,
  db: AppDb,
  sids: readonly string[],
): Promise<Set<string>> {
  if (sids.length === 0) return new Set();
  const r = await db.execute<{
    id: string;
    banned: boolean | null;
    ban_expires: Date | string | null;
    role: string | null;
  }>(sql`
    SELECT s.id, u.banned, u."banExpires" AS ban_expires, u.role
    FROM "session" s JOIN "user" u ON u.id = s."userId"
    WHERE s.id = ANY(${sql.param([...sids])}::text[]) AND s."expiresAt" > now()`);
  return new Set(r.rows.filter((row) => !standingOf(row).banned).map((row) => row.id));
}

/** A user's standing from their `user` row's `banned`, `banExpires` and `role`. */
export function standingOf(row: {
  banned: boolean | null;
  ban_expires: Date | string | null;
  role: string | null;
}): UserStanding {
  const banExpired = row.ban_expires !== null && new Date(row.ban_expires).getTime() <= Date.now();
  return {
    banned: Boolean(row.banned) && !banExpired,
    isSuper: (row.role ?? '').split(',').includes('admin'),
  };
}

/**
 * Creates the spec's user data row next to better-auth's user (SPEC §3 passwordSet). An existing
 * row keeps its other fields; passwordSet is what the caller says.
 */
export async function upsertProfile(
  _scope: SystemScope,
  db: AppDb,
  uid: string,
  p: { passwordSet: boolean },
): Promise<void> {
  await db.execute(sql`
    INSERT INTO user_profile (uid, password_set) VALUES (${uid}, ${p.passwordSet})
    ON CONFLICT (uid) DO UPDATE SET password_set = EXCLUDED.password_set`);
}

/**
 * Sets an invited user's first password: flips password_set from false to true and writes the
 * credential account's hash (creating the account if there is none). False when the password
 * was already set, so the caller answers 409 and nothing is written.
 */
export async function setInitialPassword(
  _scope: SystemScope,
  db: AppDb,
  p: { uid: string; hash: string; accountId: string },
): Promise<boolean> {
  const flipped = await db.execute(sql`
    UPDATE user_profile SET password_set = true
    WHERE uid = ${p.uid} AND password_set = false RETURNING uid`);
  if (flipped.rows.length === 0) return false;
  const updated = await db.execute(sql`
    UPDATE account SET password = ${p.hash}, "updatedAt" = now()
    WHERE "userId" = ${p.uid} AND "providerId" = 'credential' RETURNING id`);
  if (updated.rows.length === 0) {
    await db.execute(sql`
      INSERT INTO account (id, "accountId", "providerId", "userId", password, "createdAt", "updatedAt")
      VALUES (${p.accountId}, ${p.uid}, 'credential', ${p.uid}, ${p.hash}, now(), now())`);
  }
  return true;
}

/**
 * Makes the account with `email` a super admin (better-auth admin role "admin") or takes that
 * away (`npm run admin`). Null when no account has that e-mail; `changed` false when it already
 * was as asked.
 */
export async function setSuperByEmail(
  _scope: SystemScope,
  db: AppDb,
  email: string,
  isSuper: boolean,
): Promise<{ uid: string; email: string; changed: boolean } | null> {
  const found = await db.execute<{ id: string; email: string; role: string | null }>(sql`
    SELECT id, email, role FROM "user" WHERE lower(email) = lower(${email}) LIMIT 1`);
  const user = found.rows[0];
  if (!user) return null;
  if (standingOf({ banned: false, ban_expires: null, role: user.role }).isSuper === isSuper) {
    return { uid: user.id, email: user.email, changed: false };
  }
  await db.execute(sql`
    UPDATE "user" SET role = ${isSuper ? 'admin' : 'user'}, "updatedAt" = now()
    WHERE id = ${user.id}`);
  return { uid: user.id, email: user.email, changed: true };
}
