import type { Resource } from '@leadloom/core';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { AppClock } from '../clock';
import type { AppDb, Database } from './database';
import { CHANGE_CHANNEL, notifyPayload, signalCommittedChanges } from './change-signal';
import { txFlow } from './pool';
import { preparedConfig } from './prepared';
import type { Scope } from './scope';
import * as schema from './schema';

export type ChangeOp = 'insert' | 'update' | 'delete';

interface PendingChange {
  teamUID: string;
  resource: Resource;
  id: string;
  op: ChangeOp;
}

/**
 * A write whose result nobody reads, held back to go out with the transaction's next statement:
 * either a statement, or rows for one table whose statement is built when it is sent (so rows
 * queued one after the other, e.g. sync then workflow-trigger outbox rows, become one INSERT).
 */
type DeferredWrite =
  | { table: string; statement: SQL }
  | { table: string; rows: unknown[]; build: (rows: never[]) => SQL };

/** Rows merged into one deferred INSERT at most (its parameters stay far below the limit). */
const MERGED_ROWS = 2000;

/**
 * A statement may bind at most 65,535 parameters; deferred writes are grouped well below that
 * (bulk actions defer thousands of rows).
 */
const PARAMS_PER_STATEMENT = 30_000;

const dialect = new PgDialect();

/** pg-boss's connection interface, bound to the transaction's client. */
export interface BossDb {
  executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * One drizzle instance per pooled client (building one costs a walk over the whole schema),
 * bound to a view of the client that first sends the open transaction's deferred writes.
 */
interface ClientState {
  db: AppDb;
  tx: Tx | null;
}
const clientStates = new WeakMap<pg.PoolClient, ClientState>();

function stateFor(client: pg.PoolClient): ClientState {
  let state = clientStates.get(client);
  if (!state) {
    const s: ClientState = { db: null as unknown as AppDb, tx: null };
    const flushing = Object.create(client, {
      query: {
        // Looked up on each call (not bound once), so a test may wrap the client's query.
        value: (...args: unknown[]) => {
          const tx = s.tx;
          const query = () => {
            const sent = Reflect.apply(client.query, client, args) as Promise<unknown>;
            tx?.releaseBegin();
            return sent;
          };
          return tx?.hasDeferredWrites ? tx.flushWrites().then(query) : query();
        },
      },
    }) as pg.PoolClient;
    s.db = drizzle(flushing, { schema });
    clientStates.set(client, s);
    state = s;
  }
  return state;
}

/**
 * A transaction handle: a drizzle instance and a pg-boss `db` on the same client, plus the
 * change log of what this transaction did (written as its last statement, DESIGN §5).
 *
 * Round trips are most of a small action's cost, so writes whose results nobody reads can be
 * deferred (`defer`): they go out together, as one statement of data-modifying CTEs, right
 * before the transaction's next statement of any kind (so every read still sees them) or with
 * the change log at commit. A stage change is then one write statement, not eight.
 */
export class Tx {
  readonly db: AppDb;
  readonly bossDb: BossDb;
  private readonly changes: PendingChange[] = [];
  private deferred: DeferredWrite[] = [];

  constructor(
    readonly scope: Scope,
    readonly client: pg.PoolClient,
    /** Client-supplied id of this change, so a client can ignore its own echo (DESIGN §7). */
    readonly changeId: string | null,
    /** PostgreSQL: NOTIFY other processes' realtime streams at commit (DESIGN §7). */
    private readonly notify: boolean,
    /** The app clock: what the transaction schedules (a due time) is computed from it. */
    readonly clock: AppClock,
  ) {
    const state = stateFor(client);
    state.tx = this;
    this.db = state.db;
    this.bossDb = {
      executeSql: async (text, values) => {
        await this.flushWrites();
        const sent = client.query(text, values);
        this.releaseBegin();
        const r = await sent;
        return { rows: r.rows };
      },
    };
  }

  /**
   * The workflow whose step is being applied (set by the workflow runner around each action),
   * null for a person's own action. The triggers written meanwhile carry the run's depth, so a
   * workflow that triggers itself stops at core's WORKFLOW_MAX_DEPTH; the activities name the
   * workflow, so a contact's timeline says which workflow did what.
   */
  workflowStep: { workflowId: string; name: string; depth: number } | null = null;

  /** Uncorks the socket BEGIN waits in (withTx), once: see {@link holdBegin}. */
  private heldBegin: (() => void) | null = null;

