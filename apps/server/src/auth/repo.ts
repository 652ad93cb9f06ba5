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
 * Read on every API call, so a disabled user's token stops working at once and `super` is
 * re-checked in the database rather than trusted from the token (DESIGN §4).
 */
export async function userStanding(
  _scope: SystemScope,
  db: AppDb,
  uid: string,
): Promise<UserStanding | null> {
  const r = await db.execute<{
    banned: boolean | null;
    ban_expires: Date | string | null;
    role: string | null;
  }>(sql`
    SELECT banned, "banExpires" AS ban_expires, role FROM "user" WHERE id = ${uid}`);
  const row = r.rows[0];
  return row ? standingOf(row) : null;
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

/** SUPER_ADMIN_EMAILS: the listed users become super admins (better-auth admin role "admin"). */
export async function promoteSuperAdmins(
  _scope: SystemScope,
  db: AppDb,
  emails: readonly string[],
): Promise<number> {
  if (emails.length === 0) return 0;
  const r = await db.execute(sql`
    UPDATE "user" SET role = 'admin', "updatedAt" = now()
    WHERE lower(email) IN (${sql.join(
      emails.map((e) => sql`${e}`),
      sql`, `,
    )}) AND role IS DISTINCT FROM 'admin'
    RETURNING id`);
  return r.rows.length;
}
