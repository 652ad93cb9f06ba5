import type { Tx } from '../db/tx';

/**
 * The tasks benchmark's data (issue 8; `npm run demo -- --contacts 40000 --tasks 50000`):
 * teammates in different time zones and `open` open tasks spread over them and over days, plus
 * half as many done ones, all set-based (a few `INSERT ... SELECT generate_series` statements).
 * Teammates are bare sign-in-less users (no password; they cannot sign in), members of the team.
 */

/** Zones of the benchmark's teammates: both hemispheres, both sides of the date line. */
export const BENCH_ZONES = [
  'Europe/Berlin',
  'America/New_York',
  'Asia/Tokyo',
  'Pacific/Kiritimati',
  'America/Los_Angeles',
  'Australia/Sydney',
  'Asia/Kolkata',
  'UTC',
  'Pacific/Pago_Pago',
] as const;

export async function seedBenchTasks(
  tx: Tx,
  teamUID: string,
  ownerUID: string,
  opts: { open: number; days: { from: number; to: number } },
): Promise<{ members: number; open: number; done: number }> {
  const q = (text: string, params: unknown[]) => tx.client.query(text, params);
  const zones = [...BENCH_ZONES];
  await q(
    `INSERT INTO "user" (id, name, email, "emailVerified", "createdAt", "updatedAt")
     SELECT $1 || '-mate-' || g, 'Teammate ' || g || ' (' || z.zone || ')',
            'mate' || g || '.' || lower($1) || '@bench.leadloom.dev', true, now(), now()
     FROM unnest($2::text[]) WITH ORDINALITY AS z(zone, g)`,
    [teamUID, zones],
  );
  await q(
    `INSERT INTO "member" (id, "organizationId", "userId", role, "createdAt")
     SELECT $1 || '-' || $1 || '-mate-' || g, $1, $1 || '-mate-' || g, 'member', now()
     FROM unnest($2::text[]) WITH ORDINALITY AS z(zone, g)`,
    [teamUID, zones],
  );
  await q(
    `INSERT INTO user_profile (uid, current_team_uid, time_zone)
     SELECT $1 || '-mate-' || g, $1, z.zone
     FROM unnest($2::text[]) WITH ORDINALITY AS z(zone, g)`,
    [teamUID, zones],
  );
  // Everyone who gets tasks: the owner (in their profile's zone, else UTC) and the teammates.
  await q(
    `CREATE TEMP TABLE bench_assignee ON COMMIT DROP AS
       SELECT row_number() OVER (ORDER BY uid) - 1 AS i, uid, zone FROM (
         SELECT $2::text AS uid, coalesce((SELECT time_zone FROM user_profile WHERE uid = $2), 'UTC') AS zone
         UNION ALL
         SELECT $1 || '-mate-' || g, z.zone FROM unnest($3::text[]) WITH ORDINALITY AS z(zone, g)
       ) a`,
    [teamUID, ownerUID, zones],
  );
  await q(
    `CREATE TEMP TABLE bench_contact ON COMMIT DROP AS
       SELECT row_number() OVER (ORDER BY gtid COLLATE "C") - 1 AS i, gtid
       FROM contact WHERE team_uid = $1`,
    [teamUID],
  );
  const span = opts.days.to - opts.days.from + 1;
  const insert = (status: 'open' | 'done', count: number, salt: number) =>
    q(
      `WITH n AS (SELECT (SELECT count(*) FROM bench_assignee) AS a,
                         (SELECT count(*) FROM bench_contact) AS c)
       INSERT INTO task (team_uid, task_uid, gtid, name, notes, assignee_uid, due_date, due_time,
                         time_zone, actual_due_date, status, created_by, completed_at, completed_by)
       SELECT $1, 'task-bench-' || $2 || '-' || lpad(g::text, 7, '0'),
              CASE WHEN g % 5 = 0 OR n.c = 0 THEN NULL ELSE bc.gtid END,
              (ARRAY['Follow up', 'Send the proposal', 'Check in', 'Call back', 'Book a demo'])[1 + g % 5],
              '', ba.uid, d.day, d.time, ba.zone,
              (d.day + coalesce(d.time, '00:00')::time) AT TIME ZONE ba.zone,
              $3, $4,
              CASE WHEN $3 = 'done' THEN now() - (g % 1000) * interval '1 hour' END,
              CASE WHEN $3 = 'done' THEN ba.uid END
       FROM generate_series(1, $5::int) AS g
       CROSS JOIN n
       JOIN bench_assignee ba ON ba.i = g % n.a
       LEFT JOIN bench_contact bc ON bc.i = (g * 7919) % greatest(n.c, 1)
       CROSS JOIN LATERAL (
         -- Each assignee's tasks cycle through every day of the span.
         SELECT (now() AT TIME ZONE ba.zone)::date + ($6::int + (g / n.a + $2) % $7::int)::int AS day,
                CASE WHEN g % 4 = 0 THEN NULL
                     ELSE lpad((8 + g % 15)::text, 2, '0') || ':' || (ARRAY['00', '15', '30', '45'])[1 + g % 4] END AS time
       ) d`,
      [teamUID, salt, status, ownerUID, count, opts.days.from, span],
    );
  await insert('open', opts.open, 1);
  const done = Math.floor(opts.open / 2);
  await insert('done', done, 2);
  await q(`ANALYZE task`, []);
  return { members: zones.length, open: opts.open, done };
}
