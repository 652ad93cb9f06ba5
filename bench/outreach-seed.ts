/**
 * Data of the lease benchmark (bench/outreach-lease.bench.ts), run after the demo seed with the
 * same DATA_DIR / DATABASE_URL and before the server starts: 19 teammates who can sign in
 * (`sender-N@leadloom.dev` / `sender-password`) join the demo team, so with its owner there are
 * 20 senders; every contact gets a Facebook profile link; 50,000 approved queue items are
 * spread over the senders (2,500 each), set-based; and each sender's Facebook limits are lifted
 * (no gap, no break, caps far above the run, all day every day) so every lease call leases:
 * the benchmark measures the lease's own cost, not the pacing's waits.
 */
import { openBackend } from '../apps/server/src/bootstrap';
import { loadConfig } from '../apps/server/src/config';
import { createLogger } from '../apps/server/src/logger';

const SENDERS = 20;
const ITEMS = Number(process.argv[2] ?? 50_000);
export const SENDER_PASSWORD = 'sender-password';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const backend = await openBackend(config, logger, {
    dataDir: config.databaseUrl ? undefined : config.dataDir,
  });
  const { pool } = backend.database;
  try {
    const team = (
      await pool.query<{ team_uid: string; owner_uid: string }>(
        `SELECT t.team_uid, t.owner_uid FROM team t
         JOIN "user" u ON u.id = t.owner_uid WHERE u.email = 'demo@leadloom.dev'`,
      )
    ).rows[0];
    if (!team) throw new Error('No demo team: run the demo seed first');
    const senders = [team.owner_uid];
    for (let i = 1; i < SENDERS; i++) {
      const email = `sender-${i}@leadloom.dev`;
      const user = await backend.auth.api.signUpEmail({
        body: { email, password: SENDER_PASSWORD, name: `Sender ${i}` },
      });
      senders.push(user.user.id);
      await pool.query(
        `INSERT INTO "member" (id, "organizationId", "userId", role, "createdAt")
         VALUES ($1, $2, $3, 'admin', now())`,
        [`${team.team_uid}-${user.user.id}`, team.team_uid, user.user.id],
      );
      await pool.query(
        `INSERT INTO user_profile (uid, terms_version, password_set) VALUES ($1, '1.0.1', true)
         ON CONFLICT (uid) DO UPDATE SET terms_version = '1.0.1'`,
        [user.user.id],
      );
    }
    await pool.query(
      `UPDATE contact SET profiles = profiles ||
         jsonb_build_object('facebook', 'https://www.facebook.com/bench.' || gtid)
       WHERE team_uid = $1`,
      [team.team_uid],
    );
    const started = performance.now();
    await pool.query(
      `WITH c AS (
         SELECT gtid, (row_number() OVER (ORDER BY gtid) - 1)::bigint AS i
         FROM contact WHERE team_uid = $1),
       n AS (SELECT count(*)::bigint AS n FROM c),
       s AS (SELECT uid, (ordinality - 1)::bigint AS k FROM unnest($2::text[]) WITH ORDINALITY AS uid)
       INSERT INTO message_queue_item (team_uid, item_uid, gtid, platform, recipient, body, status,
         queued_to_uid, created_by_uid, idempotency_key, created_at, updated_at)
       SELECT $1, 'bench-' || lpad(g::text, 8, '0'), c.gtid, 'facebook',
         'https://www.facebook.com/bench.' || c.gtid, 'Hello from the lease benchmark', 'approved',
         s.uid, s.uid, 'bench:' || g, now() + g * interval '1 millisecond', now()
       FROM generate_series(0, $3::bigint - 1) g
       JOIN n ON true
       JOIN c ON c.i = g % n.n
       JOIN s ON s.k = g % $4`,
      [team.team_uid, senders, ITEMS, SENDERS],
    );
    const lifted = JSON.stringify({
      dailyNewConversations: 1_000_000,
      hourlySends: 1_000_000,
      minGapSeconds: 0,
      maxGapSeconds: 0,
      breakEveryMin: 1_000_000,
      breakEveryMax: 1_000_000,
      breakMinutesMin: 0,
      breakMinutesMax: 0,
      workStart: '00:00',
      workEnd: '23:59',
      workDays: [0, 1, 2, 3, 4, 5, 6],
      warmUp: false,
    });
    await pool.query(
      `INSERT INTO sender_pacing (uid, platform, limits, break_after, account_started_at, updated_at)
       SELECT uid, 'facebook', $2::jsonb, 1000000, now() - interval '30 days', now()
       FROM unnest($1::text[]) AS uid`,
      [senders, lifted],
    );
    await pool.query('ANALYZE message_queue_item');
    process.stdout.write(
      `Queued ${ITEMS} messages for ${SENDERS} senders in ${((performance.now() - started) / 1000).toFixed(1)} s.\n`,
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
