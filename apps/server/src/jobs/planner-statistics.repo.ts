import { sql } from 'drizzle-orm';
import type { AppDb } from '../db/database';
import type { SystemScope } from '../db/scope';

/** Refreshes the planner's statistics of every table (a sample of each; seconds, not minutes). */
export async function analyzeAll(_scope: SystemScope, db: AppDb): Promise<void> {
  await db.execute(sql`ANALYZE`);
}
