import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemScope } from '../db/scope';
import { withTx } from '../db/tx';
import { createApp } from '../http/app';
import type { Services } from '../services';
import { addStage } from '../test/contact-fixtures';
import { ENGINE, startTestServices, type TestServices } from '../test/harness';
import {
  addMember,
  addPipeline,
  createTeam,
  createUser,
  ownerWithTeam,
  signIn,
} from '../test/team-fixtures';
import { decodeEventId, encodeEventId } from './event-id';
import { MAX_BEHIND } from './stream';

/**
 * The realtime stream (issue 6, DESIGN §7) over a real socket: node's fetch against the app
 * served by @hono/node-server, as the web client opens it.
 */

let s: TestServices;
const servers: ServerType[] = [];

beforeAll(async () => {
  s = await startTestServices();
});
afterAll(async () => {
  for (const server of servers) server.close();
  await s.cleanup();
});

async function listen(services: Services = s): Promise<string> {
  const app = createApp(services);
  const server = await new Promise<ServerType>((resolve) => {
    const srv = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(srv));
  });
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

interface Message {
  event: string;
  id?: string;
  data?: Record<string, unknown>;
}

/** A minimal SSE reader over fetch (what the web client does). */
class Stream {
  readonly messages: Message[] = [];
  status = 0;
  ended = false;
  lastId: string | undefined;
  private readonly abort = new AbortController();
  private waiters: (() => void)[] = [];
  readonly finished: Promise<void>;

  constructor(
    readonly url: string,
    readonly token: string,
    readonly lastEventId?: string,
  ) {
    this.lastId = lastEventId;
    this.finished = this.run();
  }

  private async run() {
    const headers: Record<string, string> = { authorization: `Bearer ${this.token}` };
    if (this.lastEventId !== undefined) headers['last-event-id'] = this.lastEventId;
    try {
      const res = await fetch(this.url, { headers, signal: this.abort.signal });
      this.status = res.status;
      if (!res.headers.get('content-type')?.startsWith('text/event-stream')) {
        await res.text();
        return;
      }
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          this.parse(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch (error) {
      if (!this.abort.signal.aborted) throw error;
    } finally {
      this.ended = true;
      this.notify();
    }
  }

  private parse(block: string) {
    const m: Message = { event: 'message' };
    let any = false;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = line.slice(0, colon);
      const value = line.slice(colon + 1).replace(/^ /, '');
      any = true;
      if (field === 'event') m.event = value;
      else if (field === 'id') m.id = value;
      else if (field === 'data') m.data = JSON.parse(value) as Record<string, unknown>;
    }
    if (!any) return;
    if (m.id !== undefined) this.lastId = m.id;
    this.messages.push(m);
    this.notify();
  }

  private notify() {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  /** Resolves when `test` holds (checked on every message), or fails after `ms`. */
  async until(test: () => boolean, ms = 15_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!test()) {
      if (this.ended && !test()) throw new Error(`stream ended: ${JSON.stringify(this.messages)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out: ${JSON.stringify(this.messages.slice(-5))}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(left, 200));
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  changes() {
    return this.messages.filter((m) => m.event === 'message' && m.data).map((m) => m.data!);
  }

  close() {
    this.abort.abort();
    return this.finished;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rnd = (n: number) => Math.floor(Math.random() * n);

async function head(teamUID: string) {
  const r = await s.database.pool.query<{ seq: string }>(
    'SELECT seq FROM team_counter WHERE team_uid = $1',
    [teamUID],
  );
  return r.rows[0] ? Number(r.rows[0].seq) : 0;
}

/** One transaction recording `n` team-wide changes (seen by every member). */
function write(teamUID: string, n: number, tag: string, delay = 0) {
  return withTx(s.database, systemScope('test writer'), async (tx) => {
    for (let i = 0; i < n; i++) tx.recordChange(teamUID, 'subscription', `${tag}-${i}`, 'update');
    if (delay) await sleep(delay);
  });
}

describe(`realtime stream (${ENGINE})`, () => {
  it('the event id is a compact team:seq map that round-trips', () => {
    const map = new Map([
      ['-Nb_Z9', 12],
      ['-Na0x', 3],
    ]);
    expect(encodeEventId(map)).toBe('-Na0x:3,-Nb_Z9:12');
    expect(decodeEventId(encodeEventId(map))).toEqual(map);
    expect(decodeEventId('')).toEqual(new Map());
    expect(decodeEventId('team:1;x')).toBeNull();
    expect(decodeEventId('team')).toBeNull();
  });

  it('8 racing writers, clients reconnecting at random: every change once, in commit order', async () => {
    const owner = await ownerWithTeam(s, 'rt-race@example.com');
    const second = await createTeam(s, owner.uid, undefined, 'Second');
    const teams = [owner.teamUID, second];
    const base = await listen();
    const url = `${base}/api/realtime?teams=${teams.join(',')}`;

    const CLIENTS = 4;
    let writing = true;
    const finalHead = new Map<string, number>();
    const clients = Array.from({ length: CLIENTS }, () => ({
      got: new Map<string, number[]>(teams.map((t) => [t, []])),
      start: new Map<string, number>(),
      connections: 0,
      lastId: undefined as string | undefined,
    }));
    const ready: Promise<void>[] = [];
    const running = clients.map((c) => {
      let markReady!: () => void;
      ready.push(new Promise<void>((r) => (markReady = r)));
      return (async () => {
        for (;;) {
          const stream = new Stream(url, owner.client.token, c.lastId);
          c.connections++;
          await stream.until(() => stream.messages.some((m) => m.event === 'open'));
          if (c.connections === 1) {
            for (const [t, seq] of decodeEventId(stream.lastId!)!) c.start.set(t, seq);
            markReady();
          }
          const caughtUp = () =>
            !writing &&
            teams.every((t) => (decodeEventId(stream.lastId!)!.get(t) ?? -1) >= finalHead.get(t)!);
          // Read for a random while, then drop the connection (mid-burst, at random).
          const until = Date.now() + 20 + rnd(120);
          await stream
            .until(() => caughtUp() || Date.now() >= until, 30_000)
            .catch((e: unknown) => {
              if (!stream.ended) throw e;
            });
          expect(stream.messages.filter((m) => m.event === 'reset')).toEqual([]);
          for (const m of stream.changes()) {
            c.got.get(m.teamUID as string)!.push(m.seq as number);
          }
          c.lastId = stream.lastId;
          await stream.close();
          if (caughtUp()) return;
        }
      })();
    });
    await Promise.all(ready);

    await Promise.all(
      Array.from({ length: 8 }, async (_, w) => {
        for (let i = 0; i < 12; i++) {
          await sleep(rnd(15));
          await write(teams[rnd(2)]!, 1 + rnd(3), `w${w}-${i}`, rnd(5));
        }
      }),
    );
    for (const t of teams) finalHead.set(t, await head(t));
    writing = false;
    await Promise.all(running);

    for (const c of clients) {
      expect(c.connections).toBeGreaterThan(1);
      for (const t of teams) {
        const from = c.start.get(t)!;
        const expected = Array.from({ length: finalHead.get(t)! - from }, (_, i) => from + 1 + i);
        expect(c.got.get(t)).toEqual(expected);
      }
    }
    expect(finalHead.get(owner.teamUID)! + finalHead.get(second)!).toBeGreaterThanOrEqual(96);
  }, 90_000);
});
