import { sql, type SQL } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import { executePrepared } from '../../db/prepared';
import type { SystemScope, TeamRole, TeamScope } from '../../db/scope';
import { standingOf, type UserStanding } from '../../auth/repo';

/**
 * Membership comes from better-auth's organisation tables (teams are organisations, DESIGN §4);
 * the spec's team data is our `team` row.
 */
export interface Membership {
  teamUID: string;
  teamName: string;
  ownerUID: string;
  role: TeamRole;
}

const asRole = (role: string): TeamRole => (role === 'owner' || role === 'admin' ? role : 'member');

export async function membershipsOf(
  _scope: SystemScope,
  db: AppDb,
  uid: string,
): Promise<Membership[]> {
  const r = await db.execute<{
    team_uid: string;
    name: string;
    owner_uid: string;
    role: string;
  }>(sql`
    SELECT t.team_uid, t.name, t.owner_uid, m.role
    FROM "member" m JOIN team t ON t.team_uid = m."organizationId"
    WHERE m."userId" = ${uid}
    ORDER BY t.created_at, t.team_uid`);
  return r.rows.map((row) => ({
    teamUID: row.team_uid,
    teamName: row.name,
    ownerUID: row.owner_uid,
    role: asRole(row.role),
  }));
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
  return scopeOf(r.rows[0], uid, teamUID);
}

type MembershipRow = { role: string | null; pipelines: string[] | null };

/** The pipelines listed for the member row `m` (groupAccess), as an array (null: none). */
const accessOf = (m: SQL) => sql`(SELECT array_agg(pa.pipeline_uid) FROM pipeline_access pa
  WHERE pa.team_uid = ${m}."organizationId" AND pa.uid = ${m}."userId")`;

function scopeOf(row: MembershipRow | undefined, uid: string, teamUID: string): TeamScope | null {
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
    scope: row.member_uid === null ? null : scopeOf(row, uid, teamUID),
  };
}

export interface UserRecord {
  uid: string;
  name: string;
  email: string;
  image: string | null;
  currentTeamUID: string | null;
  passwordSet: boolean;
  termsVersion: string | null;
  defaultContactView: string;
}

export async function findUser(
  _scope: SystemScope,
  db: AppDb,
  uid: string,
): Promise<UserRecord | null> {
  const r = await db.execute<{
    id: string;
    name: string;
    email: string;
    image: string | null;
    current_team_uid: string | null;
    password_set: boolean | null;
    terms_version: string | null;
    default_contact_view: string | null;
  }>(sql`
    SELECT u.id, u.name, u.email, u.image,
      p.current_team_uid, p.password_set, p.terms_version, p.default_contact_view
    FROM "user" u LEFT JOIN user_profile p ON p.uid = u.id
    WHERE u.id = ${uid}`);
  const row = r.rows[0];
  if (!row) return null;
  return {
    uid: row.id,
    name: row.name,
    email: row.email,
    image: row.image,
    currentTeamUID: row.current_team_uid,
    passwordSet: row.password_set ?? true,
    termsVersion: row.terms_version,
    defaultContactView: row.default_contact_view ?? 'pipeline',
  };
}

/** Pipelines each member may see, keyed by team (SPEC §3 groupAccess). */
export async function pipelineAccessOf(
  _scope: SystemScope,
  db: AppDb,
  uid: string,
): Promise<Record<string, string[]>> {
  const r = await db.execute<{ team_uid: string; pipeline_uid: string }>(sql`
    SELECT team_uid, pipeline_uid FROM pipeline_access WHERE uid = ${uid} ORDER BY pipeline_uid`);
  const out: Record<string, string[]> = {};
  for (const row of r.rows) (out[row.team_uid] ??= []).push(row.pipeline_uid);
  return out;
}

export interface NewTeam {
  teamUID: string;
  name: string;
  slug: string;
  ownerUID: string;
  subscription: Record<string, unknown>;
}

/**
 * Creates a team: the better-auth organisation with its owner as member, our team row, the
 * directory entry (shard S1 until sharding) and the owner's current team.
 */
export async function insertTeam(_scope: SystemScope, db: AppDb, t: NewTeam): Promise<void> {
  await db.execute(sql`
    INSERT INTO "organization" (id, name, slug, "createdAt") VALUES (${t.teamUID}, ${t.name}, ${t.slug}, now())`);
  await db.execute(sql`
    INSERT INTO "member" (id, "organizationId", "userId", role, "createdAt")
    VALUES (${`${t.teamUID}-${t.ownerUID}`}, ${t.teamUID}, ${t.ownerUID}, 'owner', now())`);
  await db.execute(sql`
    INSERT INTO team (team_uid, name, owner_uid, subscription)
    VALUES (${t.teamUID}, ${t.name}, ${t.ownerUID}, ${JSON.stringify(t.subscription)}::jsonb)`);
  await db.execute(sql`INSERT INTO team_directory (team_uid, shard) VALUES (${t.teamUID}, 'S1')`);
  await db.execute(sql`
    INSERT INTO user_profile (uid, current_team_uid) VALUES (${t.ownerUID}, ${t.teamUID})
    ON CONFLICT (uid) DO UPDATE SET current_team_uid = EXCLUDED.current_team_uid`);
}

export async function acceptTerms(_scope: SystemScope, db: AppDb, uid: string, version: string) {
  await db.execute(sql`
    INSERT INTO user_profile (uid, terms_version) VALUES (${uid}, ${version})
    ON CONFLICT (uid) DO UPDATE SET terms_version = EXCLUDED.terms_version`);
}

export async function findUserIdByEmail(
  _scope: SystemScope,
  db: AppDb,
  email: string,
): Promise<string | null> {
  const r = await db.execute<{ id: string }>(
    sql`SELECT id FROM "user" WHERE email = ${email.toLowerCase()}`,
  );
  return r.rows[0]?.id ?? null;
}
