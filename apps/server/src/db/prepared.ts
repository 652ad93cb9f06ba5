import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { AppDb } from './database';

/**
 * Named (server-side prepared) statements for the hottest statements (DESIGN §9): the API's
 * identity check, a card's drop and every transaction's last statement. An unnamed statement
 * is parsed, analysed and planned by the database on every call; for the stage change that was
 * about 1 ms of PostgreSQL's CPU a move (more in PGlite), more than executing them. A named one
 * is parsed once per connection and, after a few calls, runs a cached generic plan.
 *
 * Names are per connection (PGlite serves all its socket connections from one backend, so a
 * reconnected client must not reuse a name a dead one left there). A text gets a name on its
 * second sighting, and at most {@link MAX_NAMED} texts ever do, so statements whose text varies
 * (bulk actions' VALUES lists) cannot fill the database's memory with plans: each connection
 * holds at most that many.
 */
const MAX_NAMED = 100;
/**
 * Bulk statements (hundreds of rows bound one by one) stay unnamed: a cached plan of their
 * size costs the database memory for little gain, and their shapes rarely repeat.
 */
const MAX_NAMED_PARAMS = 256;
const MAX_NAMED_TEXT = 16_000;
/** Texts seen once, waiting for a second call (cleared when full: a bound, not a cache). */
const SEEN_ONCE_MAX = 1000;

const named = new Map<string, number>();
const seenOnce = new Set<string>();
const connectionIds = new WeakMap<object, number>();
let nextConnectionId = 0;

/** The statement's name on `client`'s connection, or undefined to send it unnamed. */
export function statementName(
  client: pg.ClientBase,
  text: string,
  paramCount = 0,
): string | undefined {
  if (paramCount > MAX_NAMED_PARAMS || text.length > MAX_NAMED_TEXT) return undefined;
  let n = named.get(text);
  if (n === undefined) {
    if (named.size >= MAX_NAMED) return undefined;
    if (!seenOnce.has(text)) {
      if (seenOnce.size >= SEEN_ONCE_MAX) seenOnce.clear();
      seenOnce.add(text);
      return undefined;
    }
    seenOnce.delete(text);
    n = named.size;
    named.set(text, n);
  }
  // The connection object is shared by a pooled client and the views withTx makes of it.
  const connection = (client as unknown as { connection?: object }).connection ?? client;
  let id = connectionIds.get(connection);
  if (id === undefined) {
    id = ++nextConnectionId;
    connectionIds.set(connection, id);
  }
  return `ll${n}_${id}`;
}

/**
 * The result parsers drizzle's `execute` uses (drizzle-orm/node-postgres session): dates, times
 * and intervals as the database's text, everything else as pg parses it. The same results as
 * `db.execute`, so a statement can move to a prepared one without its callers noticing.
 */
const RAW_TEXT_TYPES = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
]);
const asText = (value: string) => value;
const drizzleTypes = {
  getTypeParser: (oid: number, format?: string) =>
    RAW_TEXT_TYPES.has(oid) ? asText : pg.types.getTypeParser(oid, (format ?? 'text') as 'text'),
} as pg.CustomTypesConfig;

const dialect = new PgDialect();

/** A query config for `client`: named when {@link statementName} says so. */
export function preparedConfig(
  client: pg.ClientBase,
  text: string,
  values: unknown[],
): pg.QueryConfig {
  const name = statementName(client, text, values.length);
  return name === undefined
    ? { text, values, types: drizzleTypes }
    : { name, text, values, types: drizzleTypes };
}

/**
 * `db.execute(statement)` as a named statement (see above): for a handful of hot, fixed-shape
 * statements. `db` is the pool's drizzle instance or a transaction's (`tx.db`, whose deferred
 * writes still go out first).
 */
export async function executePrepared<R extends Record<string, unknown>>(
  db: AppDb,
  statement: SQL,
): Promise<{ rows: R[] }> {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const target = (db as unknown as { $client: pg.Pool | pg.PoolClient }).$client;
  if (!(target instanceof pg.Pool)) {
    return (await target.query(preparedConfig(target, text, params))) as unknown as {
      rows: R[];
    };
  }
  // As pg-pool's own `query` does: a client that failed a query is dropped, not reused.
  const client = await target.connect();
  try {
    const result = await client.query(preparedConfig(client, text, params));
    client.release();
    return result as unknown as { rows: R[] };
  } catch (error) {
    client.release(error as Error);
    throw error;
  }
}
