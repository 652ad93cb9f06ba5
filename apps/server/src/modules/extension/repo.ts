import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import type { SystemScope } from '../../db/scope';

/** Stores a one-time token by its hash; the plain token only ever exists in the answer. */
export async function insertLoginToken(
  _scope: SystemScope,
  db: AppDb,
  row: { tokenHash: string; uid: string; expiresAt: Date },
): Promise<void> {
  await db.execute(sql`
    INSERT INTO extension_login_token (token_hash, uid, expires_at)
    VALUES (${row.tokenHash}, ${row.uid}, ${row.expiresAt.toISOString()})`);
}

/**
 * Marks the token used and answers its uid, in one statement: of two concurrent exchanges of
 * the same token only one UPDATE matches `used_at IS NULL`, so a token yields one session.
 */
export async function consumeLoginToken(
  _scope: SystemScope,
  db: AppDb,
  tokenHash: string,
): Promise<string | null> {
  const r = await db.execute<{ uid: string }>(sql`
    UPDATE extension_login_token SET used_at = now()
    WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > now()
    RETURNING uid`);
  return r.rows[0]?.uid ?? null;
}

/** Used and expired tokens are worthless; dropped whenever a new one is issued. */
export async function deleteStaleLoginTokens(_scope: SystemScope, db: AppDb): Promise<void> {
  await db.execute(sql`
    DELETE FROM extension_login_token
    WHERE used_at IS NOT NULL OR expires_at < now() - interval '1 day'`);
}

/** Whether the user's web session still exists (an extension session outlives no web session). */
export async function webSessionExists(
  _scope: SystemScope,
  db: AppDb,
  uid: string,
  sessionId: string,
): Promise<boolean> {
  const r = await db.execute(sql`
    SELECT 1 FROM "session" WHERE id = ${sessionId} AND "userId" = ${uid} AND "expiresAt" > now()`);
  return r.rows.length > 0;
}

/** Ends the extension sessions made from one web session (its sign-out). */
export async function deleteExtensionSessionsOf(
  _scope: SystemScope,
  db: AppDb,
  webSessionId: string,
): Promise<void> {
  await db.execute(sql`DELETE FROM "session" WHERE "parentSessionId" = ${webSessionId}`);
}

/** Ends one extension session by its token; web sessions are never ended this way. */
export async function deleteExtensionSession(
  _scope: SystemScope,
  db: AppDb,
  sessionToken: string,
): Promise<void> {
  await db.execute(sql`
    DELETE FROM "session" WHERE token = ${sessionToken} AND "parentSessionId" IS NOT NULL`);
}