  /**
   * Keeps BEGIN in the socket's buffer (corked) until the transaction's first statement has been
   * written behind it, so both go out in one socket write: a write on loopback costs about as
   * much CPU as building a statement (most of it the kernel's delivery to the database).
   * `release` uncorks; it runs after the first statement, at the end, or on the next turn of
   * the event loop if the flow does something else first.
   */
  holdBegin(release: () => void): void {
    this.heldBegin = release;
    setImmediate(() => this.releaseBegin());
  }

  releaseBegin(): void {
    const release = this.heldBegin;
    if (!release) return;
    this.heldBegin = null;
    release();
  }

  /** Detaches this handle from its pooled client (the transaction is over). */
  close(): void {
    this.releaseBegin();
    const state = clientStates.get(this.client);
    if (state?.tx === this) state.tx = null;
    this.deferred = [];
  }

  /** Records that `resource/id` changed; the change log rows are written at commit. */
  recordChange(teamUID: string, resource: Resource, id: string, op: ChangeOp): void {
    this.changes.push({ teamUID, resource, id, op });
  }

  /**
   * Queues a write to `table` (an INSERT, UPDATE or DELETE whose result the caller does not
   * need) to be sent with the transaction's next statement. Its errors surface there, so only
   * writes that are not expected to fail belong here (not an insert whose unique violation the
   * caller handles).
   */
  defer(table: string, statement: SQL): void {
    this.deferred.push({ table, statement });
  }

  /**
   * Queues rows to insert into `table`; `build` makes the statement when they are sent. Rows
   * queued right after rows of the same table and `build` join them: one INSERT, in order.
   */
  deferRows<R>(table: string, rows: readonly R[], build: (rows: R[]) => SQL): void {
    if (rows.length === 0) return;
    const last = this.deferred.at(-1);
    if (
      last &&
      'rows' in last &&
      last.table === table &&
      last.build === build &&
      last.rows.length + rows.length <= MERGED_ROWS
    ) {
      last.rows.push(...rows);
      return;
    }
    this.deferred.push({ table, rows: [...rows], build: build as (rows: never[]) => SQL });
  }

  /** Work for after COMMIT, keyed so a transaction runs each at most once. */
  private readonly commitHooks = new Map<string, () => void>();

  /**
   * Runs `fn` once the transaction has committed (never after a rollback), outside its async
   * context, like the realtime wake-up: e.g. waking the outbox dispatcher for rows this
   * transaction wrote. A second call with the same `key` keeps the first function.
   */
  afterCommit(key: string, fn: () => void): void {
    if (!this.commitHooks.has(key)) this.commitHooks.set(key, fn);
  }

  /** The functions `afterCommit` collected (withTx calls them after a successful commit). */
  takeCommitHooks(): (() => void)[] {
    const hooks = [...this.commitHooks.values()];
    this.commitHooks.clear();
    return hooks;
  }

  get hasDeferredWrites(): boolean {
    return this.deferred.length > 0;
  }

  /** Sends the deferred writes now, as few statements as the rules below allow. */
  async flushWrites(): Promise<void> {
    for (const group of this.takeDeferredGroups()) await this.db.execute(combine(group, null));
  }

  /**
   * The deferred writes as groups of statements, each group one statement of data-modifying
   * CTEs. A group touches a table once: the CTEs of one statement run in no defined order and
   * must not change the same rows, so a second write to a table starts a new group (which also
   * keeps rows of one table in the order they were queued). Groups stay below the parameter limit.
   */
  private takeDeferredGroups(): SQL[][] {
    const groups: SQL[][] = [];
    let group: SQL[] = [];
    let params = 0;
    let tables = new Set<string>();
    for (const d of this.deferred) {
      const statement = 'rows' in d ? d.build(d.rows as never[]) : d.statement;
      const count = dialect.sqlToQuery(statement).params.length;
      if (group.length > 0 && (tables.has(d.table) || params + count > PARAMS_PER_STATEMENT)) {
        groups.push(group);
        group = [];
        params = 0;
        tables = new Set();
      }
      group.push(statement);
      params += count;
      tables.add(d.table);
    }
    if (group.length > 0) groups.push(group);
    this.deferred = [];
    return groups;
  }

