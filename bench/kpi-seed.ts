/**
 * Data of the KPI benchmark (bench/kpi.bench.ts), run after the demo seed with the same
 * DATA_DIR / DATABASE_URL and before the server starts: fills the demo team's timeline up to
 * 1,000,000 activities (set-based, one INSERT … SELECT over generate_series) spread over the
 * last 365 days and 20 actors — 40% stage entries into the default pipeline's stages, 20%
 * messages, 10% tasks completed, 5% deals won (USD), the rest notes and tasks created (no KPI
 * event) — then rebuilds the team's rollups from them (the rule of migration 0013's backfill).
 */
import { openBackend } from '../apps/server/src/bootstrap';
import { loadConfig } from '../apps/server/src/config';
import { withTx } from '../apps/server/src/db/tx';
import { createLogger } from '../apps/server/src/logger';
import { rebuildRollups } from '../apps/server/src/modules/kpis/service';

const TOTAL = Number(process.argv[2] ?? 1_000_000);

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const backend = await openBackend(config, logger, {
    dataDir: config.databaseUrl ? undefined : config.dataDir,
  });
  const { pool } = backend.database;
  try {
    const team = (
      await pool.query<{ team_uid: string; owner_uid: string; pipeline_uid: string }>(
        `SELECT t.team_uid, t.owner_uid, p.pipeline_uid FROM team t
         JOIN pipeline p ON p.team_uid = t.team_uid AND p.is_default
         JOIN "user" u ON u.id = t.owner_uid WHERE u.email = 'demo@leadloom.dev'`,
      )
    ).rows[0];
    if (!team) throw new Error('No demo team: run the demo seed first');
    const have = Number(
      (
        await pool.query<{ n: string }>('SELECT count(*) AS n FROM activity WHERE team_uid = $1', [
          team.team_uid,
        ])
      ).rows[0]!.n,
    );
    const more = Math.max(0, TOTAL - have);
    let started = performance.now();
    await pool.query(
      `WITH c AS (
         SELECT gtid, (row_number() OVER (ORDER BY gtid) - 1)::bigint AS i
         FROM contact WHERE team_uid = $1),
       n AS (SELECT count(*)::bigint AS n FROM c),
       st AS (
         SELECT array_agg(stage_uid ORDER BY idx) AS stages FROM stage
         WHERE team_uid = $1 AND pipeline_uid = $2 AND idx > 0),
       g AS (
         SELECT g, g % 20 AS k,
           ($4::bigint - ((g * 2654435761) % 31536000) * 1000) AS at
         FROM generate_series(1, $5::bigint) g)
       INSERT INTO activity (team_uid, activity_uid, gtid, type, action, pipeline_uid, stage_uid,
         value, currency, created_by_uid, created_by, created_at, created_at_unix)
       SELECT $1, 'bench-' || lpad(g.g::text, 8, '0'), c.gtid,
         CASE WHEN g.k < 8 THEN 'stage' WHEN g.k < 12 THEN 'message' WHEN g.k < 15 THEN 'task'
           WHEN g.k = 15 THEN 'pipeline' ELSE 'note' END,
         CASE WHEN g.k < 8 THEN 'changed' WHEN g.k < 12 THEN 'sent' WHEN g.k < 14 THEN 'completed'
           WHEN g.k = 14 THEN 'created' WHEN g.k = 15 THEN 'dealWon' ELSE 'created' END,
         CASE WHEN g.k < 8 OR g.k = 15 THEN $2 END,
         CASE WHEN g.k < 8 THEN st.stages[1 + (g.g / 20) % array_length(st.stages, 1)] END,
         CASE WHEN g.k = 15 THEN (100 + g.g % 5000)::numeric END,
         CASE WHEN g.k = 15 THEN 'USD' END,
         CASE WHEN (g.g / 7) % 20 = 0 THEN $3 ELSE 'bench-actor-' || ((g.g / 7) % 20) END,
         'Bench', to_timestamp(g.at / 1000.0), g.at
       FROM g CROSS JOIN n CROSS JOIN st JOIN c ON c.i = g.g % n.n`,
      [team.team_uid, team.pipeline_uid, team.owner_uid, Date.now(), more],
    );
    const inserted = performance.now() - started;
    started = performance.now();
    const scope = {
      kind: 'team' as const,
      teamUID: team.team_uid,
      uid: team.owner_uid,
      role: 'owner' as const,
      visiblePipelines: 'all' as const,
    };
    await withTx(backend.database, scope, (tx) => rebuildRollups(tx, scope));
    await pool.query('ANALYZE activity');
    await pool.query('ANALYZE kpi_rollup');
    const rollups = (
      await pool.query<{ n: string }>('SELECT count(*) AS n FROM kpi_rollup WHERE team_uid = $1', [
        team.team_uid,
      ])
    ).rows[0]!.n;
    process.stdout.write(
      `KPI data: ${have} + ${more} activities (insert ${(inserted / 1000).toFixed(1)} s), ` +
        `${rollups} rollup rows rebuilt in ${((performance.now() - started) / 1000).toFixed(1)} s.\n`,
    );
  } finally {
    await backend.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
