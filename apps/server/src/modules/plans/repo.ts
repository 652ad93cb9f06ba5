import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import type { OneTeamScope } from '../../db/scope';

export interface PlanRow {
  subscription: Record<string, unknown> | null;
  featureFlags: Record<string, boolean>;
  ownerUID: string;
}

/**
 * The team's plan. With `lock`, the team row is locked (`FOR UPDATE`) until the transaction
 * ends: quota checks that count and then insert take it first, so two concurrent requests
 * cannot both see the last free seat.
 */
export async function readPlan(
  scope: OneTeamScope,
  db: AppDb,
  opts: { lock?: boolean } = {},
): Promise<PlanRow | null> {
  const r = await db.execute<{
    subscription: Record<string, unknown> | null;
    feature_flags: Record<string, boolean> | null;
    owner_uid: string;
  }>(sql`
    SELECT subscription, feature_flags, owner_uid FROM team WHERE team_uid = ${scope.teamUID}
    ${opts.lock ? sql`FOR UPDATE` : sql``}`);
  const row = r.rows[0];
  if (!row) return null;
  return {
    subscription: row.subscription,
    featureFlags: row.feature_flags ?? {},
    ownerUID: row.owner_uid,
  };
}

export interface Usage {
  contacts: number;
  pipelines: number;
  /** Members other than the owner, plus pending invitations that have not expired. */
  seats: number;
}

export async function countUsage(scope: OneTeamScope, db: AppDb): Promise<Usage> {
  const r = await db.execute<{ contacts: string; pipelines: string; seats: string }>(sql`
    SELECT
      (SELECT count(*) FROM contact WHERE team_uid = t.team_uid) AS contacts,
      (SELECT count(*) FROM pipeline WHERE team_uid = t.team_uid) AS pipelines,
      (SELECT count(*) FROM "member" m
        WHERE m."organizationId" = t.team_uid AND m."userId" <> t.owner_uid)
      + (SELECT count(*) FROM team_invitation i
        WHERE i.team_uid = t.team_uid AND i.status = 'pending' AND i.expires_at > now()) AS seats
    FROM team t WHERE t.team_uid = ${scope.teamUID}`);
  const row = r.rows[0];
  return {
    contacts: Number(row?.contacts ?? 0),
    pipelines: Number(row?.pipelines ?? 0),
    seats: Number(row?.seats ?? 0),
  };
}

export async function writeSubscription(
  scope: OneTeamScope,
  db: AppDb,
  subscription: Record<string, unknown>,
): Promise<boolean> {
  const r = await db.execute(sql`
    UPDATE team SET subscription = ${JSON.stringify(subscription)}::jsonb
    WHERE team_uid = ${scope.teamUID} RETURNING team_uid`);
  return r.rows.length > 0;
}

export async function writeFeatureFlags(
  scope: OneTeamScope,
  db: AppDb,
  flags: Record<string, boolean>,
): Promise<boolean> {
  const r = await db.execute(sql`
    UPDATE team SET feature_flags = ${JSON.stringify(flags)}::jsonb
    WHERE team_uid = ${scope.teamUID} RETURNING team_uid`);
  return r.rows.length > 0;
}

/** SPEC §3 Validation info: members with their roles and the visible pipelines' names. */
export async function membersWithRoles(scope: OneTeamScope, db: AppDb) {
  const r = await db.execute<{ uid: string; role: string }>(sql`
    SELECT "userId" AS uid, role FROM "member" WHERE "organizationId" = ${scope.teamUID}
    ORDER BY "createdAt", "userId"`);
  return r.rows;
}
