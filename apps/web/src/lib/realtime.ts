/**
 * Realtime (issue 6, DESIGN §7): one Server-Sent Events stream per browser.
 *
 * The leader tab (the one holding the `leadloom-realtime` Web Lock) opens
 * GET /api/realtime?teams=... with `fetch` (the stream needs the Bearer token), parses it, and
 * shares every message with the other tabs over BroadcastChannel('leadloom-realtime'). Each tab
 * tells the leader which team it has open; the stream covers the union and is reopened with the
 * last event id when that set changes, when the token expires (`close`) or when the connection
 * drops (with backoff). The pure parts (SSE parsing, id bookkeeping, change → query keys) are
 * exported for tests.
 */
import { api } from './api';

// ---- SSE parsing ------------------------------------------------------------------------------

export interface SseMessage {
  /** `message` unless the stream named another type. */
  event: string;
  data: string;
  /** The `id` field of this message, when it had one. */
  id: string | null;
}

/**
 * An incremental text/event-stream parser: feed it chunks, it calls `onMessage` per message.
 * Comments (`: heartbeat`) are skipped; `data` lines join with "\n"; a message with only an id
 * is delivered too (the stream uses it to move the resume point).
 */
export function createSseParser(onMessage: (message: SseMessage) => void) {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let id: string | null = null;
  let hasField = false;

  function dispatch() {
    if (hasField && (data.length > 0 || id !== null)) {
      onMessage({ event: event || 'message', data: data.join('\n'), id });
    }
    event = '';
    data = [];
    id = null;
    hasField = false;
  }

  function line(text: string) {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id') {
      if (value.includes('\0')) return;
      id = value;
    } else return;
    hasField = true;
  }

  return {
    push(chunk: string) {
      buffer += chunk;
      for (;;) {
        const match = /\r\n|\r|\n/.exec(buffer);
        if (!match) break;
        // A lone "\r" at the end may be the first half of "\r\n": wait for more.
        if (match[0] === '\r' && match.index === buffer.length - 1) break;
        line(buffer.slice(0, match.index));
        buffer = buffer.slice(match.index + match[0].length);
      }
    },
    /** Drops a half-received message (the connection ended). */
    reset() {
      buffer = '';
      event = '';
      data = [];
      id = null;
      hasField = false;
    },
  };
}

// ---- ids and team sets ------------------------------------------------------------------------

/** Parses `teamUID:seq,teamUID:seq`; unreadable parts are skipped. */
export function parseEventId(id: string): Map<string, number> {
  const seqs = new Map<string, number>();
  for (const part of id.split(',')) {
    const colon = part.lastIndexOf(':');
    if (colon <= 0) continue;
    const seq = Number(part.slice(colon + 1));
    if (Number.isSafeInteger(seq) && seq >= 0) seqs.set(part.slice(0, colon), seq);
  }
  return seqs;
}

/** The id to resume `teams` with, from what the stream told us; null when we know none. */
export function formatEventId(seqs: ReadonlyMap<string, number>, teams: readonly string[]) {
  const parts = [...teams]
    .filter((team) => seqs.has(team))
    .sort()
    .map((team) => `${team}:${seqs.get(team)}`);
  return parts.length ? parts.join(',') : null;
}

/**
 * Where the stream is per team. Every id received is merged in, so a team that leaves the set
 * and comes back resumes where it was (the server starts a team missing from the id at "now").
 */
export class ResumePoint {
  private readonly seqs = new Map<string, number>();

  update(id: string) {
    for (const [team, seq] of parseEventId(id)) this.seqs.set(team, seq);
  }

  forget(teamUID?: string) {
    if (teamUID === undefined) this.seqs.clear();
    else this.seqs.delete(teamUID);
  }

  idFor(teams: readonly string[]): string | null {
    return formatEventId(this.seqs, teams);
  }
}

/** The sorted union of the teams every tab has open. */
export function unionOfTeams(tabs: ReadonlyMap<string, readonly string[]>): string[] {
  const all = new Set<string>();
  for (const teams of tabs.values()) for (const team of teams) if (team) all.add(team);
  return [...all].sort();
}

// ---- changes → query keys ---------------------------------------------------------------------

export interface Change {
  teamUID: string;
  seq: number;
  resource: string;
  id: string;
  op: string;
  changeId: string | null;
  /** With a `contactPipeline` insert/update: the card's stage and the card above it, now. */
  placement?: unknown;
}

export function isChange(value: unknown): value is Change {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.teamUID === 'string' &&
    typeof v.resource === 'string' &&
    typeof v.id === 'string' &&
    typeof v.op === 'string'
  );
}

type Key = readonly unknown[];

