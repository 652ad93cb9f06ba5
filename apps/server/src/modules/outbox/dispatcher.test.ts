import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { systemScope } from '../../db/scope';
import { withTx } from '../../db/tx';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import { OutboxDispatcher, type DispatcherOptions } from './dispatcher';
import { recordFirstStart } from './repo';
import { effectsOf, queueRows, recordingConsumer, rowsOf, writeEffects } from './test-helpers';
import type { OutboxConsumer } from './types';

/**
 * The outbox dispatcher on the real database: rows are claimed by state (never by an id mark),
 * once each, fairly across teams, with leases and retries on the app clock.
 */

const SECOND = 1_000;

let s: TestServices;
beforeAll(async () => {
  s = await startTestServices();
});
afterAll(() => s.cleanup());
afterEach(() => s.testClock.reset());

const dispatcher = (kind: string, consume: OutboxConsumer, opts: Partial<DispatcherOptions> = {}) =>
  new OutboxDispatcher(s.database, s.logger, { kind, consume, ...opts });

describe(`the outbox dispatcher (${ENGINE})`, () => {
  it('two dispatchers racing never hand one row to both, and deliver every row once', async () => {
    const kind = 'race';
    for (const team of ['team-r1', 'team-r2', 'team-r3', 'team-r4']) {
      await queueRows(s, team, kind, 150);
    }
    const a = recordingConsumer();
    const b = recordingConsumer();
    const opts = { batchSize: 25, perTeam: 10 };
    await Promise.all([
      dispatcher(kind, a.consume, opts).drain(),
      dispatcher(kind, b.consume, opts).drain(),
      dispatcher(kind, a.consume, opts).drain(),
    ]);
    const handed = [...a.seen, ...b.seen].map((r) => r.id);
    expect(handed).toHaveLength(600);
    expect(new Set(handed).size).toBe(600);
    expect((await rowsOf(s, kind)).every((r) => r.state === 'done' && r.attempts === 1)).toBe(true);
    const effects = await effectsOf(s, kind);
    expect(effects).toHaveLength(600);
    expect(new Set(effects).size).toBe(600);
  });

  it('delivers a row with a lower id that commits after a higher one was dispatched', async () => {
    const kind = 'late-commit';
    const seen = recordingConsumer();
    const d = dispatcher(kind, seen.consume);
    let commitLate: () => Promise<void>;
    if (s.database.mode === 'postgres') {
      // A writer takes its id, then holds its transaction open while a later writer commits and
      // that later row is dispatched: the case where a plain sequence high-water mark loses rows.
      const held = new pg.Client({ connectionString: s.config.databaseUrl });
      await held.connect();
      await held.query('BEGIN');
      const now = s.clock.now();
      await held.query(
        `INSERT INTO outbox (team_uid, kind, payload, created_at, deliver_after)
         VALUES ('team-late', $1, '{"n":"early"}',
           timestamptz 'epoch' + $2::bigint * interval '1 millisecond',
           timestamptz 'epoch' + $2::bigint * interval '1 millisecond')`,
        [kind, now],
      );
      commitLate = async () => {
        await held.query('COMMIT');
        await held.end();
      };
    } else {
      // One connection (embedded): transactions cannot overlap, so the late row is made visible
      // after the higher one was dispatched, with the lower id a slow writer would have taken.
      const reserved = await s.database.pool.query<{ id: string }>(
        `SELECT nextval(pg_get_serial_sequence('outbox', 'id')) AS id`,
      );
      const id = Number(reserved.rows[0]!.id);
      commitLate = async () => {
        const now = s.clock.now();
        await s.database.pool.query(
          `INSERT INTO outbox (team_uid, id, kind, payload, created_at, deliver_after)
           OVERRIDING SYSTEM VALUE
           VALUES ('team-late', $1, $2, '{"n":"early"}',
             timestamptz 'epoch' + $3::bigint * interval '1 millisecond',
             timestamptz 'epoch' + $3::bigint * interval '1 millisecond')`,
          [id, kind, now],
        );
      };
    }
    await queueRows(s, 'team-late', kind, 1);
    await d.drain();
    expect(seen.seen.map((r) => r.payload.n)).toEqual([1]);
    const later = seen.seen[0]!.id;

    await commitLate();
    await d.drain();
    expect(seen.seen.map((r) => r.payload.n)).toEqual([1, 'early']);
    expect(seen.seen[1]!.id).toBeLessThan(later);
    expect((await rowsOf(s, kind)).map((r) => r.state)).toEqual(['done', 'done']);
  });

  it('claims again the rows of a holder that crashed once its lease is over, never before', async () => {
    const kind = 'lease';
    await queueRows(s, 'team-lease', kind, 3);
    const crashed = dispatcher(
      kind,
      async () => {
        throw new Error('never called: this holder crashed after its claim');
      },
      { leaseMs: 60 * SECOND },
    );
    const claim = await crashed.claim();
    expect(claim.rows).toHaveLength(3);

    const live = recordingConsumer();
    const d = dispatcher(kind, live.consume);
    expect((await d.runBatch()).claimed).toBe(0);
    s.testClock.advance(59 * SECOND);
    expect((await d.runBatch()).claimed).toBe(0);
    s.testClock.advance(2 * SECOND);
    expect(await d.runBatch()).toMatchObject({ claimed: 3, done: 3 });
    expect(live.seen.map((r) => r.attempts)).toEqual([2, 2, 2]);

    // The crashed holder coming back finds its claim gone: nothing runs, nothing applies twice.
    const late = recordingConsumer();
    const back = dispatcher(kind, late.consume);
    expect(await back.deliver(claim.token, claim.rows)).toMatchObject({ lost: 3, done: 0 });
    expect(late.seen).toEqual([]);
    expect(await effectsOf(s, kind)).toHaveLength(3);
  });

  it("a consumer's failure leaves no effect and backs off on the app clock", async () => {
    const kind = 'failing';
    await queueRows(s, 'team-fail', kind, 2);
    let failing = true;
    const seen: number[] = [];
    const consume: OutboxConsumer = async (tx, rows) => {
      await writeEffects(tx, rows);
      seen.push(...rows.map((r) => r.id));
      if (failing) throw new Error('receiver down');
      return rows.map(() => ({ outcome: 'done' }));
    };
    const d = dispatcher(kind, consume, { retryDelayMs: (n) => n * 30 * SECOND });
    expect(await d.runBatch()).toMatchObject({ claimed: 2, retried: 2 });
    expect(await effectsOf(s, kind)).toEqual([]);
    const released = await rowsOf(s, kind);
    expect(released.map((r) => [r.state, r.attempts, r.lastError])).toEqual([
      ['pending', 1, 'receiver down'],
      ['pending', 1, 'receiver down'],
    ]);
    expect(Math.abs(released[0]!.dueInMs - 30 * SECOND)).toBeLessThan(2 * SECOND);

    failing = false;
    expect((await d.runBatch()).claimed).toBe(0);
    s.testClock.advance(28 * SECOND);
    expect((await d.runBatch()).claimed).toBe(0);
    s.testClock.advance(3 * SECOND);
    expect(await d.runBatch()).toMatchObject({ claimed: 2, done: 2 });
    expect(seen).toHaveLength(4);
    expect((await effectsOf(s, kind)).length).toBe(2);
    expect((await rowsOf(s, kind)).map((r) => [r.state, r.attempts])).toEqual([
      ['done', 2],
      ['done', 2],
    ]);
  });

  it('keeps a retry at the time the consumer names, and a permanent failure for good', async () => {
    const kind = 'answers';
    await queueRows(s, 'team-answers', kind, 3);
    const retryAt = s.clock.now() + 10 * 60 * SECOND;
    const answers = recordingConsumer((row) =>
      row.payload.n === 1
        ? { outcome: 'done' }
        : row.payload.n === 2
          ? { outcome: 'retry', atMs: retryAt, error: 'Retry-After 600' }
          : { outcome: 'failed', error: 'unknown contact' },
    );
    const d = dispatcher(kind, answers.consume);
    expect(await d.runBatch()).toMatchObject({ claimed: 3, done: 1, retried: 1, failed: 1 });
    const [done, retry, failed] = await rowsOf(s, kind);
    expect(done!.state).toBe('done');
    expect([retry!.state, retry!.lastError]).toEqual(['pending', 'Retry-After 600']);
    expect(Math.abs(retry!.dueInMs - 10 * 60 * SECOND)).toBeLessThan(2 * SECOND);
    expect([failed!.state, failed!.lastError]).toEqual(['failed', 'unknown contact']);
    // The effects of a row answered retry or failed commit with it: the consumer decided so.
    s.testClock.advance(10 * 60 * SECOND);
    expect(await d.runBatch()).toMatchObject({ claimed: 1 });
    expect(answers.seen.map((r) => r.payload.n)).toEqual([1, 2, 3, 2]);
  });

  it('a drain stops on rows a consumer keeps answering "retry now" instead of spinning', async () => {
    const kind = 'retry-now';
    await queueRows(s, 'team-retry-now', kind, 3);
    const busy = recordingConsumer(() => ({ outcome: 'retry', atMs: s.clock.now() }));
    const started = Date.now();
    expect(await dispatcher(kind, busy.consume).drain(60_000)).toEqual({
      delivered: 0,
      more: false,
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(busy.seen.map((r) => r.attempts)).toEqual([1, 1, 1, 2, 2, 2]);
  });

  it("one team's 100,000 rows do not hold up another team's single row", async () => {
    const kind = 'fair';
    await queueRows(s, 'team-big', kind, 100_000);
    await queueRows(s, 'team-small', kind, 1);
    const seen = recordingConsumer();
    const d = dispatcher(kind, seen.consume, { batchSize: 200, perTeam: 100 });
    const first = await d.runBatch();
    expect(first.claimed).toBeLessThanOrEqual(200);
    expect(seen.seen.filter((r) => r.teamUID === 'team-small')).toHaveLength(1);
    expect(seen.seen.filter((r) => r.teamUID === 'team-big').length).toBeLessThanOrEqual(100);

    // A team that turns up while the big one drains is served in the next claim.
    await queueRows(s, 'team-another', kind, 1);
    seen.seen.length = 0;
    await d.runBatch();
    expect(seen.seen.filter((r) => r.teamUID === 'team-another')).toHaveLength(1);
  });

  it('marks rows committed before a kind first started as skipped, and delivers later ones', async () => {
    const kind = 'first-start';
    await queueRows(s, 'team-first', kind, 3);
    const start = () =>
      withTx(s.database, systemScope('test'), (tx) =>
        recordFirstStart(systemScope('test'), tx, kind, s.clock.now()),
      );
    expect(await start()).toBe(3);
    await queueRows(s, 'team-first', kind, 1);
    // Started before: a restart skips nothing.
    expect(await start()).toBeNull();

    const seen = recordingConsumer();
    await dispatcher(kind, seen.consume).drain();
    expect(seen.seen).toHaveLength(1);
    expect((await rowsOf(s, kind)).map((r) => r.state)).toEqual([
      'skipped',
      'skipped',
      'skipped',
      'done',
    ]);
  });
});
