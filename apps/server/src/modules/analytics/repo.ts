import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import type { SystemScope } from '../../db/scope';

export interface AnalyticsEventRow {
  id: string;
  uid: string | null;
  email: string | null;
  teamUID: string | null;
  name: string;
  properties: Record<string, unknown>;
  createdAt: string;
}

export async function insertEvent(
  _scope: SystemScope,
  db: AppDb,
  event: { id: string; uid: string; teamUID: string | null; name: string; properties: object },
): Promise<void> {
  await db.execute(sql`
    INSERT INTO analytics_event (id, uid, team_uid, name, properties)
    VALUES (${event.id}, ${event.uid}, ${event.teamUID}, ${event.name},
      ${JSON.stringify(event.properties)}::jsonb)`);
}

/** Newest first; `name` narrows to one event name. */
export async function listEvents(
  _scope: SystemScope,
  db: AppDb,
  opts: { limit: number; name?: string },
): Promise<AnalyticsEventRow[]> {
  const r = await db.execute<{
    id: string;
    uid: string | null;
    email: string | null;
    team_uid: string | null;
    name: string;
    properties: Record<string, unknown>;
    created_at: Date | string;
  }>(sql`
    SELECT e.id, e.uid, u.email, e.team_uid, e.name, e.properties, e.created_at
    FROM analytics_event e LEFT JOIN "user" u ON u.id = e.uid
    WHERE ${opts.name === undefined ? sql`true` : sql`e.name = ${opts.name}`}
    ORDER BY e.created_at DESC, e.id DESC
    LIMIT ${opts.limit}`);
  return r.rows.map((row) => ({
    id: row.id,
    uid: row.uid,
    email: row.email,
    teamUID: row.team_uid,
    name: row.name,
    properties: row.properties,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}