/** Collects keys and hands them over once per `delayMs`, each key once. */
export function createKeyBatcher(
  flush: (keys: Key[]) => void,
  delayMs = 50,
  schedule: (run: () => void, ms: number) => unknown = (run, ms) => setTimeout(run, ms),
) {
  let pending = new Map<string, Key>();
  let scheduled = false;
  return (keys: Key[]) => {
    for (const key of keys) pending.set(JSON.stringify(key), key);
    if (scheduled) return;
    scheduled = true;
    schedule(() => {
      scheduled = false;
      const batch = [...pending.values()];
      pending = new Map();
      // A key whose prefix is in the batch too is covered by it.
      const strings = batch.map((key) => JSON.stringify(key).slice(0, -1));
      flush(
        batch.filter((_, i) =>
          strings.every((other, j) => j === i || !strings[i]!.startsWith(`${other},`)),
        ),
      );
    }, delayMs);
  };
}

/**
 * Runs `refresh(key)` (a query invalidation that resolves when its refetches are done) at once
 * for a key that is not being refreshed, and once more after the current run for a key that is:
 * a burst of changes costs at most one refetch in flight plus one queued per key, a change is
 * never answered by a refetch that started before it, and a steady stream of changes cannot keep
 * cancelling a refetch before it lands (the board would never update).
 */
export function createRefresher(refresh: (key: Key) => Promise<unknown>) {
  const running = new Set<string>();
  const again = new Map<string, Key>();
  const start = (name: string, key: Key) => {
    running.add(name);
    void refresh(key)
      .catch(() => {})
      .finally(() => {
        running.delete(name);
        const next = again.get(name);
        if (next) {
          again.delete(name);
          start(name, next);
        }
      });
  };
  return (keys: Key[]) => {
    for (const key of keys) {
      const name = JSON.stringify(key);
      if (running.has(name)) again.set(name, key);
      else start(name, key);
    }
  };
}

// ---- browser runtime ----------------------------------------------------------------------------

const CHANNEL = 'leadloom-realtime';
const LOCK = 'leadloom-realtime';
const MAX_BACKOFF_MS = 30_000;

/** What a tab receives, from its own stream (leader) or over the channel. */
export type RealtimeMessage =
  { type: 'change'; change: Change; id?: string | null } | { type: 'reset'; teamUID: string };

/**
 * What goes over the channel. Changes carry the stream's event id after them, and `position`
 * moves it without a change (the stream's `open`, entries held back as invisible), so every tab
 * knows where the stream is and the tab that takes over as leader resumes from there: a change
 * committed while the leader tab was closing is not missed.
 */
export type ChannelMessage =
  | RealtimeMessage
  | { type: 'position'; id: string }
  | { type: 'teams'; tab: string; teams: string[] }
  | { type: 'bye'; tab: string }
  | { type: 'hello' };

export function backoffMs(attempt: number): number {
  return Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.max(0, attempt));
}

// Whether this tab holds the realtime lock (it is the one leader tab of the browser), and who
// wants to know when it becomes leader (the queue processors are asked for by the leader only).
let leading = false;
const leaderListeners = new Set<() => void>();

/**
 * Calls `listener` when this tab becomes the leader tab (at once when it already is). Returns a
 * function that stops listening.
 */
export function onRealtimeLeader(listener: () => void): () => void {
  leaderListeners.add(listener);
  if (leading) listener();
  return () => leaderListeners.delete(listener);
}

/**
 * Joins this tab to the browser's realtime stream for `teams`; `onMessage` gets every change and
 * reset of any open team (filter by team yourself). Returns a function that leaves.
 */
