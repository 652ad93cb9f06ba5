import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import type { OneTeamScope } from '../../db/scope';

/** The team's owner (team.owner_uid) when that user still exists, else null. */
export async function existingOwnerOf(scope: OneTeamScope, db: AppDb): Promise<string | null> {
  const r = await db.execute<{ owner_uid: string }>(sql`
    SELECT t.owner_uid FROM team t JOIN "user" u ON u.id = t.owner_uid
    WHERE t.team_uid = ${scope.teamUID}`);
  return r.rows[0]?.owner_uid ?? null;
}

/**
 * Gives the owner a member row with role owner when it is missing or holds another role.
 * Answers whether anything changed.
 */
export async function repairOwnerMember(
  scope: OneTeamScope,
  db: AppDb,
  ownerUID: string,
): Promise<boolean> {
  // Rows made by better-auth have their own ids, so look the row up by team and user.
  const updated = await db.execute(sql`
    UPDATE "member" SET role = 'owner'
    WHERE "organizationId" = ${scope.teamUID} AND "userId" = ${ownerUID} AND role <> 'owner'
    RETURNING 1`);
  const inserted = await db.execute(sql`
    INSERT INTO "member" (id, "organizationId", "userId", role, "createdAt")
    SELECT ${`${scope.teamUID}-${ownerUID}`}, ${scope.teamUID}, ${ownerUID}, 'owner', now()
    WHERE NOT EXISTS (SELECT 1 FROM "member"
      WHERE "organizationId" = ${scope.teamUID} AND "userId" = ${ownerUID})
    RETURNING 1`);
  return updated.rows.length + inserted.rows.length > 0;
}

/** Drops pipeline access rows of people who are no longer members. Answers how many. */
export async function deleteStrayPipelineAccess(scope: OneTeamScope, db: AppDb): Promise<number> {
  const r = await db.execute(sql`
    DELETE FROM pipeline_access pa
    WHERE pa.team_uid = ${scope.teamUID}
      AND NOT EXISTS (SELECT 1 FROM "member" m
        WHERE m."organizationId" = pa.team_uid AND m."userId" = pa.uid)
    RETURNING 1`);
  return r.rows.length;
}
