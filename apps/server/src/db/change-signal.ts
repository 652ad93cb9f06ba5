import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Logger } from '../logger';

/**
 * Wake-ups for the realtime stream (DESIGN §7). A signal only says "team T has new change-log
 * entries"; streams always read the entries themselves from `change_log`, so a lost, doubled or
 * forged signal can at worst cause a needless read, never a wrong event.
 *
 * In-process: withTx emits here after COMMIT (both engines; embedded mode has one process and one
 * connection, so this is its only path). On PostgreSQL, flushChanges also runs
 * `pg_notify(CHANGE_CHANNEL, notifyPayload(teamUID))` inside the transaction (delivered at
 * commit), so streams held by other app processes wake too; `PgChangeListener` is their
 * dedicated LISTEN connection.
 */
export const CHANGE_CHANNEL = 'leadloom_changes';

/**
 * This process's mark on its own NOTIFY payloads (`teamUID|mark`): its streams already woke
 * from the in-process signal at commit, so the listener skips them rather than waking every
 * stream a second time for the same commit (a second scope and change-log read per stream).
 */
export const PROCESS_MARK = randomUUID();

/** The NOTIFY payload for a commit of this process that changed `teamUID`. */
export const notifyPayload = (teamUID: string) => `${teamUID}|${PROCESS_MARK}`;

/** The team a NOTIFY payload wakes, or null when this process sent it (or it is unreadable). */
export function teamOfPayload(payload: string): string | null {
  const bar = payload.indexOf('|');
  if (bar === -1) return payload || null;
  return payload.slice(bar + 1) === PROCESS_MARK ? null : payload.slice(0, bar) || null;
}

const emitter = new EventEmitter();
emitter.setMaxListeners(0);

/** Called by withTx after a commit that wrote change-log entries. */
export function signalCommittedChanges(teamUIDs: Iterable<string>): void {
  for (const t of teamUIDs) emitter.emit('team', t);
}

/** Subscribes to wake-ups of every team; returns the unsubscribe function. */
export function onTeamChanges(listener: (teamUID: string) => void): () => void {
  emitter.on('team', listener);
  return () => emitter.off('team', listener);
}

/**
 * One LISTEN connection per process on PostgreSQL, opened while at least one stream is open and
 * forwarding NOTIFY payloads to the in-process signal. Reconnects after a failure.
 */
export class PgChangeListener {
  private client: pg.Client | null = null;
  private users = 0;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly connectionString: string,
    private readonly logger: Logger,
  ) {}

  acquire(): () => void {
    this.users++;
    if (this.users === 1) this.connect();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.users--;
      if (this.users === 0) this.disconnect();
    };
  }

  private connect(): void {
    const client = new pg.Client({ connectionString: this.connectionString });
    this.client = client;
    client.on('notification', (msg) => {
      const team =
        msg.channel === CHANGE_CHANNEL && msg.payload ? teamOfPayload(msg.payload) : null;
      if (team) signalCommittedChanges([team]);
    });
    client.on('error', (err) => {
      this.logger.warn({ err }, 'realtime LISTEN connection failed');
      this.reconnectLater(client);
    });
    client
      .connect()
      .then(() => client.query(`LISTEN ${CHANGE_CHANNEL}`))
      .catch((err: unknown) => {
        this.logger.warn({ err }, 'realtime LISTEN connection failed');
        this.reconnectLater(client);
      });
  }

  private reconnectLater(failed: pg.Client): void {
    if (this.client !== failed) return;
    this.client = null;
    failed.end().catch(() => {});
    if (this.users > 0 && !this.retry) {
      this.retry = setTimeout(() => {
        this.retry = null;
        if (this.users > 0 && !this.client) this.connect();
      }, 1000);
      this.retry.unref();
    }
  }

  private disconnect(): void {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const c = this.client;
    this.client = null;
    c?.end().catch(() => {});
  }
}
