import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import type { OneTeamScope, SystemScope, TeamRole } from '../../db/scope';
import { asRole } from '../../scope/repo';

/**
 * Members (better-auth `member` rows, DESIGN §4), their pipeline access, and invitations.
 * Every function works inside the scope's team only.
 */

export interface MemberRow {
  uid: string;
  name: string;
  email: string;
  role: TeamRole;
  /** Rows of pipeline_access (only members have them). */
  pipelines: string[];
  joinedAt: string;
}

export async function listMembers(scope: OneTeamScope, db: AppDb): Promise<MemberRow[]> {
  const r = await db.execute<{
    uid: string;
    name: string;
    email: string;
    role: string;
    joined_at: Date | string;
    pipelines: string[] | null;
  }>(sql`
    SELECT m."userId" AS uid, u.name, u.email, m.role, m."createdAt" AS joined_at,
      (SELECT array_agg(pa.pipeline_uid ORDER BY pa.pipeline_uid) FROM pipeline_access pa
        WHERE pa.team_uid = m."organizationId" AND pa.uid = m."userId") AS pipelines
    FROM "member" m JOIN "user" u ON u.id = m."userId"
    WHERE m."organizationId" = ${scope.teamUID}
    ORDER BY CASE m.role WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 ELSE 2 END, m."createdAt", u.id`);
  return r.rows.map((row) => ({
    uid: row.uid,
    name: row.name,
    email: row.email,
    role: asRole(row.role),
    pipelines: row.pipelines ?? [],
    joinedAt: new Date(row.joined_at).toISOString(),
  }));
}

export async function findMemberRole(
  scope: OneTeamScope,
  db: AppDb,
  uid: string,
): Promise<TeamRole | null> {
  const r = await db.execute<{ role: string }>(sql`
    SELECT role FROM "member" WHERE "organizationId" = ${scope.teamUID} AND "userId" = ${uid}`);
  return r.rows[0] ? asRole(r.rows[0].role) : null;
}

export async function isMemberEmail(scope: OneTeamScope, db: AppDb, email: string) {
  const r = await db.execute(sql`
    SELECT 1 FROM "member" m JOIN "user" u ON u.id = m."userId"
    WHERE m."organizationId" = ${scope.teamUID} AND lower(u.email) = ${email.toLowerCase()}`);
  return r.rows.length > 0;
}

export async function insertMember(scope: OneTeamScope, db: AppDb, uid: string, role: TeamRole) {
  await db.execute(sql`
    INSERT INTO "member" (id, "organizationId", "userId", role, "createdAt")
    VALUES (${`${scope.teamUID}-${uid}`}, ${scope.teamUID}, ${uid}, ${role}, now())`);
}

export async function setMemberRole(scope: OneTeamScope, db: AppDb, uid: string, role: TeamRole) {
  await db.execute(sql`
    UPDATE "member" SET role = ${role}
    WHERE "organizationId" = ${scope.teamUID} AND "userId" = ${uid}`);
}

/** Replaces the pipelines a member may see; an empty list leaves them none. */
export async function replacePipelineAccess(
  scope: OneTeamScope,
  db: AppDb,
  uid: string,
  pipelines: readonly string[],
) {
  await db.execute(sql`
    DELETE FROM pipeline_access WHERE team_uid = ${scope.teamUID} AND uid = ${uid}`);
  if (pipelines.length === 0) return;
  await db.execute(sql`
    INSERT INTO pipeline_access (team_uid, uid, pipeline_uid)
    SELECT ${scope.teamUID}, ${uid}, p FROM unnest(${sql.param([...pipelines])}::text[]) AS p
    ON CONFLICT DO NOTHING`);
}

/** Removes a member and their pipeline access; their current team falls back to another. */
export async function deleteMember(scope: OneTeamScope, db: AppDb, uid: string) {
  await db.execute(sql`
    DELETE FROM pipeline_access WHERE team_uid = ${scope.teamUID} AND uid = ${uid}`);
  await db.execute(sql`
    DELETE FROM "member" WHERE "organizationId" = ${scope.teamUID} AND "userId" = ${uid}`);
  await db.execute(sql`
    UPDATE user_profile p SET current_team_uid = (
      SELECT m."organizationId" FROM "member" m JOIN team t ON t.team_uid = m."organizationId"
      WHERE m."userId" = p.uid ORDER BY t.created_at, t.team_uid LIMIT 1)
    WHERE p.uid = ${uid} AND p.current_team_uid = ${scope.teamUID}`);
}

export async function setCurrentTeam(scope: OneTeamScope, db: AppDb, uid: string) {
  await db.execute(sql`
    INSERT INTO user_profile (uid, current_team_uid) VALUES (${uid}, ${scope.teamUID})
    ON CONFLICT (uid) DO UPDATE SET current_team_uid = EXCLUDED.current_team_uid`);
}

/** Every pipeline of the team, in the team's order. */
export async function teamPipelineUIDs(scope: OneTeamScope, db: AppDb): Promise<string[]> {
  const r = await db.execute<{ pipeline_uid: string }>(sql`
    SELECT pipeline_uid FROM pipeline WHERE team_uid = ${scope.teamUID}
    ORDER BY "order", pipeline_uid`);
  return r.rows.map((row) => row.pipeline_uid);
}

