import type { Database } from '../db/database';
import type { Tx } from '../db/tx';

/**
 * Set-based copies of a seeded team into many others (the search benchmark's 1,000,000
 * contacts, issue 7): one `INSERT ... SELECT` per table for all the target teams at once. A
 * target team of n contacts gets the source's first n contacts (by GTID) with everything hanging
 * off them; ids stay the same (every key starts with team_uid), only team_uid changes.
 */

/** Team setup, copied whole. */
const SETUP_TABLES = [
  'team',
  'pipeline',
  'pipeline_phase',
  'stage',
  'team_question',
  'status_label',
  'tag_set',
  'tag',
] as const;
/** Contact data, copied for the target's contacts (parents first). */
const CONTACT_TABLES = ['contact', 'contact_pipeline', 'activity', 'contact_tag', 'deal'] as const;
export const MILLION_TABLES = [...SETUP_TABLES, ...CONTACT_TABLES];

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function insertableColumns(tx: Tx, table: string): Promise<string[]> {
  const r = await tx.client.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER'
     ORDER BY ordinal_position`,
    [table],
  );
  return r.rows.map((row) => row.column_name);
}

/**
 * Copies `source`'s team into `targets` (team uid → contact count); returns ms per table.
 * Runs inside the caller's transaction (bulk-load mode there skips the per-row key checks: the
 * copies of valid rows are valid).
 */
export async function cloneTeam(
  tx: Tx,
  source: string,
  targets: { teamUID: string; contacts: number }[],
): Promise<Record<string, number>> {
  const timings: Record<string, number> = {};
  const uids = targets.map((t) => t.teamUID);
  const sizes = targets.map((t) => t.contacts);
  await tx.client.query(
    `CREATE TEMP TABLE clone_target ON COMMIT DROP AS
       SELECT * FROM unnest($1::text[], $2::int[]) AS g(team_uid, n)`,
    [uids, sizes],
  );
  await tx.client.query(
    `CREATE TEMP TABLE clone_contact ON COMMIT DROP AS
       SELECT gtid, row_number() OVER (ORDER BY gtid COLLATE "C") AS rn
       FROM contact WHERE team_uid = $1`,
    [source],
  );
  await tx.client.query(`CREATE INDEX ON clone_contact (gtid)`);
  await tx.client.query(`ANALYZE clone_target, clone_contact`);
  // Building an index once over the copied rows is far faster than growing it row by row
  // (the trigram GIN index above all): the contact table's secondary indexes go and come back.
  await tx.client.query(`SET LOCAL maintenance_work_mem = '256MB'`);
  const secondary = await tx.client.query<{ name: string; def: string }>(
    `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
     WHERE i.schemaname = 'public' AND i.tablename = 'contact'
       AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conname = i.indexname)`,
  );
  for (const index of secondary.rows) await tx.client.query(`DROP INDEX ${ident(index.name)}`);
  for (const table of MILLION_TABLES) {
    const started = performance.now();
    const cols = await insertableColumns(tx, table);
    const select = cols
      .map((c) =>
        c === 'team_uid'
          ? 'g.team_uid'
          : c === 'name' && table === 'team'
            ? `'Bench ' || g.team_uid`
            : `x.${ident(c)}`,
      )
      .join(', ');
    const perContact = (CONTACT_TABLES as readonly string[]).includes(table);
    await tx.client.query(
      `INSERT INTO ${ident(table)} (${cols.map(ident).join(', ')})
       SELECT ${select} FROM ${ident(table)} x
       ${perContact ? `JOIN clone_contact k ON k.gtid = x.gtid JOIN clone_target g ON k.rn <= g.n` : 'CROSS JOIN clone_target g'}
       WHERE x.team_uid = $1`,
      [source],
    );
    timings[table] = performance.now() - started;
    if (table === 'contact') {
      const from = performance.now();
      for (const index of secondary.rows) await tx.client.query(index.def);
      timings['contact indexes'] = performance.now() - from;
    }
  }
  return timings;
}

/**
 * VACUUM ANALYZE of everything copied (outside a transaction): what autovacuum does after such
 * a load, so the figures are those of a settled database (statistics, visibility map).
 */
export async function vacuumCloned(database: Database) {
  await database.pool.query(`VACUUM ANALYZE ${MILLION_TABLES.map(ident).join(', ')}`);
}
