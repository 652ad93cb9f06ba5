import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import type { SystemScope } from '../../db/scope';

export interface TeamFlagRow {
  flag: string;
  teamUID: string;
  teamName: string;
  /** The stored value; anything but JSON `true` is off (core isFeatureFlagEnabled). */
  enabled: boolean;
}

/** Every flag set on any team (`team.feature_flags`), one row per team and flag. */
export async function listTeamFlags(_scope: SystemScope, db: AppDb): Promise<TeamFlagRow[]> {
  const r = await db.execute<{ flag: string; team_uid: string; name: string; value: unknown }>(sql`
    SELECT f.key AS flag, t.team_uid, t.name, f.value
    FROM team t CROSS JOIN LATERAL jsonb_each(t.feature_flags) f
    WHERE jsonb_typeof(t.feature_flags) = 'object'
    ORDER BY f.key, lower(t.name), t.team_uid`);
  return r.rows.map((row) => ({
    flag: row.flag,
    teamUID: row.team_uid,
    teamName: row.name,
    enabled: row.value === true,
  }));
}
