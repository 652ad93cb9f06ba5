import { eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import type { SystemScope } from '../../db/scope';
import { appSetting } from '../../db/schema';

export async function readSetting(_scope: SystemScope, db: AppDb, key: string): Promise<unknown> {
  const rows = await db
    .select({ value: appSetting.value })
    .from(appSetting)
    .where(eq(appSetting.key, key));
  return rows[0]?.value;
}

export async function writeSetting(
  _scope: SystemScope,
  db: AppDb,
  key: string,
  value: unknown,
): Promise<void> {
  await db
    .insert(appSetting)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSetting.key, set: { value, updatedAt: sql`now()` } });
}
