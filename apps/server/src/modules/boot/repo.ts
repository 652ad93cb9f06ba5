import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import type { OneTeamScope } from '../../db/scope';

/** The team's AI context (SPEC §3 Team); null until someone writes one. */
export async function readAiContext(
  scope: OneTeamScope,
  db: AppDb,
): Promise<Record<string, unknown> | null> {
  const r = await db.execute<{ ai_context: Record<string, unknown> | null }>(sql`
    SELECT ai_context FROM team WHERE team_uid = ${scope.teamUID}`);
  return r.rows[0]?.ai_context ?? null;
}
