/**
 * What the disk allows before any Leadloom code runs: on PostgreSQL, every action commits with
 * fsync on, and a team's writes take its change-log counter row lock until their commit is on
 * disk (DESIGN §5: seq follows commit order). So `writers` clients updating one row and
 * committing measure the floor under a stage change's latency at that concurrency.
 */
import pg from 'pg';
import { percentile } from './stats';

export interface CommitFloor {
  /** One client, one committed single-row update after another. */
  sequentialP50: number;
  /** `writers` clients, each committing an update of the same row (a team's counter). */
  sharedRowP50: number;
  sharedRowP95: number;
}

export async function measureCommitFloor(url: string, writers: number): Promise<CommitFloor> {
  const clients = await Promise.all(
    Array.from({ length: writers }, async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      return c;
    }),
  );
  const [first] = clients;
  try {
    await first!.query('CREATE TABLE IF NOT EXISTS bench_commit_floor (id int PRIMARY KEY, n int)');
    await first!.query('INSERT INTO bench_commit_floor VALUES (1, 0) ON CONFLICT DO NOTHING');
    const bump = async (c: pg.Client) => {
      const t = performance.now();
      await c.query('BEGIN');
      await c.query('UPDATE bench_commit_floor SET n = n + 1 WHERE id = 1');
      await c.query('COMMIT');
      return performance.now() - t;
    };
    const sequential: number[] = [];
    for (let i = 0; i < 200; i++) sequential.push(await bump(first!));
    const shared: number[] = [];
    await Promise.all(
      clients.map(async (c) => {
        for (let i = 0; i < 200; i++) shared.push(await bump(c));
      }),
    );
    sequential.sort((a, b) => a - b);
    shared.sort((a, b) => a - b);
    return {
      sequentialP50: percentile(sequential, 50),
      sharedRowP50: percentile(shared, 50),
      sharedRowP95: percentile(shared, 95),
    };
  } finally {
    await first!.query('DROP TABLE IF EXISTS bench_commit_floor').catch(() => {});
    await Promise.all(clients.map((c) => c.end()));
  }
}