export function joinRealtime(
  teams: readonly string[],
  onMessage: (message: RealtimeMessage) => void,
): () => void {
  if (typeof BroadcastChannel === 'undefined' || !globalThis.navigator?.locks) return () => {};
  const tab = globalThis.crypto?.randomUUID?.() ?? Math.random().toString(36).slice(2);
  const channel = new BroadcastChannel(CHANNEL);
  const tabs = new Map<string, string[]>([[tab, [...teams]]]);
  // Where the shared stream is, from what this tab heard: the resume point if it becomes leader.
  const resume = new ResumePoint();
  let leader: Leader | null = null;
  let releaseLock: (() => void) | null = null;
  const lockAbort = new AbortController();

  channel.onmessage = (event: MessageEvent<ChannelMessage>) => {
    const message = event.data;
    if (message.type === 'change') {
      if (message.id) resume.update(message.id);
      onMessage(message);
    } else if (message.type === 'reset') {
      resume.forget(message.teamUID);
      onMessage(message);
    } else if (message.type === 'position') resume.update(message.id);
    else if (message.type === 'hello') post({ type: 'teams', tab, teams: [...teams] });
    else if (message.type === 'teams') {
      tabs.set(message.tab, message.teams);
      leader?.setTeams(unionOfTeams(tabs));
    } else if (message.type === 'bye') {
      tabs.delete(message.tab);
      leader?.setTeams(unionOfTeams(tabs));
    }
  };

  function post(message: ChannelMessage) {
    try {
      channel.postMessage(message);
    } catch {
      // The channel is closed: this tab is leaving.
    }
  }

  post({ type: 'teams', tab, teams: [...teams] });

  navigator.locks
    .request(LOCK, { signal: lockAbort.signal }, () => {
      leader = new Leader(resume, (message) => {
        if (message.type !== 'position') onMessage(message);
        post(message);
      });
      leader.setTeams(unionOfTeams(tabs));
      post({ type: 'hello' });
      leading = true;
      leaderListeners.forEach((listener) => listener());
      return new Promise<void>((resolve) => {
        releaseLock = resolve;
      });
    })
    .catch(() => {
      // Aborted while waiting for the lock: the tab left.
    });

  const onPageHide = () => post({ type: 'bye', tab });
  globalThis.addEventListener?.('pagehide', onPageHide);

  return () => {
    globalThis.removeEventListener?.('pagehide', onPageHide);
    post({ type: 'bye', tab });
    leader?.stop();
    if (leader) leading = false;
    leader = null;
    lockAbort.abort();
    releaseLock?.();
    channel.close();
  };
}

/** The leader's stream: open for the union of teams, reopened as needed. */
class Leader {
  private teams: string[] = [];
  private abort: AbortController | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private stopped = false;
  /** Teams the stream said we left; kept out until the set of teams changes. */
  private readonly gone = new Set<string>();

  constructor(
    /** Shared with the tab: it already knows where the previous leader's stream was. */
    private readonly resume: ResumePoint,
    private readonly emit: (message: RealtimeMessage | { type: 'position'; id: string }) => void,
  ) {}

  setTeams(teams: string[]) {
    if (teams.join(',') === this.teams.join(',')) return;
    this.teams = teams;
    this.gone.clear();
    this.reopen(0);
  }

  stop() {
    this.stopped = true;
    this.abort?.abort();
    if (this.retryTimer) clearTimeout(this.retryTimer);
  }

  private reopen(delay: number) {
    this.abort?.abort();
    this.abort = null;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (this.stopped) return;
    const teams = this.teams.filter((team) => !this.gone.has(team));
    if (teams.length === 0) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.run(teams);
    }, delay);
  }

  private async run(teams: string[]) {
    const abort = new AbortController();
    this.abort = abort;
    const state: { next: 'retry' | 'now' } = { next: 'retry' };
    try {
      const lastId = this.resume.idFor(teams);
      const response = await api.openStream('/api/realtime', {
        query: { teams: teams.join(',') },
        headers: lastId ? { 'Last-Event-ID': lastId } : {},
        signal: abort.signal,
      });
      if (!response.body) throw new Error('No stream body');
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      const parser = createSseParser((message) => {
        const outcome = this.handle(message);
        if (outcome) state.next = outcome;
      });
      for (;;) {
        const { done, value } = await reader.read();
        if (done || abort.signal.aborted) break;
        parser.push(value);
        if (state.next !== 'retry') break;
      }
      await reader.cancel().catch(() => {});
    } catch (error) {
      // A 400 about the id: start over without it.
      if (error instanceof Error && 'field' in error && error.field === 'lastEventId') {
        this.resume.forget();
        state.next = 'now';
      }
    }
    if (abort.signal.aborted || this.stopped || this.abort !== abort) return;
    this.reopen(state.next === 'now' ? 0 : backoffMs(this.attempt++));
  }

  /** Handles one message; says how to go on when the stream is ending. */
  private handle(message: SseMessage): 'now' | null {
    if (message.id) this.resume.update(message.id);
    if (message.event === 'open') {
      this.attempt = 0;
      if (message.id) this.emit({ type: 'position', id: message.id });
      return null;
    }
    let data: unknown = null;
    try {
      data = message.data ? JSON.parse(message.data) : null;
    } catch {
      return null;
    }
    if (message.event === 'reset') {
      // Reload what we show, then reconnect without an id.
      for (const teamUID of this.teams) this.emit({ type: 'reset', teamUID });
      this.resume.forget();
      return 'now';
    }
    if (message.event === 'close') {
      const body = (data ?? {}) as { reason?: string; teamUID?: string };
      if (body.reason === 'not-a-member' && body.teamUID) this.gone.add(body.teamUID);
      // token-expired: the next open fetches a fresh token and resumes with the last id.
      api.forgetToken();
      return 'now';
    }
    if (message.event === 'message' && isChange(data)) {
      this.emit({ type: 'change', change: data, id: message.id });
    } else if (message.id) this.emit({ type: 'position', id: message.id });
    return null;
  }
}