  /**
   * Bumps each touched team's counter and writes the change log, one statement per team that
   * also carries the last group of deferred writes. Runs as the transaction's last statement so
   * the counter row lock is held until commit and `seq` follows commit order; teams are locked
   * in team_uid order so two multi-team transactions cannot deadlock. With `commit` (withTx),
   * COMMIT goes out right behind the last statement.
   */
  async flushChanges(opts: { commit?: boolean } = {}): Promise<string[]> {
    const final = (statement: SQL) =>
      opts.commit ? this.finalStatement(statement) : this.db.execute(statement);
    const groups = this.takeDeferredGroups();
    const last = groups.pop() ?? [];
    for (const group of groups) await this.db.execute(combine(group, null));
    if (this.changes.length === 0) {
      if (last.length > 0) await final(combine(last, null));
      return [];
    }
    const byTeam = new Map<string, PendingChange[]>();
    const changes = this.changes.splice(0);
    for (const c of changes) {
      const list = byTeam.get(c.teamUID) ?? [];
      list.push(c);
      byTeam.set(c.teamUID, list);
    }
    const teams = [...byTeam.keys()].sort();
    for (const [i, teamUID] of teams.entries()) {
      const list = byTeam.get(teamUID)!;
      // Arrays bind three parameters however many entries there are.
      const log = sql`
        bumped AS (
          INSERT INTO team_counter (team_uid, seq) VALUES (${teamUID}, ${list.length})
          ON CONFLICT (team_uid) DO UPDATE SET seq = team_counter.seq + ${list.length}
          RETURNING seq),
        logged AS (
          INSERT INTO change_log (team_uid, seq, resource, id, op, change_id)
          SELECT ${teamUID}, bumped.seq - ${list.length} + v.n, v.resource, v.id, v.op,
            ${this.changeId}
          FROM bumped, unnest(${sql.param(list.map((c) => c.resource))}::text[],
            ${sql.param(list.map((c) => c.id))}::text[],
            ${sql.param(list.map((c) => c.op))}::text[]) WITH ORDINALITY AS v(resource, id, op, n))
        SELECT bumped.seq${
          // Only wakes streams (delivered at commit); they read the entries from change_log.
          this.notify ? sql`, pg_notify(${CHANGE_CHANNEL}, ${notifyPayload(teamUID)})` : sql``
        } FROM bumped`;
      const statement = combine(i === 0 ? last : [], log);
      if (i === teams.length - 1) await final(statement);
      else await this.db.execute(statement);
    }
    return teams;
  }

  /** Set once COMMIT has been sent (right behind the transaction's last statement). */
  private committing: Promise<unknown> | null = null;

  /**
   * Sends the transaction's last statement with COMMIT right behind it, without waiting for its
   * answer in between (the client is in pipeline mode, see withTx): the team counter's row lock
   * is then held for the server's work and the commit only, not for another round trip through
   * this process's event loop. When the statement fails, the transaction is already aborted and
   * that COMMIT only ends it (answering ROLLBACK); the statement's error is what surfaces.
   */
  private async finalStatement(statement: SQL): Promise<void> {
    const query = dialect.sqlToQuery(statement);
    // One socket write for both (and BEGIN, if this is the first statement).
    const stream = socketOf(this.client);
    stream?.cork();
    let sent: Promise<unknown>;
    try {
      // Named: the same shapes come back on every action of a kind (db/prepared.ts).
      sent = this.client.query(preparedConfig(this.client, query.sql, query.params));
      this.committing = this.client.query('COMMIT');
      this.committing.catch(() => {});
    } finally {
      this.releaseBegin();
      stream?.uncork();
    }
    await sent;
  }

