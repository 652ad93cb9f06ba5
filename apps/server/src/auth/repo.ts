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
  if (!row) return null;
  const banExpired = row.ban_expires !== null && new Date(row.ban_expires).getTime() <= Date.now();
  return {
    banned: Boolean(row.banned) && !banExpired,
    isSuper: (row.role ?? '').split(',').includes('admin'),
  };
}
