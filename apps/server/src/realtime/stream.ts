import type { Database } from '../db/database';
import type { TeamScope } from '../db/scope';
import type { Logger } from '../logger';
import { encodeEventId } from './event-id';
import { headSeq, readChanges, visibleSeqs, type ChangeEntry } from './repo';

/** How far behind (entries, per team) a client may resume; further gets `reset`. */
export const MAX_BEHIND = 10_000;
/** Heartbeat (an SSE comment) and membership re-check interval. */
export const HEARTBEAT_MS = 15_000;
const PAGE = 500;

export interface StreamSink {
  /** Writes raw SSE text; resolves when written. */
  write(text: string): Promise<void>;
  /** Ends the response. */
  close(): void;
}

export interface StreamOptions {
  heartbeatMs?: number;
  maxBehind?: number;
}

/** Re-resolves the caller's scope in a team: null once they are no longer a member. */
export type ScopeResolver = (teamUID: string) => Promise<TeamScope | null>;

const sse = (fields: { event?: string; id?: string; data?: unknown; comment?: string }) => {
  let out = '';
  if (fields.comment !== undefined) out += `: ${fields.comment}\n`;
  if (fields.event) out += `event: ${fields.event}\n`;
  if (fields.id !== undefined) out += `id: ${fields.id}\n`;
  if (fields.data !== undefined) out += `data: ${JSON.stringify(fields.data)}\n`;
  return `${out}\n`;
};

/**
 * One client's stream over several teams (DESIGN §7). Wake-ups only mark a team dirty; a drain
 * reads each dirty team's new change-log entries once (coalescing any number of wake-ups into one
 * read per team per tick), re-resolves the member's scope, keeps what they may see and writes it.
 * `cursors` is the last seq handled per team; the event id carries it, so a resume continues
 * exactly after the last entry handled (delivered or held back as invisible).
 */
export class RealtimeStream {
  private readonly dirty = new Set<string>();
  private draining = false;
  private scheduled = false;
  private closed = false;
  private lastSentId = '';
  /** Teams whose cursor was checked against the head (once, on the first empty read). */
  private readonly headChecked = new Set<string>();
  private readonly timers: NodeJS.Timeout[] = [];
  readonly done: Promise<void>;
  private finish!: () => void;

  constructor(
    private readonly database: Database,
    private readonly log: Logger,
    private readonly scopes: Map<string, TeamScope>,
    private readonly cursors: Map<string, number>,
    private readonly resolveScope: ScopeResolver,
    private readonly sink: StreamSink,
    private readonly opts: Required<StreamOptions>,
  ) {
    this.done = new Promise((resolve) => (this.finish = resolve));
  }

  /** Sends `open` (the starting event id) and the backlog; then follows wake-ups. */
  async start(expiresAt: number): Promise<void> {
    const startId = encodeEventId(this.cursors);
    this.lastSentId = startId;
    await this.sink.write(
      sse({ event: 'open', id: startId, data: { teams: Object.fromEntries(this.cursors) } }),
    );
    const heartbeat = setInterval(() => {
      void this.sink.write(sse({ comment: 'heartbeat' })).catch(() => this.close());
      // Re-checks membership (and pipeline access) even when the team is quiet.
      for (const t of this.cursors.keys()) this.wake(t);
    }, this.opts.heartbeatMs);
    const expiry = setTimeout(
      () => void this.end({ reason: 'token-expired' }),
      Math.max(0, expiresAt - Date.now()),
    );
    this.timers.push(heartbeat, expiry);
    for (const t of this.cursors.keys()) this.wake(t);
  }

