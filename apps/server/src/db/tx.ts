import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { AppDb, Database } from './database';
import { CHANGE_CHANNEL, signalCommittedChanges } from './change-signal';
import { txFlow } from './pool';
import type { Scope } from './scope';
import * as schema from './schema';

export type ChangeOp = 'insert' | 'update' | 'delete';

const CHANGE_LOG_SLICE = 2000;

interface PendingChange {
  teamUID: string;
  resource: string;
  id: string;
  op: ChangeOp;
}

/** pg-boss's connection interface, bound to the transaction's client. */
export interface BossDb {
  executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * A transaction handle: a drizzle instance and a pg-boss `db` on the same client, plus the
 * change log of what this transaction did (written as its last statements, DESIGN §5).
 */
export class Tx {
  readonly db: AppDb;
  readonly bossDb: BossDb;
  private readonly changes: PendingChange[] = [];

  constructor(
    readonly scope: Scope,
    readonly client: pg.PoolClient,
    /** Client-supplied id of this change, so a client can ignore its own echo (DESIGN §7). */
    readonly changeId: string | null,
    /** PostgreSQL: NOTIFY other processes' realtime streams at commit (DESIGN §7). */
    private readonly notify = false,
  ) {
    this.db = drizzle(client, { schema });
    this.bossDb = {
      executeSql: async (text, values) => {
        const r = await client.query(text, values);
        return { rows: r.rows };
      },
    };
  }

  /** Records that `resource/id` changed; the change log rows are written at commit. */
  recordChange(teamUID: string, resource: string, id: string, op: ChangeOp): void {
    this.changes.push({ teamUID, resource, id, op });
  }

  /**
   * Bumps each touched team's counter and writes the change log. Runs as the transaction's last
   * statements so the counter row lock is held until commit and `seq` follows commit order;
   * teams are locked in team_uid order so two multi-team transactions cannot deadlock.
   */
  async flushChanges(): Promise<string[]> {
    if (this.changes.length === 0) return [];
    const byTeam = new Map<string, PendingChange[]>();
    for (const c of this.changes) {
      const list = byTeam.get(c.teamUID) ?? [];
      list.push(c);
      byTeam.set(c.teamUID, list);
    }
    const teams = [...byTeam.keys()].sort();
    for (const teamUID of teams) {
      const list = byTeam.get(teamUID)!;
      const bumped = await this.db.execute<{ seq: string }>(sql`
        INSERT INTO team_counter (team_uid, seq) VALUES (${teamUID}, ${list.length})
        ON CONFLICT (team_uid) DO UPDATE SET seq = team_counter.seq + ${list.length}
        RETURNING seq`);
      const last = Number(bumped.rows[0]!.seq);
      const first = last - list.length + 1;
      const rows = list.map((c, i) => ({
        teamUID,
        seq: first + i,
        resource: c.resource,
        id: c.id,
        op: c.op,
        changeId: this.changeId,
      }));
      // A statement takes at most 65,535 parameters: bulk work and seeds write in slices.
      for (let i = 0; i < rows.length; i += CHANGE_LOG_SLICE) {
        await this.db.insert(schema.changeLog).values(rows.slice(i, i + CHANGE_LOG_SLICE));
      }
      // Only wakes streams (delivered at commit); they read the entries from change_log.
      if (this.notify) await this.db.execute(sql`SELECT pg_notify(${CHANGE_CHANNEL}, ${teamUID})`);
    }
    return teams;
  }
}

export interface WithTxOptions {
  changeId?: string | null;
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
  options: WithTxOptions = {},
): Promise<T> {
  if (txFlow.getStore()?.open) {
    throw new Error('withTx inside an open transaction: pass the Tx down instead of nesting.');
  }
  const client = await database.acquireForTransaction();
  const flow = { open: true };
  let changedTeams: string[] = [];
  try {
    await client.query('BEGIN ISOLATION LEVEL READ COMMITTED');
    const tx = new Tx(scope, client, options.changeId ?? null, database.mode === 'postgres');
    const result = await txFlow.run(flow, () => fn(tx));
    const teams = await tx.flushChanges();
    await client.query('COMMIT');
    changedTeams = teams;
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    // Work the callback started without awaiting may use the pool once the transaction is over.
    flow.open = false;
    client.release();
    // Wake this process's realtime streams, outside the transaction's async context.
    if (changedTeams.length > 0) txFlow.exit(() => signalCommittedChanges(changedTeams));
  }
}
