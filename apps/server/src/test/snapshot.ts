import { sql, type SQL } from 'drizzle-orm';
import type { TestServices } from './harness';

/**
 * What "a team's data" is, for tests that check a request changed nothing: every row of every
 * table with a team_uid column, the teams' memberships, the profiles whose current team is one
 * of them, and the number of mails sent.
 */
function teamQueries(teamUIDs: readonly string[], tables: readonly string[]): [string, SQL][] {
  const teams = sql.join(
    teamUIDs.map((t) => sql`${t}`),
    sql`, `,
  );
  return [
    ...tables.map((table): [string, SQL] => [
      table,
      table === 'stage_tally'
        ? // Its rows are deltas that folding (on a timer) merges: what the team has is their sums.
          sql`SELECT row_to_json(x)::text AS j FROM (
            SELECT team_uid, pipeline_uid, stage_uid, currency, scale, sum(contacts) AS contacts,
              sum(open_deals) AS open_deals, sum(open_value) AS open_value,
              sum(won_deals) AS won_deals, sum(won_value) AS won_value
            FROM stage_tally WHERE team_uid IN (${teams})
            GROUP BY team_uid, pipeline_uid, stage_uid, currency, scale
            HAVING sum(contacts) <> 0 OR sum(open_deals) <> 0 OR sum(won_deals) <> 0
              OR sum(open_value) <> 0 OR sum(won_value) <> 0) x`
        : table === 'outbox'
          ? // What was queued; how far its delivery got is the dispatcher's, on its own time.
            sql`SELECT row_to_json(x)::text AS j FROM (
              SELECT team_uid, id, kind, payload, deliver_after, created_at
              FROM outbox WHERE team_uid IN (${teams})) x`
          : sql`SELECT row_to_json(x)::text AS j FROM ${sql.identifier(table)} x WHERE x.team_uid IN (${teams})`,
    ]),
    [
      'member',
      sql`SELECT row_to_json(x)::text AS j FROM "member" x WHERE x."organizationId" IN (${teams})`,
    ],
    [
      'user_profile',
      sql`SELECT row_to_json(x)::text AS j FROM user_profile x WHERE x.current_team_uid IN (${teams})`,
    ],
    ['mail_message', sql`SELECT count(*)::text AS j FROM mail_message`],
  ];
}

const tablesOf = new WeakMap<TestServices, Promise<string[]>>();

/** The tables with a team_uid column (the schema is fixed once the services run). */
function teamTables(s: TestServices): Promise<string[]> {
  let tables = tablesOf.get(s);
  if (!tables) tablesOf.set(s, (tables = readTeamTables(s)));
  return tables;
}

async function readTeamTables(s: TestServices): Promise<string[]> {
  const tables = await s.database.db.execute<{ table_name: string }>(sql`
    SELECT table_name FROM information_schema.columns
    WHERE table_schema = 'public' AND column_name = 'team_uid' ORDER BY table_name`);
  return tables.rows.map((r) => r.table_name);
}

/** Every row that belongs to the team, by table, as JSON text (for a readable diff). */
export async function snapshot(
  s: TestServices,
  teamUID: string,
): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const [label, query] of teamQueries([teamUID], await teamTables(s))) {
    const r = await s.database.db.execute<{ j: string }>(sql`${query} ORDER BY 1`);
    out[label] = r.rows.map((row) => row.j);
  }
  return out;
}

/**
 * The same data as `snapshot` (of several teams), as one hash per table, in one statement: cheap enough
 * to take after every request of a fuzz run.
 */
export async function digest(
  s: TestServices,
  teamUIDs: readonly string[],
): Promise<Record<string, string>> {
  const parts = teamQueries(teamUIDs, await teamTables(s)).map(
    ([label, query]) =>
      sql`SELECT ${label} AS t, md5(coalesce(string_agg(q.j, ',' ORDER BY q.j), '')) AS h FROM (${query}) q`,
  );
  const r = await s.database.db.execute<{ t: string; h: string }>(
    sql.join(parts, sql` UNION ALL `),
  );
  return Object.fromEntries(r.rows.map((row) => [row.t, row.h]));
}
