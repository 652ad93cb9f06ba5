import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import type { SystemScope, TeamRole } from '../../db/scope';
import { asRole } from '../../scope/repo';

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
