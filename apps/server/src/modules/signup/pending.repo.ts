import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import { pendingSignup } from '../../db/schema';
import type { SystemScope } from '../../db/scope';

export interface PendingSignupRow {
  tokenHash: string;
  email: string;
  name: string;
  teamName: string;
  passwordHash: string;
  expiresAt: Date;
  usedAt: Date | null;
}

export async function insertPendingSignup(
  _scope: SystemScope,
  db: AppDb,
  row: Omit<PendingSignupRow, 'usedAt'>,
): Promise<void> {
  await db.insert(pendingSignup).values(row);
}

/** Expired rows are of no use to anyone; removed as new sign-ups come in. */
export async function deleteExpiredPendingSignups(_scope: SystemScope, db: AppDb): Promise<void> {
  await db.delete(pendingSignup).where(lt(pendingSignup.expiresAt, new Date()));
}

/** Marks the token used if it is unused and unexpired; null when it is not (then see findPending). */
export async function claimPendingSignup(
  _scope: SystemScope,
  db: AppDb,
  tokenHash: string,
): Promise<PendingSignupRow | null> {
  const now = new Date();
  const rows = await db
    .update(pendingSignup)
    .set({ usedAt: now })
    .where(
      and(
        eq(pendingSignup.tokenHash, tokenHash),
        isNull(pendingSignup.usedAt),
        gt(pendingSignup.expiresAt, now),
      ),
    )
    .returning();
  return rows[0] ?? null;
}

export async function findPendingSignup(
  _scope: SystemScope,
  db: AppDb,
  tokenHash: string,
): Promise<PendingSignupRow | null> {
  const rows = await db.select().from(pendingSignup).where(eq(pendingSignup.tokenHash, tokenHash));
  return rows[0] ?? null;
}

/** Gives a claimed token back when the account could not be made, so the link can be retried. */
export async function releasePendingSignup(
  _scope: SystemScope,
  db: AppDb,
  tokenHash: string,
): Promise<void> {
  await db
    .update(pendingSignup)
    .set({ usedAt: null })
    .where(eq(pendingSignup.tokenHash, tokenHash));
}
