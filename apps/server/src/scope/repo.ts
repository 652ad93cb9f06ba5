import { sql, type SQL } from 'drizzle-orm';
import type { AppDb } from '../db/database';
import { executePrepared } from '../db/prepared';
import type { SystemScope, TeamRole, TeamScope } from '../db/scope';
import { standingOf, type UserStanding } from '../auth/repo';

/**
 * Membership read as a scope. Membership lives in better-auth's organisation tables (teams are
 * organisations, DESIGN §4); these reads turn one member row into the caller's `TeamScope`.
 */

export const asRole = (role: string): TeamRole =>
  role === 'owner' || role === 'admin' ? role : 'member';

type MembershipRow = { role: string | null; pipelines: string[] | null };

/** The pipelines listed for the member row `m` (groupAccess), as an array (null: none). */
const accessOf = (m: SQL) => sql`(SELECT array_agg(pa.pipeline_uid) FROM pipeline_access pa
  WHERE pa.team_uid = ${m}."organizationId" AND pa.uid = ${m}."userId")`;

function toScope(row: MembershipRow | undefined, uid: string, teamUID: string): TeamScope | null {
  if (!row) return null;
  const role = asRole(row.role ?? '');
  return {
    kind: 'team',
    teamUID,
    uid,
    role,
    visiblePipelines: role === 'member' ? (row.pipelines ?? []) : 'all',
  };
}

/**
 * The scope of `uid` in `teamUID`, or null when they are not a member (the caller answers 404:
 * another team's data is never visible). Owners and admins see every pipeline.
 */
export async function resolveTeamScope(
  _scope: SystemScope,
  db: AppDb,
  uid: string,
  teamUID: string,
): Promise<TeamScope | null> {
  const r = await db.execute<MembershipRow>(sql`
    SELECT m.role, ${accessOf(sql`m`)} AS pipelines
    FROM "member" m
    WHERE m."organizationId" = ${teamUID} AND m."userId" = ${uid}`);
  return toScope(r.rows[0], uid, teamUID);
}

/**
 * A user's standing (see auth/repo `userStanding`) and their scope in `teamUID` in one read: a
 * team route's identity check and membership check together (the API's hot path). Null when
 * the token's session `sid` (of that user) is gone or expired, or the user does not exist;
 * `scope` null when they are not a member.
 */
export async function standingAndTeamScope(
  _scope: SystemScope,
  db: AppDb,
  uid: string,
  sid: string,
  teamUID: string,
): Promise<{ standing: UserStanding; scope: TeamScope | null } | null> {
  const r = await executePrepared<
    {
      banned: boolean | null;
      ban_expires: Date | string | null;
      user_role: string | null;
      member_uid: string | null;
    } & MembershipRow
  >(
    db,
    sql`
    SELECT u.banned, u."banExpires" AS ban_expires, u.role AS user_role,
      m."userId" AS member_uid, m.role, ${accessOf(sql`m`)} AS pipelines
    FROM "session" s
    JOIN "user" u ON u.id = s."userId"
    LEFT JOIN "member" m ON m."organizationId" = ${teamUID} AND m."userId" = u.id
    WHERE s.id = ${sid} AND s."userId" = ${uid} AND s."expiresAt" > now()
    LIMIT 1`,
  );
  const row = r.rows[0];
  if (!row) return null;
  return {
    standing: standingOf({ banned: row.banned, ban_expires: row.ban_expires, role: row.user_role }),
    scope: row.member_uid === null ? null : toScope(row, uid, teamUID),
  };
}
