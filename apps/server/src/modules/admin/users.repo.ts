import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import type { SystemScope } from '../../db/scope';

export interface AdminUserRow {
  uid: string;
  name: string;
  email: string;
  isSuper: boolean;
  banned: boolean;
  createdAt: string;
  teams: { teamUID: string; name: string; role: string }[];
}

/** `%` and `_` in a search are literal characters, not wildcards. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** Users whose e-mail or name contains `q` (all when empty), newest first, at most `limit`. */
export async function searchUsers(
  _scope: SystemScope,
  db: AppDb,
  q: string,
  limit: number,
): Promise<AdminUserRow[]> {
  const pattern = likePattern(q);
  const r = await db.execute<{
    id: string;
    name: string;
    email: string;
    role: string | null;
    banned: boolean | null;
    created_at: Date | string;
    teams: { teamUID: string; name: string; role: string }[];
  }>(sql`
    SELECT u.id, u.name, u.email, u.role, u.banned, u."createdAt" AS created_at,
      coalesce((
        SELECT json_agg(json_build_object('teamUID', t.team_uid, 'name', t.name, 'role', m.role)
          ORDER BY t.created_at, t.team_uid)
        FROM "member" m JOIN team t ON t.team_uid = m."organizationId"
        WHERE m."userId" = u.id), '[]'::json) AS teams
    FROM "user" u
    WHERE ${q === '' ? sql`true` : sql`(u.email ILIKE ${pattern} OR u.name ILIKE ${pattern})`}
    ORDER BY u."createdAt" DESC, u.id
    LIMIT ${limit}`);
  return r.rows.map((row) => ({
    uid: row.id,
    name: row.name,
    email: row.email,
    isSuper: (row.role ?? '').split(',').includes('admin'),
    banned: Boolean(row.banned),
    createdAt: new Date(row.created_at).toISOString(),
    teams: row.teams,
  }));
}

export async function userEmail(
  _scope: SystemScope,
  db: AppDb,
  uid: string,
): Promise<string | null> {
  const r = await db.execute<{ email: string }>(sql`SELECT email FROM "user" WHERE id = ${uid}`);
  return r.rows[0]?.email ?? null;
}

/**
 * Disables (better-auth admin `banned`) and ends every session at once, so no new identity
 * token can be fetched; tokens already out are refused by requireIdentity's standing check.
 * False when there is no such user.
 */
export async function setDisabled(
  _scope: SystemScope,
  db: AppDb,
  uid: string,
  disabled: boolean,
): Promise<boolean> {
  const r = await db.execute(sql`
    UPDATE "user" SET banned = ${disabled},
      "banReason" = ${disabled ? 'Disabled by a super admin' : null},
      "banExpires" = NULL, "updatedAt" = now()
    WHERE id = ${uid} RETURNING id`);
  if (r.rows.length === 0) return false;
  if (disabled) await db.execute(sql`DELETE FROM "session" WHERE "userId" = ${uid}`);
  return true;
}

/** Super admin = better-auth admin role "admin" (SPEC §6 permission "super"). */
export async function setSuper(
  _scope: SystemScope,
  db: AppDb,
  uid: string,
  isSuper: boolean,
): Promise<boolean> {
  const r = await db.execute(sql`
    UPDATE "user" SET role = ${isSuper ? 'admin' : 'user'}, "updatedAt" = now()
    WHERE id = ${uid} RETURNING id`);
  return r.rows.length > 0;
}
