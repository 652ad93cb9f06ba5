import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, startTestServices, type TestServices } from '../test/harness';
import { executePrepared } from './prepared';
import { systemScope } from './scope';
import { withTx } from './tx';

const scope = systemScope('test');
let s: TestServices;

beforeAll(async () => {
  s = await startTestServices();
});
afterAll(() => s.cleanup());

/** The statements prepared on the transaction's connection whose text contains `marker`. */
async function preparedWith(tx: { db: TestServices['database']['db'] }, marker: string) {
  const r = await tx.db.execute<{ name: string }>(
    sql`SELECT name FROM pg_prepared_statements WHERE strpos(statement, ${marker}) > 0`,
  );
  return r.rows.map((row) => row.name);
}

describe(`named statements (${ENGINE})`, () => {
  it('answers what db.execute answers, and is prepared from its second call on', async () => {
    const probe = (n: number) =>
      sql`SELECT ${n}::int AS n, timestamptz '2026-01-02 03:04:05+00' AS at, 'probe-a' AS marker`;
    await withTx(s.database, scope, async (tx) => {
      const plain = await tx.db.execute(probe(1));
      const first = await executePrepared(tx.db, probe(1));
      expect(first.rows).toEqual(plain.rows);
      expect(typeof first.rows[0]!.at).toBe('string'); // as drizzle answers dates: text
      expect(await preparedWith(tx, 'probe-a')).toEqual([]);
      const second = await executePrepared(tx.db, probe(2));
      expect(second.rows[0]!.n).toBe(2);
      expect(await preparedWith(tx, 'probe-a')).toHaveLength(1);
      expect((await executePrepared(tx.db, probe(3))).rows[0]!.n).toBe(3);
      expect(await preparedWith(tx, 'probe-a')).toHaveLength(1);
    });
  });

  it('keeps working on the connection that replaces one a failed query dropped', async () => {
    // Embedded, every socket connection shares PGlite's one backend: a new connection must not
    // reuse a name the dropped one left there.
    const probe = (n: number) => sql`SELECT ${n}::int AS n, 'probe-b' AS marker`;
    for (let i = 0; i < 3; i++) {
      expect((await executePrepared(s.database.db, probe(i))).rows[0]!.n).toBe(i);
    }
    const failed = await executePrepared(
      s.database.db,
      sql`SELECT 1 / ${0}::int AS n, 'probe-b' AS marker`,
    ).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(Error);
    await s.database.pool.query('SELECT * FROM no_such_table_here').catch(() => {});
    for (let i = 0; i < 3; i++) {
      expect((await executePrepared(s.database.db, probe(i))).rows[0]!.n).toBe(i);
    }
    await withTx(s.database, scope, async (tx) => {
      expect((await executePrepared(tx.db, probe(7))).rows[0]!.n).toBe(7);
    });
  });

  it('prepares a bounded number of distinct statements on a connection', async () => {
    await withTx(s.database, scope, async (tx) => {
      for (let i = 0; i < 130; i++) {
        const distinct = sql`SELECT ${i}::int AS n, ${sql.raw(`'probe-c-${i}'`)} AS marker`;
        await executePrepared(tx.db, distinct);
        expect((await executePrepared(tx.db, distinct)).rows[0]!.n).toBe(i);
      }
      const named = await preparedWith(tx, 'probe-c-');
      expect(named.length).toBeGreaterThan(0);
      expect(named.length).toBeLessThanOrEqual(100);
    });
  });

  it('leaves bulk statements unnamed', async () => {
    const bulk = sql`SELECT count(*)::int AS n, 'probe-d' AS marker FROM (VALUES ${sql.join(
      Array.from({ length: 300 }, (_, i) => sql`(${i})`),
      sql`, `,
    )}) AS v(x)`;
    await withTx(s.database, scope, async (tx) => {
      for (let i = 0; i < 3; i++) expect((await executePrepared(tx.db, bulk)).rows[0]!.n).toBe(300);
      expect(await preparedWith(tx, 'probe-d')).toEqual([]);
    });
  });
});
