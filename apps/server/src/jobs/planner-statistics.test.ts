import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, startTestServices, type TestServices } from '../test/harness';
import { refreshPlannerStatistics } from './planner-statistics';

let s: TestServices;
beforeAll(async () => {
  s = await startTestServices();
});
afterAll(() => s.cleanup());

describe(`planner statistics (${ENGINE})`, () => {
  it('are refreshed by the embedded server (no autovacuum there), left to autovacuum on PostgreSQL', async () => {
    const refreshed = await refreshPlannerStatistics(s);
    expect(refreshed).toBe(s.database.mode === 'embedded');
    if (!refreshed) return;
    const r = await s.database.db.execute<{ analysed: boolean }>(sql`
      SELECT last_analyze IS NOT NULL AS analysed FROM pg_stat_user_tables
      WHERE relname = 'contact_pipeline'`);
    expect(r.rows[0]?.analysed).toBe(true);
  });
});
