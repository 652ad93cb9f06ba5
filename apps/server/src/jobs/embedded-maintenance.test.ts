import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, startTestServices, type TestServices } from '../test/harness';
import { ownerWithTeam } from '../test/team-fixtures';
import { maintainEmbeddedDatabase } from './embedded-maintenance';

let s: TestServices;
beforeAll(async () => {
  s = await startTestServices();
});
afterAll(() => s.cleanup());

describe(`embedded maintenance (${ENGINE})`, () => {
  it('vacuums and analyses the embedded database (no autovacuum there), leaves PostgreSQL to autovacuum', async () => {
    const own = await ownerWithTeam(s, 'maintenance-owner@example.com');
    const created = await own.client.api(`/api/teams/${own.teamUID}/contacts`, {
      method: 'POST',
      body: JSON.stringify({ firstName: 'Vacuum', lastName: 'Visible' }),
    });
    expect(created.status).toBe(201);
    const done = await maintainEmbeddedDatabase(s);
    expect(done).toBe(s.database.mode === 'embedded');
    if (!done) return;
    const r = await s.database.db.execute<{ vacuumed: boolean; analysed: boolean }>(sql`
      SELECT last_vacuum IS NOT NULL AS vacuumed, last_analyze IS NOT NULL AS analysed
      FROM pg_stat_user_tables WHERE relname = 'contact'`);
    expect(r.rows[0]).toEqual({ vacuumed: true, analysed: true });
    // The visibility map is set: index-only scans need not read the table.
    const vm = await s.database.db.execute<{ all_visible: number }>(sql`
      SELECT relallvisible AS all_visible FROM pg_class WHERE relname = 'contact'`);
    expect(Number(vm.rows[0]!.all_visible)).toBeGreaterThan(0);
  });
});
