import { sql } from 'drizzle-orm';
import type { AppDb } from '../db/database';
import type { SystemScope } from '../db/scope';

/** The latest block among `keys` still in force (database time), or null. */
export async function blockedUntil(
  _scope: SystemScope,
  db: AppDb,
  keys: readonly string[],
): Promise<{ until: Date; secondsLeft: number } | null> {
  if (keys.length === 0) return null;
  const r = await db.execute<{ until: Date | string; seconds_left: number | string }>(sql`
    SELECT max(blocked_until) AS until,
      ceil(extract(epoch FROM max(blocked_until) - now())) AS seconds_left
    FROM auth_throttle
    WHERE key IN (${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )}) AND blocked_until > now()`);
  const row = r.rows[0];
  if (!row?.until) return null;
  return { until: new Date(row.until), secondsLeft: Number(row.seconds_left) };
}

/**
 * Counts one attempt against `key` in a fixed window (a new window starts once the old one has
 * passed). Reaching `limit` blocks the key until the window ends. One atomic upsert, so
 * processes sharing the database count together.
 */
export async function countAttempt(
  _scope: SystemScope,
  db: AppDb,
  key: string,
  rule: { limit: number; windowSeconds: number },
): Promise<number> {
  const window = sql`(${rule.windowSeconds} * interval '1 second')`;
  const r = await db.execute<{ count: number }>(sql`
    INSERT INTO auth_throttle AS t (key, count, window_start, blocked_until)
    VALUES (${key}, 1, now(), CASE WHEN 1 >= ${rule.limit} THEN now() + ${window} END)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN t.window_start <= now() - ${window} THEN 1 ELSE t.count + 1 END,
      window_start = CASE WHEN t.window_start <= now() - ${window} THEN now() ELSE t.window_start END,
      blocked_until = CASE
        WHEN t.window_start <= now() - ${window} THEN
          CASE WHEN 1 >= ${rule.limit} THEN now() + ${window} END
        WHEN t.count + 1 >= ${rule.limit} THEN t.window_start + ${window}
        ELSE t.blocked_until END
    RETURNING count`);
  return Number(r.rows[0]!.count);
}

/** A successful sign-in forgives the account's earlier failures. */
export async function clearAttempts(_scope: SystemScope, db: AppDb, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM auth_throttle WHERE key = ${key}`);
}
