import { sql } from 'drizzle-orm';
import type { AppDb } from '../db/database';
import type { SystemScope } from '../db/scope';

/** VACUUM (ANALYZE) of every table: outside any transaction (VACUUM cannot run in one). */
export async function vacuumAnalyzeAll(_scope: SystemScope, db: AppDb): Promise<void> {
  await db.execute(sql`VACUUM (ANALYZE)`);
}
