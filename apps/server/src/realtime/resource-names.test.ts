import fs from 'node:fs';
import path from 'node:path';
import { isResource } from '@leadloom/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findServerAsset } from '../db/find-asset';
import { ENGINE, startTestServices, type TestServices } from '../test/harness';

let s: TestServices;
beforeAll(async () => {
  s = await startTestServices();
});
afterAll(() => s.cleanup());

describe(`change-log resource names (${ENGINE})`, () => {
  it("are renamed to the catalogue's by the migration, so a stream resuming across it reads them", async () => {
    const db = s.database.db;
    const before: [string, string][] = [
      ['contact-pipeline', 'contactPipeline'],
      ['contact_tag', 'contactTag'],
      ['stage-history', 'stageHistory'],
      ['bulk-job', 'bulkJob'],
      ['feature-flags', 'featureFlags'],
      ['contact', 'contact'],
      ['tagSet', 'tagSet'],
    ];
    for (const [i, [old]] of before.entries()) {
      await db.execute(sql`INSERT INTO change_log (team_uid, seq, resource, id, op)
        VALUES ('team-renamed', ${i + 1}, ${old}, ${`id-${i}`}, 'update')`);
    }
    const migration = fs.readFileSync(
      path.join(findServerAsset('drizzle'), '0020_resource_names.sql'),
      'utf8',
    );
    await db.execute(sql.raw(migration));
    const r = await db.execute<{ resource: string }>(sql`
      SELECT resource FROM change_log WHERE team_uid = 'team-renamed' ORDER BY seq`);
    const after = r.rows.map((row) => row.resource);
    expect(after).toEqual(before.map(([, renamed]) => renamed));
    expect(after.every(isResource)).toBe(true);
  });
});