  wake(teamUID: string): void {
    if (this.closed || !this.cursors.has(teamUID)) return;
    this.dirty.add(teamUID);
    if (this.draining || this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.drain();
    });
  }

  private async drain(): Promise<void> {
    if (this.draining || this.closed) return;
    this.draining = true;
    try {
      while (this.dirty.size > 0 && !this.closed) {
        const teams = [...this.dirty];
        this.dirty.clear();
        for (const t of teams) {
          if (this.closed) break;
          await this.readTeam(t);
        }
      }
    } catch (err) {
      // The client resumes from its last event id.
      this.log.warn({ err }, 'realtime stream read failed');
      this.close();
    } finally {
      this.draining = false;
    }
  }

  private async readTeam(teamUID: string): Promise<void> {
    const db = this.database.db;
    // The member's scope is re-read on every wake-up (a removed member gets nothing more); the
    // first page of entries is read at the same time (on PostgreSQL, on another connection).
    // Reading entries needs only the team: the scope decides below what is delivered.
    const [scope, firstRows] = await Promise.all([
      this.resolveScope(teamUID),
      readChanges(this.scopes.get(teamUID)!, db, this.cursors.get(teamUID)!, PAGE),
    ]);
    if (!scope) return this.end({ reason: 'not-a-member', teamUID });
    this.scopes.set(teamUID, scope);
    let rows: ChangeEntry[] | null = firstRows;
    for (;;) {
      const cursor = this.cursors.get(teamUID)!;
      rows ??= await readChanges(scope, db, cursor, PAGE);
      if (rows.length === 0) {
        // Nothing after the cursor: a cursor beyond the head names entries this team never had
        // (checked once per team: the cursor only ever moves to entries read from the log).
        if (!this.headChecked.has(teamUID)) {
          this.headChecked.add(teamUID);
          if (cursor > (await headSeq(scope, db))) return this.end({ reason: 'reset' });
        }
        break;
      }
      // Seqs are gap-free per team: a hole right after the cursor means those entries expired.
      if (rows[0]!.seq !== cursor + 1) return this.end({ reason: 'reset' });
      let contiguous = rows.length;
      for (let i = 1; i < rows.length; i++) {
        if (rows[i]!.seq !== rows[i - 1]!.seq + 1) {
          contiguous = i;
          break;
        }
      }
      const batch = rows.slice(0, contiguous);
      const more = rows.length === PAGE && contiguous === rows.length;
      rows = null;
      const visible = await visibleSeqs(scope, db, batch);
      // The batch goes out as one write (one chunk for the client to parse, one flush).
      let text = '';
      for (const e of batch) {
        this.cursors.set(teamUID, e.seq);
        if (!visible.has(e.seq)) continue;
        const id = encodeEventId(this.cursors);
        this.lastSentId = id;
        text += sse({
          id,
          data: {
            teamUID,
            seq: e.seq,
            resource: e.resource,
            id: e.id,
            op: e.op,
            changeId: e.changeId,
            // A card's new place rides along with its move: boards apply it without a refetch.
            ...(e.placement ? { placement: e.placement } : {}),
          },
        });
      }
      // Entries held back still move the client's resume point (an id-only message).
      const id = encodeEventId(this.cursors);
      if (id !== this.lastSentId) {
        this.lastSentId = id;
        text += sse({ id });
      }
      if (this.closed) return;
      await this.sink.write(text);
      if (!more) break;
    }
  }

  /** Sends the final event (`reset`, or `close` with its reason) and ends the stream. */
  async end(data: { reason: string; teamUID?: string }): Promise<void> {
    if (this.closed) return;
    const event = data.reason === 'reset' ? 'reset' : 'close';
    await this.sink.write(sse({ event, data })).catch(() => {});
    this.close();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.sink.close();
    this.finish();
  }
}

/** Where each team starts: after the client's seq when given, else at the team's head ("now"). */
export async function startingCursors(
  database: Database,
  scopes: Map<string, TeamScope>,
  resume: Map<string, number>,
  maxBehind: number,
): Promise<{ cursors: Map<string, number>; tooFarBehind: boolean }> {
  const cursors = new Map<string, number>();
  let tooFarBehind = false;
  for (const [teamUID, scope] of scopes) {
    const head = await headSeq(scope, database.db);
    const from = resume.get(teamUID);
    if (from === undefined) cursors.set(teamUID, head);
    else {
      if (head - from > maxBehind || from > head) tooFarBehind = true;
      else if (from < head) {
        // The next entry must still be there (entries expire; seqs are gap-free per team).
        const [next] = await readChanges(scope, database.db, from, 1);
        if (next?.seq !== from + 1) tooFarBehind = true;
      }
      cursors.set(teamUID, from);
    }
  }
  return { cursors, tooFarBehind };
}