  /** Commits: the change log (with COMMIT right behind it), or COMMIT alone. */
  async commit(): Promise<string[]> {
    const teams = await this.flushChanges({ commit: true });
    if (this.committing) await this.committing;
    else {
      const committed = this.client.query('COMMIT');
      this.releaseBegin();
      await committed;
    }
    return teams;
  }
}

/** Statements as the data-modifying CTEs of one statement, ending in `tail` (else `SELECT 1`). */
function combine(writes: readonly SQL[], tail: SQL | null): SQL {
  if (writes.length === 1 && tail === null) return writes[0]!;
  const ctes = writes.map((w, i) => sql`${sql.raw(`w${i}`)} AS (${w})`);
  if (tail === null) return sql`WITH ${sql.join(ctes, sql`, `)} SELECT 1`;
  return sql`WITH ${sql.join([...ctes, tail], sql`, `)}`;
}

/** The socket of a pg client's connection (pg 8: `client.connection.stream`), if it has one. */
function socketOf(client: pg.PoolClient): { cork(): void; uncork(): void } | undefined {
  const stream = (client as unknown as { connection?: { stream?: unknown } }).connection?.stream;
  return stream && typeof (stream as { cork?: unknown }).cork === 'function'
    ? (stream as { cork(): void; uncork(): void })
    : undefined;
}

/**
 * pg's pipeline mode (pg >= 8.21 reads `client.pipeline` on every dispatch). It is switched off
 * only with nothing on the wire: the ROLLBACK or COMMIT awaited before it is answered last.
 */
function setPipeline(client: pg.PoolClient, on: boolean): void {
  const c = client as unknown as PipelineState & pg.PoolClient;
  const idle = !c._activeQuery && !c._sentQueryQueue?.length && !c._queryQueue?.length;
  if (on || idle) {
    c.pipeline = on;
    return;
  }
  // Queries the flow started without awaiting are still on the wire: pg's non-pipelined
  // dispatch would take their answers for the next query's. Off once they are answered.
  c.once('drain', () => setPipeline(client, false));
}

/**
 * The pg client internals the switch reads (pg 8.23 lib/client.js). Without pipeline mode (an
 * older pg) the flag is ignored and queries simply go one after the other: same results, the
 * round trips back.
 */
interface PipelineState {
  pipeline: boolean;
  _activeQuery: unknown;
  _sentQueryQueue?: unknown[];
  _queryQueue?: unknown[];
}

/**
 * The options of every write (one name across the server): the client's `X-Change-Id`, echoed
 * in the change log so its realtime stream can skip its own echo (DESIGN §7).
 */
export interface WriteOptions {
  changeId?: string | null;
}

/**
 * Where a service runs (DESIGN §1.5): the database, where a write opens its own transaction and
 * reads share the pool, or a caller's open transaction, which the service joins. A workflow
 * step, a sync step or a bulk batch can so call several services inside one transaction; their
 * reads use `db.db` either way (the pool's drizzle, or the transaction's).
 */
export type Db = Database | Tx;

/**
 * Runs `fn` in a transaction: the caller's, when `db` is one (the change id is then the
 * caller's), else a new one (`withTx`).
 */
export function inTx<T>(
  db: Db,
  scope: Scope,
  fn: (tx: Tx) => Promise<T>,
  options: WriteOptions = {},
): Promise<T> {
  return db instanceof Tx ? fn(db) : withTx(db, scope, fn, options);
}

/**
 * The one way to run a transaction (DESIGN §3): READ COMMITTED, a drizzle instance and a
 * pg-boss `db` on one client, and a guard that makes any use of the shared pool inside the
 * flow throw at once (with one embedded connection it would otherwise wait forever).
 */
export async function withTx<T>(
  database: Database,
  scope: Scope,
  fn: (tx: Tx) => Promise<T>,
  options: WriteOptions = {},
): Promise<T> {
  if (txFlow.getStore()?.open) {
    throw new Error('withTx inside an open transaction: pass the Tx down instead of nesting.');
  }
  const client = await database.acquireForTransaction();
  const flow = { open: true };
  let changedTeams: string[] = [];
  let committedHooks: (() => void)[] = [];
  let tx: Tx | null = null;
  // Pipeline mode for the transaction's life (pg sends a query without waiting for the answer
  // to the one before; answers still come back in order): BEGIN goes out at once and the first
  // statement follows it on the wire, and COMMIT follows the last statement (Tx.commit), so
  // neither costs a round trip of its own. Queries the flow awaits one by one behave exactly as
  // without it. Turned off again once every answer is in (the ROLLBACK or COMMIT, answered last).
  setPipeline(client, true);
  const stream = socketOf(client);
  let corked = false;
  const uncorkBegin = () => {
    if (corked) stream?.uncork();
    corked = false;
  };
  try {
    // BEGIN fails only with the connection, and then so does every statement behind it. It
    // waits in the socket's buffer for the first statement (Tx.holdBegin).
    if (stream) {
      stream.cork();
      corked = true;
    }
    const begun = client.query('BEGIN ISOLATION LEVEL READ COMMITTED');
    begun.catch(() => {});
    tx = new Tx(
      scope,
      client,
      options.changeId ?? null,
      database.mode === 'postgres',
      database.clock,
    );
    tx.holdBegin(uncorkBegin);
    const open = tx;
    const result = await txFlow.run(flow, () => fn(open));
    await begun;
    changedTeams = await open.commit();
    committedHooks = open.takeCommitHooks();
    return result;
  } catch (error) {
    const rolledBack = client.query('ROLLBACK').catch(() => {});
    uncorkBegin();
    await rolledBack;
    throw error;
  } finally {
    uncorkBegin(); // never leave the pooled connection's socket corked
    // Work the callback started without awaiting may use the pool once the transaction is over.
    flow.open = false;
    tx?.close();
    setPipeline(client, false);
    client.release();
    // Wake this process's realtime streams, outside the transaction's async context.
    if (changedTeams.length > 0) txFlow.exit(() => signalCommittedChanges(changedTeams));
    if (committedHooks.length > 0) txFlow.exit(() => committedHooks.forEach((hook) => hook()));
  }
}
