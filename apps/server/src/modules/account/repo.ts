import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import type { SystemScope } from '../../db/scope';

/** The parts of the user data only this module reads (the rest is in teams' findUser). */
export async function profileExtras(
  _scope: SystemScope,
  db: AppDb,
  uid: string,
): Promise<{ timeZone: string | null; currentTeamUID: string | null }> {
  const r = await db.execute<{ time_zone: string | null; current_team_uid: string | null }>(sql`
    SELECT time_zone, current_team_uid FROM user_profile WHERE uid = ${uid}`);
  return {
    timeZone: r.rows[0]?.time_zone ?? null,
    currentTeamUID: r.rows[0]?.current_team_uid ?? null,
  };
}

export async function acceptTerms(_scope: SystemScope, db: AppDb, uid: string, version: string) {
  await db.execute(sql`
    INSERT INTO user_profile (uid, terms_version) VALUES (${uid}, ${version})
    ON CONFLICT (uid) DO UPDATE SET terms_version = EXCLUDED.terms_version`);
}

export interface AccountPatch {
  name?: string | undefined;
  photoURL?: string | null | undefined;
  timeZone?: string | null | undefined;
  defaultContactView?: string | undefined;
}

/** better-auth keeps name and image; the spec's fields are ours. Only given fields change. */
export async function updateAccount(
  _scope: SystemScope,
  db: AppDb,
  uid: string,
  p: AccountPatch,
): Promise<void> {
  if (p.name !== undefined || p.photoURL !== undefined) {
    await db.execute(sql`
      UPDATE "user" SET
        name = ${p.name !== undefined ? sql`${p.name}` : sql`name`},
        image = ${p.photoURL !== undefined ? sql`${p.photoURL}` : sql`image`},
        "updatedAt" = now()
      WHERE id = ${uid}`);
  }
  if (p.timeZone !== undefined || p.defaultContactView !== undefined) {
    await db.execute(sql`
      INSERT INTO user_profile (uid, time_zone, default_contact_view)
      VALUES (${uid}, ${p.timeZone ?? null}, ${p.defaultContactView ?? 'pipeline'})
      ON CONFLICT (uid) DO UPDATE SET
        time_zone = ${p.timeZone !== undefined ? sql`EXCLUDED.time_zone` : sql`user_profile.time_zone`},
        default_contact_view = ${
          p.defaultContactView !== undefined
            ? sql`EXCLUDED.default_contact_view`
            : sql`user_profile.default_contact_view`
        }`);
  }
}

export async function setCurrentTeam(
  _scope: SystemScope,
  db: AppDb,
  uid: string,
  teamUID: string,
): Promise<void> {
  await db.execute(sql`
    INSERT INTO user_profile (uid, current_team_uid) VALUES (${uid}, ${teamUID})
    ON CONFLICT (uid) DO UPDATE SET current_team_uid = EXCLUDED.current_team_uid`);
}

/** The shard holding a team's data (SPEC §6: S1–S3), from the global team directory. */
export async function shardOf(
  _scope: SystemScope,
  db: AppDb,
  teamUID: string,
): Promise<string | null> {
  const r = await db.execute<{ shard: string }>(
    sql`SELECT shard FROM team_directory WHERE team_uid = ${teamUID}`,
  );
  return r.rows[0]?.shard ?? null;
}
