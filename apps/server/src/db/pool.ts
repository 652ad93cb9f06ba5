import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import type { Logger } from 'pino';

/** Marks the async flow that holds an open transaction (see withTx). */
interface TxFlow {
  open: boolean;
}
export const txFlow = new AsyncLocalStorage<TxFlow>();

export class PoolUsedInTransactionError extends Error {
  constructor() {
    super(
      'The connection pool was used inside an open transaction; use the transaction handle from withTx. ' +
        '(With the single embedded connection this would wait forever.)',
    );
  }
}

function assertNoOpenTransaction(): void {
  if (txFlow.getStore()?.open) throw new PoolUsedInTransactionError();
}

export interface GuardedPool {
  /** The pool everyone shares (drizzle, better-auth, pg-boss); throws inside a transaction flow. */
  pool: pg.Pool;
  /** Checks a client out bypassing the guard: only for withTx. */
  acquireForTransaction(): Promise<pg.PoolClient>;
}

/**
 * One pool for the whole process. Embedded mode gets exactly one connection (DESIGN §3):
 * pglite-socket interleaves the protocol messages of several live connections.
 */
export function createGuardedPool(
  connectionString: string,
  opts: { max: number; logger: Logger },
): GuardedPool {
  const pool = new pg.Pool({
    connectionString,
    max: opts.max,
    idleTimeoutMillis: opts.max === 1 ? 0 : 30_000,
    // pg-pool's timeout covers the wait in its queue too. Embedded, that queue is the one
    // connection's (DESIGN §3): 8 busy clients or a slow start (migrations, job queues) make a
    // caller wait its turn, which is not a failure to connect; 5 s there failed requests that
    // would have been answered. A generous bound still ends a wait behind a stuck query.
    connectionTimeoutMillis: opts.max === 1 ? 120_000 : 5_000,
  });
  // An idle client that errors (server restart, socket closed) must not crash the process;
  // the pool drops it and the next query reconnects.
  pool.on('error', (error) => opts.logger.warn({ err: error }, 'idle database connection failed'));

  const rawConnect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const rawQuery = pool.query.bind(pool);
  // pg's Pool#connect and #query are overloaded (callback and promise forms); the guard must
  // cover both, since better-auth (kysely) and pg-boss use different ones.
  (pool as unknown as { connect: unknown }).connect = (...args: unknown[]) => {
    assertNoOpenTransaction();
    return (rawConnect as (...a: unknown[]) => unknown)(...args);
  };
  (pool as unknown as { query: unknown }).query = (...args: unknown[]) => {
    assertNoOpenTransaction();
    return (rawQuery as (...a: unknown[]) => unknown)(...args);
  };
  return { pool, acquireForTransaction: () => rawConnect() };
}
