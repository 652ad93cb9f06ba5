import { liveSessions } from '../auth/repo';
import type { Database } from '../db/database';
import { systemScope } from '../db/scope';
import type { Logger } from '../logger';

/**
 * How often open streams' sessions are re-read: a stream ends within this (plus one read) of its
 * session ending or its user being disabled.
 */
export const SESSION_CHECK_MS = 2_000;

const scope = systemScope('realtime session check');

/**
 * Ends open realtime streams whose session has ended (sign-out, sign-out everywhere, a password
 * change ending other sessions, expiry) or whose user was disabled.
 *
 * A poll rather than a signal: sessions end inside better-auth's own statements (no change signal
 * of ours), by a super admin's disable, by expiry, and on PostgreSQL in any process, and one read
 * covers them all. The read is one statement per tick for every stream of the process (by the
 * session table's primary key), and only while a stream is open.
 */
export class SessionWatch {
  private readonly watchers = new Map<string, Set<() => void>>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly database: Database,
    private readonly log: Logger,
    private readonly intervalMs = SESSION_CHECK_MS,
  ) {}

  /** Calls `onEnd` once the session `sid` no longer holds; the answer stops watching. */
  watch(sid: string, onEnd: () => void): () => void {
    let set = this.watchers.get(sid);
    if (!set) this.watchers.set(sid, (set = new Set()));
    set.add(onEnd);
    this.schedule();
    return () => {
      const current = this.watchers.get(sid);
      current?.delete(onEnd);
      if (current?.size === 0) this.watchers.delete(sid);
    };
  }

  private schedule(): void {
    if (this.timer || this.watchers.size === 0) return;
    this.timer = setTimeout(() => void this.tick(), this.intervalMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    const sids = [...this.watchers.keys()];
    try {
      const live = await liveSessions(scope, this.database.db, sids);
      for (const sid of sids) {
        if (live.has(sid)) continue;
        const ended = this.watchers.get(sid);
        this.watchers.delete(sid);
        for (const onEnd of ended ?? []) onEnd();
      }
    } catch (err) {
      // Tried again next tick; the token's own expiry still ends the stream.
      this.log.warn({ err }, 'realtime session check failed');
    } finally {
      this.timer = undefined;
      this.schedule();
    }
  }
}

const watches = new WeakMap<Database, SessionWatch>();

/** One watch per database (so one read per tick for the whole process). */
export function sessionWatchFor(database: Database, log: Logger): SessionWatch {
  let w = watches.get(database);
  if (!w) watches.set(database, (w = new SessionWatch(database, log)));
  return w;
}
