import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueueTimeError, UnknownQueueError } from '../jobs/boss';
import { ENGINE, startTestServices, type TestServices } from '../test/harness';
import { hasCause, isUniqueViolation } from './errors';
import { PoolUsedInTransactionError } from './pool';
import { systemScope } from './scope';
import { withTx } from './tx';

const scope = systemScope('test');
let s: TestServices;

beforeAll(async () => {
  s = await startTestServices();
  await s.database.db.execute(sql`CREATE TABLE tx_probe (id int PRIMARY KEY, note text)`);
  await s.database.db.execute(
    sql`CREATE TABLE tx_deferred (n serial PRIMARY KEY, label text NOT NULL, hits int NOT NULL DEFAULT 0)`,
  );
});
afterAll(() => s.cleanup());

async function jobsIn(queue: string, marker: string): Promise<number> {
  const r = await s.database.pool.query(
    `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND data->>'marker' = $2`,
    [queue, marker],
  );
  return r.rows[0].n as number;
}

describe(`the shared connection (${ENGINE})`, () => {
  it('drops the job of a failed transaction and keeps the job a concurrent flow sent meanwhile', async () => {
    let txSent!: () => void;
    const txHasSent = new Promise<void>((resolve) => (txSent = resolve));
    const failing = withTx(s.database, scope, async (tx) => {
      await s.jobs.send('maintenance', { marker: 'in-tx' }, { db: tx.bossDb });
      txSent();
      // Give the other flow time to reach the database while this transaction is open.
      await new Promise((resolve) => setTimeout(resolve, 150));
      throw new Error('boom');
    });
    // Another flow, not awaited inside the transaction: it must neither run inside it (and be
    // rolled back with it) nor be lost.
    await txHasSent;
    const concurrent = s.jobs.send('maintenance', { marker: 'outside' });
    await expect(failing).rejects.toThrow('boom');
    await concurrent;
    expect(await jobsIn('maintenance', 'in-tx')).toBe(0);
    expect(await jobsIn('maintenance', 'outside')).toBe(1);
  });

  it('keeps the job of a committed transaction', async () => {
    await withTx(s.database, scope, async (tx) => {
      await s.jobs.send('maintenance', { marker: 'committed' }, { db: tx.bossDb });
    });
    expect(await jobsIn('maintenance', 'committed')).toBe(1);
  });

  it('answers the next, unrelated query after an SQL error', async () => {
    await s.database.db.execute(sql`INSERT INTO tx_probe (id, note) VALUES (1, 'first')`);
    const failed = await s.database.db
      .execute(sql`INSERT INTO tx_probe (id, note) VALUES (1, 'again')`)
      .catch((e: unknown) => e);
    expect(isUniqueViolation(failed)).toBe(true);
    const r = await s.database.db.execute<{ note: string }>(
      sql`SELECT note FROM tx_probe WHERE id = 1`,
    );
    expect(r.rows).toEqual([{ note: 'first' }]);
  });

  it('answers the next query after a duplicate key inside a transaction', async () => {
    const failed = await withTx(s.database, scope, async (tx) => {
      await tx.db.execute(sql`INSERT INTO tx_probe (id, note) VALUES (2, 'two')`);
      await tx.db.execute(sql`INSERT INTO tx_probe (id, note) VALUES (2, 'two again')`);
    }).catch((e: unknown) => e);
    expect(isUniqueViolation(failed)).toBe(true);
    const r = await s.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM tx_probe WHERE id = 2`,
    );
    expect(r.rows[0]!.n).toBe(0);
  });

  it('throws at once when the pool is used inside a transaction, instead of hanging', async () => {
    const started = Date.now();
    const viaDrizzle = await withTx(s.database, scope, async () => {
      await s.database.db.execute(sql`SELECT 1`);
    }).catch((e: unknown) => e);
    expect(hasCause(viaDrizzle, PoolUsedInTransactionError)).toBe(true);
    await expect(
      withTx(s.database, scope, async () => {
        await s.jobs.send('maintenance', { marker: 'pool-in-tx' });
      }),
    ).rejects.toBeInstanceOf(PoolUsedInTransactionError);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await jobsIn('maintenance', 'pool-in-tx')).toBe(0);
    // and the connection is still usable afterwards
    const r = await s.database.db.execute<{ one: number }>(sql`SELECT 1 AS one`);
    expect(r.rows[0]!.one).toBe(1);
  });

  it('commits a transaction whose first step is not a statement, and one that only defers writes', async () => {
    // BEGIN waits in the socket's buffer for the first statement: it must go out regardless.
    await withTx(s.database, scope, async (tx) => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      await tx.db.execute(sql`INSERT INTO tx_probe (id, note) VALUES (40, 'late')`);
    });
    await withTx(s.database, scope, async (tx) => {
      tx.defer('tx_probe', sql`INSERT INTO tx_probe (id, note) VALUES (41, 'deferred')`);
    });
    const r = await s.database.db.execute<{ id: number; note: string }>(
      sql`SELECT id, note FROM tx_probe WHERE id IN (40, 41) ORDER BY id`,
    );
    expect(r.rows).toEqual([
      { id: 40, note: 'late' },
      { id: 41, note: 'deferred' },
    ]);
  });

  it('rolls back a transaction that fails before its first statement; the connection stays usable', async () => {
    const failed = await withTx(s.database, scope, async () => {
      throw new Error('before any statement');
    }).catch((e: unknown) => e);
    expect((failed as Error).message).toBe('before any statement');
    const r = await s.database.db.execute<{ one: number }>(sql`SELECT 1 AS one`);
    expect(r.rows[0]!.one).toBe(1);
    await withTx(s.database, scope, async (tx) => {
      await tx.db.execute(sql`INSERT INTO tx_probe (id, note) VALUES (42, 'after')`);
    });
    const after = await s.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM tx_probe WHERE id = 42`,
    );
    expect(after.rows[0]!.n).toBe(1);
  });

  it('runs after-commit work once per key after a commit, and never after a rollback', async () => {
    const ran: string[] = [];
    await withTx(s.database, scope, async (tx) => {
      await tx.db.execute(sql`INSERT INTO tx_probe (id, note) VALUES (9041, 'hook')`);
      tx.afterCommit('a', () => ran.push(`a while open: ${String(ran.length)}`));
      tx.afterCommit('a', () => ran.push('a again'));
      tx.afterCommit('b', () => ran.push('b'));
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(['a while open: 0', 'b']);

    ran.length = 0;
    await expect(
      withTx(s.database, scope, async (tx) => {
        await tx.db.execute(sql`INSERT INTO tx_probe (id, note) VALUES (9042, 'hook')`);
        tx.afterCommit('a', () => ran.push('a'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(ran).toEqual([]);
  });

  it('refuses to nest transactions', async () => {
    await expect(
      withTx(s.database, scope, () => withTx(s.database, scope, async () => 1)),
    ).rejects.toThrow(/inside an open transaction/);
  });

  it('throws on a send to a queue that does not exist', async () => {
    await expect(s.jobs.send('no-such-queue', { marker: 'x' })).rejects.toBeInstanceOf(
      UnknownQueueError,
    );
  });

  it("refuses pg-boss's own delays: a wait is a stored time on the app clock", async () => {
    for (const options of [
      { startAfter: 60 },
      { retryDelay: 30 },
      { retryBackoff: true },
      { singletonSeconds: 60 },
      { singletonNextSlot: true },
    ]) {
      await expect(
        s.jobs.send('maintenance', { marker: 'timed' }, options as never),
      ).rejects.toBeInstanceOf(QueueTimeError);
    }
    expect(await jobsIn('maintenance', 'timed')).toBe(0);
  });

  it('numbers change-log entries per team without gaps, in commit order, and only on commit', async () => {
    const run = (team: string, n: number) =>
      withTx(s.database, scope, async (tx) => {
        for (let i = 0; i < n; i++) tx.recordChange(team, 'contact', `c${i}`, 'update');
      });
    await Promise.all([run('team-a', 2), run('team-b', 1), run('team-a', 3), run('team-a', 1)]);
    await expect(
      withTx(s.database, scope, async (tx) => {
        tx.recordChange('team-a', 'contact', 'lost', 'update');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow();
    const r = await s.database.db.execute<{ team_uid: string; seq: string }>(
      sql`SELECT team_uid, seq FROM change_log WHERE team_uid IN ('team-a', 'team-b') ORDER BY team_uid, seq`,
    );
    const seqs = (team: string) =>
      r.rows.filter((x) => x.team_uid === team).map((x) => Number(x.seq));
    expect(seqs('team-a')).toEqual([1, 2, 3, 4, 5, 6]);
    expect(seqs('team-b')).toEqual([1]);
  });

  it('writes a transaction with more changes than one statement can carry (bulk work)', async () => {
    const n = 12_000; // × 7 columns > 65,535 statement parameters
    await withTx(s.database, scope, async (tx) => {
      for (let i = 0; i < n; i++) tx.recordChange('team-bulk', 'contact', `c${i}`, 'update');
    });
    const r = await s.database.db.execute<{ n: string; lo: string; hi: string }>(
      sql`SELECT count(*) n, min(seq) lo, max(seq) hi FROM change_log WHERE team_uid = 'team-bulk'`,
    );
    expect(r.rows[0]).toMatchObject({ n: String(n), lo: '1', hi: String(n) });
  });

  it('locks several teams in team order, so crossing multi-team transactions do not deadlock', async () => {
    const both = (first: string, second: string) =>
      withTx(s.database, scope, async (tx) => {
        tx.recordChange(first, 'pipeline', 'p', 'update');
        tx.recordChange(second, 'pipeline', 'p', 'update');
      });
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        i % 2 ? both('team-x', 'team-y') : both('team-y', 'team-x'),
      ),
    );
    const r = await s.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM change_log WHERE team_uid IN ('team-x', 'team-y')`,
    );
    expect(r.rows[0]!.n).toBe(12);
  });

  describe('deferred writes', () => {
    const insert = (labels: string[]) => sql`
      INSERT INTO tx_deferred (label) SELECT unnest(${sql.param(labels)}::text[])`;
    const labels = async (prefix: string) =>
      (
        await s.database.db.execute<{ label: string; hits: number }>(sql`
          SELECT label, hits FROM tx_deferred WHERE label LIKE ${prefix + '%'} ORDER BY n`)
      ).rows;

    it('are seen by the next read of the same transaction, and commit with it', async () => {
      const seen = await withTx(s.database, scope, async (tx) => {
        tx.defer('tx_deferred', insert(['seen-a']));
        tx.deferRows('tx_deferred', ['seen-b', 'seen-c'], insert);
        const r = await tx.db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM tx_deferred WHERE label LIKE 'seen-%'`,
        );
        return r.rows[0]!.n;
      });
      expect(seen).toBe(3);
      expect((await labels('seen-')).map((r) => r.label)).toEqual(['seen-a', 'seen-b', 'seen-c']);
    });

    it('go out as one statement with the change log, rows of one table in the order queued', async () => {
      const statements = await withTx(s.database, scope, async (tx) => {
        const client = tx.client as unknown as { query: (...args: unknown[]) => unknown };
        const query = client.query.bind(client);
        let count = 0;
        client.query = (...args: unknown[]) => {
          count++;
          return query(...args);
        };
        tx.deferRows('tx_deferred', ['order-1', 'order-2'], insert);
        tx.defer('tx_probe', sql`INSERT INTO tx_probe (id, note) VALUES (4242, 'deferred')`);
        tx.recordChange('team-deferred', 'note', '4242', 'insert');
        await tx.flushChanges(); // what withTx runs last, before COMMIT
        client.query = query;
        return count;
      });
      expect(statements).toBe(1);
      expect((await labels('order-')).map((r) => r.label)).toEqual(['order-1', 'order-2']);
      const seqs = await s.database.db.execute<{ seq: number }>(
        sql`SELECT seq FROM change_log WHERE team_uid = 'team-deferred'`,
      );
      expect(seqs.rows.map((r) => Number(r.seq))).toEqual([1]);
    });

    it('apply two updates of the same rows one after the other, not in one statement', async () => {
      await s.database.db.execute(insert(['twice']));
      const bump = sql`UPDATE tx_deferred SET hits = hits + 1 WHERE label = 'twice'`;
      await withTx(s.database, scope, async (tx) => {
        tx.defer('tx_deferred', bump);
        tx.defer('tx_deferred', bump);
      });
      expect(await labels('twice')).toEqual([{ label: 'twice', hits: 2 }]);
    });

    it('roll back with the transaction when a later statement fails', async () => {
      await expect(
        withTx(s.database, scope, async (tx) => {
          tx.defer('tx_deferred', insert(['rolled-back']));
          await tx.db.execute(sql`SELECT 1 / 0`);
        }),
      ).rejects.toThrow();
      expect(await labels('rolled-back')).toEqual([]);
    });

    it('commit nothing when the last statement, sent with COMMIT right behind it, fails', async () => {
      await s.database.db.execute(sql`INSERT INTO tx_probe (id, note) VALUES (77, 'there')`);
      const failed = await withTx(s.database, scope, async (tx) => {
        await tx.db.execute(insert(['before-last']));
        tx.defer('tx_probe', sql`INSERT INTO tx_probe (id, note) VALUES (77, 'again')`);
        tx.recordChange('team-last', 'note', '77', 'insert');
      }).catch((e: unknown) => e);
      expect(isUniqueViolation(failed)).toBe(true);
      expect(await labels('before-last')).toEqual([]);
      const log = await s.database.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM change_log WHERE team_uid = 'team-last'`,
      );
      expect(log.rows[0]!.n).toBe(0);
      // The connection goes on: the next transaction commits.
      await withTx(s.database, scope, async (tx) => {
        tx.defer('tx_deferred', insert(['after-last']));
        tx.recordChange('team-last', 'note', '78', 'insert');
      });
      expect((await labels('after-last')).map((r) => r.label)).toEqual(['after-last']);
    });
  });
});
