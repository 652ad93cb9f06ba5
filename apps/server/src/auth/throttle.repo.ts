import { sql } from 'drizzle-orm';
import type { AppDb } from '../db/database';
import type { SystemScope } from '../db/scope';

/** At most `limit` attempts per fixed window; then refused until the window ends. */
export interface LimitCheck {
  key: string;
  kind: 'limit';
  limit: number;
  windowSeconds: number;
}

/**
 * The first `free` attempts of a window pass at once; after that each attempt must wait
 * 1 s, 2 s, 4 s... (at most `maxDelaySeconds`) after the one before. Never refused for long.
 */
export interface BackoffCheck {
  key: string;
  kind: 'backoff';
  free: number;
  windowSeconds: number;
  maxDelaySeconds: number;
}

export type ThrottleCheck = LimitCheck | BackoffCheck;

interface Row {
  key: string;
  count: number;
  age: number;
  wait: number;
}

/**
 * Takes one attempt against every check, atomically: either all of them count it, or it is
 * refused and none does (a refused attempt costs its sender nothing more, so an owner retrying
 * against a busy account does not block their own address). Rows are locked for the
 * decision, so processes sharing the database count together. Runs in the caller's transaction.
 */
export async function takeAttempt(
  _scope: SystemScope,
  db: AppDb,
  checks: readonly ThrottleCheck[],
): Promise<{ secondsLeft: number } | null> {
  if (checks.length === 0) return null;
  await db.execute(sql`
    INSERT INTO auth_throttle (key, count, window_start)
    VALUES ${sql.join(
      checks.map((c) => sql`(${c.key}, 0, now())`),
      sql`, `,
    )}
    ON CONFLICT (key) DO NOTHING`);
  const r = await db.execute<{ key: string; count: number; age: string; wait: string | null }>(sql`
    SELECT key, count,
      extract(epoch FROM now() - window_start) AS age,
      extract(epoch FROM blocked_until - now()) AS wait
    FROM auth_throttle
    WHERE key IN (${sql.join(
      checks.map((c) => sql`${c.key}`),
      sql`, `,
    )})
    ORDER BY key
    FOR UPDATE`);
  const rows = new Map<string, Row>(
    r.rows.map((row) => [
      row.key,
      { key: row.key, count: row.count, age: Number(row.age), wait: Number(row.wait ?? 0) },
    ]),
  );

  let secondsLeft = 0;
  for (const check of checks) {
    const row = rows.get(check.key)!;
    const inWindow = row.age < check.windowSeconds;
    if (check.kind === 'limit') {
      if (inWindow && row.count >= check.limit)
        secondsLeft = Math.max(secondsLeft, check.windowSeconds - row.age);
    } else if (inWindow && row.wait > 0) {
      secondsLeft = Math.max(secondsLeft, row.wait);
    }
  }
  if (secondsLeft > 0) return { secondsLeft: Math.ceil(secondsLeft) };

  for (const check of checks) {
    const row = rows.get(check.key)!;
    const fresh = row.age >= check.windowSeconds;
    const count = fresh ? 1 : row.count + 1;
    const delay =
      check.kind === 'backoff' && count >= check.free
        ? Math.min(check.maxDelaySeconds, 2 ** (count - check.free))
        : null;
    await db.execute(sql`
      UPDATE auth_throttle SET
        count = ${count},
        window_start = ${fresh ? sql`now()` : sql`window_start`},
        blocked_until = ${delay === null ? sql`NULL` : sql`now() + ${delay} * interval '1 second'`}
      WHERE key = ${check.key}`);
  }
  return null;
}

/** Whether `key` was marked within the last `withinSeconds` (markKey). */
export async function isMarked(
  _scope: SystemScope,
  db: AppDb,
  key: string,
  withinSeconds: number,
): Promise<boolean> {
  const r = await db.execute(sql`
    SELECT 1 FROM auth_throttle
    WHERE key = ${key} AND window_start > now() - ${withinSeconds} * interval '1 second'`);
  return r.rows.length > 0;
}

/** Records that `key` happened now (a successful sign-in from an address). */
export async function markKey(_scope: SystemScope, db: AppDb, key: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO auth_throttle (key, count, window_start) VALUES (${key}, 1, now())
    ON CONFLICT (key) DO UPDATE SET window_start = now(), count = 1, blocked_until = NULL`);
}

/** Takes back one attempt counted under `key` (a successful sign-in was no guess). */
export async function uncount(_scope: SystemScope, db: AppDb, key: string): Promise<void> {
  await db.execute(sql`UPDATE auth_throttle SET count = greatest(count - 1, 0) WHERE key = ${key}`);
}

/** A successful sign-in forgives the earlier failures counted under `key`. */
export async function clearAttempts(_scope: SystemScope, db: AppDb, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM auth_throttle WHERE key = ${key}`);
}