export type InvitationStatus = 'pending' | 'accepted' | 'revoked' | 'expired';

export interface InvitationRow {
  teamUID: string;
  inviteCode: string;
  email: string;
  role: TeamRole;
  pipelines: string[];
  status: InvitationStatus;
  invitedByUID: string;
  createdAt: string;
  expiresAt: string;
}

type RawInvitation = {
  team_uid: string;
  invite_code: string;
  email: string;
  role: string;
  pipelines: string[] | null;
  status: string;
  invited_by_uid: string;
  created_at: Date | string;
  expires_at: Date | string;
};

const invitationColumns = sql`i.team_uid, i.invite_code, i.email, i.role, i.pipelines, i.status,
  i.invited_by_uid, i.created_at, i.expires_at`;

/** "Expired" is not stored: a pending invitation past its expiry reads as expired. */
function toInvitation(row: RawInvitation): InvitationRow {
  const expiresAt = new Date(row.expires_at);
  const status =
    row.status === 'pending' && expiresAt.getTime() <= Date.now()
      ? 'expired'
      : (row.status as InvitationStatus);
  return {
    teamUID: row.team_uid,
    inviteCode: row.invite_code,
    email: row.email,
    role: asRole(row.role),
    pipelines: row.pipelines ?? [],
    status,
    invitedByUID: row.invited_by_uid,
    createdAt: new Date(row.created_at).toISOString(),
    expiresAt: expiresAt.toISOString(),
  };
}

/** Pending (including expired) invitations, newest first; accepted and revoked ones are history. */
export async function listOpenInvitations(scope: OneTeamScope, db: AppDb) {
  const r = await db.execute<RawInvitation>(sql`
    SELECT ${invitationColumns} FROM team_invitation i
    WHERE i.team_uid = ${scope.teamUID} AND i.status = 'pending'
    ORDER BY i.created_at DESC, i.invite_code`);
  return r.rows.map(toInvitation);
}

export async function hasPendingInvitation(scope: OneTeamScope, db: AppDb, email: string) {
  const r = await db.execute(sql`
    SELECT 1 FROM team_invitation WHERE team_uid = ${scope.teamUID} AND email = ${email}
      AND status = 'pending' AND expires_at > now()`);
  return r.rows.length > 0;
}

export interface NewInvitation {
  inviteCode: string;
  email: string;
  role: TeamRole;
  pipelines: string[];
  invitedByUID: string;
  expiresAt: Date;
}

export async function insertInvitation(scope: OneTeamScope, db: AppDb, inv: NewInvitation) {
  const r = await db.execute<RawInvitation>(sql`
    INSERT INTO team_invitation AS i
      (team_uid, invite_code, email, role, pipelines, invited_by_uid, expires_at)
    VALUES (${scope.teamUID}, ${inv.inviteCode}, ${inv.email}, ${inv.role},
      ${JSON.stringify(inv.pipelines)}::jsonb, ${inv.invitedByUID}, ${inv.expiresAt.toISOString()})
    RETURNING ${invitationColumns}`);
  return toInvitation(r.rows[0]!);
}

/** The invitation in this team, locked for the rest of the transaction. */
export async function lockInvitation(scope: OneTeamScope, db: AppDb, inviteCode: string) {
  const r = await db.execute<RawInvitation>(sql`
    SELECT ${invitationColumns} FROM team_invitation i
    WHERE i.team_uid = ${scope.teamUID} AND i.invite_code = ${inviteCode} FOR UPDATE`);
  return r.rows[0] ? toInvitation(r.rows[0]) : null;
}

export async function setInvitationStatus(
  scope: OneTeamScope,
  db: AppDb,
  inviteCode: string,
  status: 'accepted' | 'revoked',
  acceptedByUID: string | null = null,
) {
  await db.execute(sql`
    UPDATE team_invitation SET status = ${status}, accepted_by_uid = ${acceptedByUID}
    WHERE team_uid = ${scope.teamUID} AND invite_code = ${inviteCode}`);
}

export interface PublicInvitation extends InvitationRow {
  teamName: string;
  inviterName: string | null;
  hasAccount: boolean;
}

/**
 * An invitation found by its code alone (the public link carries no team): the code is the
 * secret, so this is a directory look-up under a system scope.
 */
export async function findInvitationByCode(
  _scope: SystemScope,
  db: AppDb,
  inviteCode: string,
): Promise<PublicInvitation | null> {
  const r = await db.execute<
    RawInvitation & { team_name: string; inviter_name: string | null; has_account: boolean }
  >(sql`
    SELECT ${invitationColumns}, t.name AS team_name, inviter.name AS inviter_name,
      EXISTS (SELECT 1 FROM "user" u WHERE lower(u.email) = lower(i.email)) AS has_account
    FROM team_invitation i
    JOIN team t ON t.team_uid = i.team_uid
    LEFT JOIN "user" inviter ON inviter.id = i.invited_by_uid
    WHERE i.invite_code = ${inviteCode}`);
  const row = r.rows[0];
  if (!row) return null;
  return {
    ...toInvitation(row),
    teamName: row.team_name,
    inviterName: row.inviter_name,
    hasAccount: row.has_account,
  };
}
