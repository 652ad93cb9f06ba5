import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import type { SystemScope, TeamSystemScope } from '../../db/scope';

export interface AdminTeamRow {
  teamUID: string;
  name: string;
  ownerUID: string;
  ownerEmail: string | null;
  members: number;
  subscription: Record<string, unknown> | null;
  createdAt: string;
}

type Raw = {
  team_uid: string;
  name: string;
  owner_uid: string;
  owner_email: string | null;
  members: string;
  subscription: Record<string, unknown> | null;
  created_at: Date | string;
};

const columns = sql`t.team_uid, t.name, t.owner_uid, o.email AS owner_email, t.subscription,
  t.created_at,
  (SELECT count(*) FROM "member" m WHERE m."organizationId" = t.team_uid) AS members`;

const toRow = (r: Raw): AdminTeamRow => ({
  teamUID: r.team_uid,
  name: r.name,
  ownerUID: r.owner_uid,
  ownerEmail: r.owner_email,
  members: Number(r.members),
  subscription: r.subscription,
  createdAt: new Date(r.created_at).toISOString(),
});

/** Super-admin search over every team: name, id or owner e-mail; first 100, newest first. */
export async function searchTeams(_scope: SystemScope, db: AppDb, q: string) {
  const like = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const r = await db.execute<Raw>(sql`
    SELECT ${columns} FROM team t LEFT JOIN "user" o ON o.id = t.owner_uid
    WHERE ${q ? sql`(t.name ILIKE ${like} OR t.team_uid = ${q} OR o.email ILIKE ${like})` : sql`TRUE`}
    ORDER BY t.created_at DESC, t.team_uid
    LIMIT 100`);
  return r.rows.map(toRow);
}

export async function findTeam(scope: TeamSystemScope, db: AppDb) {
  const r = await db.execute<Raw>(sql`
    SELECT ${columns} FROM team t LEFT JOIN "user" o ON o.id = t.owner_uid
    WHERE t.team_uid = ${scope.teamUID}`);
  return r.rows[0] ? toRow(r.rows[0]) : null;
}
