import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemScope } from '../db/scope';
import { withTx } from '../db/tx';
import { Hono } from 'hono';
import { createApp } from '../http/app';
import type { AppEnv } from '../http/env';
import { requireIdentity } from '../http/require-identity';
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
import { realtimeRoutes } from './routes';
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

async function listen(services: Services = s, app: Hono<AppEnv> = createApp(services)) {
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
  /** Comment lines received (heartbeats). */
  comments = 0;
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
      if (line.startsWith(':')) {
        this.comments++;
        this.notify();
        continue;
      }
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

  it('8 racing writers, clients reconnecting at random: every change it may see, once, in commit order', async () => {
    const owner = await ownerWithTeam(s, 'rt-race@example.com');
    const second = await createTeam(s, owner.uid, undefined, 'Second');
    const teams = [owner.teamUID, second];
    const base = await listen();
    // A member of the first team only, without access to one of its pipelines.
    const visibleP = (await addPipeline(s, owner.teamUID, 'Visible')).pipelineUID;
    const hiddenP = (await addPipeline(s, owner.teamUID, 'Hidden')).pipelineUID;
    const memberUID = await createUser(s, 'rt-race-member@example.com');
    await addMember(s, owner.teamUID, memberUID, 'member', [visibleP]);
    const member = await signIn(s, 'rt-race-member@example.com');

    let writing = true;
    const finalHead = new Map<string, number>();
    const client = (token: string, of: string[]) => ({
      token,
      teams: of,
      url: `${base}/api/realtime?teams=${of.join(',')}`,
      got: new Map<string, number[]>(of.map((t) => [t, []])),
      start: new Map<string, number>(),
      connections: 0,
      lastId: undefined as string | undefined,
      changeIds: new Set<string>(),
    });
    const clients = [
      client(owner.client.token, teams),
      client(owner.client.token, teams),
      client(owner.client.token, teams),
      client(member.token, [owner.teamUID]),
      client(member.token, [owner.teamUID]),
    ];
    const ready: Promise<void>[] = [];
    const running = clients.map((c) => {
      let markReady!: () => void;
      ready.push(new Promise<void>((r) => (markReady = r)));
      return (async () => {
        for (;;) {
          const stream = new Stream(c.url, c.token, c.lastId);
          c.connections++;
          await stream.until(() => stream.messages.some((m) => m.event === 'open'));
          if (c.connections === 1) {
            // Where the stream started is the `open` event's id: entries may already have
            // arrived with it in the same chunk (so `lastId` may be past it).
            const open = stream.messages.find((m) => m.event === 'open')!;
            for (const [t, seq] of decodeEventId(open.id!)!) c.start.set(t, seq);
            markReady();
          }
          const caughtUp = () =>
            !writing &&
            c.teams.every(
              (t) => (decodeEventId(stream.lastId!)!.get(t) ?? -1) >= finalHead.get(t)!,
            );
          // Read for a random while, then drop the connection (mid-burst, at random).
          const until = Date.now() + 20 + rnd(120);
          await stream
            .until(() => caughtUp() || Date.now() >= until, 30_000)
            .catch((e: unknown) => {
              if (!stream.ended) throw e;
            });
          expect(stream.messages.filter((m) => !['open', 'message'].includes(m.event))).toEqual([]);
          for (const m of stream.changes()) {
            c.got.get(m.teamUID as string)!.push(m.seq as number);
            if (typeof m.changeId === 'string') c.changeIds.add(m.changeId);
          }
          c.lastId = stream.lastId;
          await stream.close();
          if (caughtUp()) return;
        }
      })();
    });
    // A contact per team for the writers that go through the real contacts API.
    const contacts: string[] = [];
    for (const t of teams) {
      const res = await owner.client.api(`/api/teams/${t}/contacts`, {
        method: 'POST',
        body: JSON.stringify({ firstName: 'Racer' }),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      contacts.push((res.body!.contact as { GTID: string }).GTID);
    }
    await Promise.all(ready);

    // Six writers commit raw transactions (team-wide changes, and changes of a visible and of a
    // hidden pipeline); two edit a contact through the API (with change ids).
    const apiWrites = [0, 0];
    await Promise.all(
      Array.from({ length: 8 }, async (_, w) => {
        for (let i = 0; i < 12; i++) {
          await sleep(rnd(15));
          const k = rnd(2);
          if (w < 6) {
            await withTx(s.database, systemScope('test writer'), async (tx) => {
              for (let j = 0, n = 1 + rnd(3); j < n; j++) {
                const pick = rnd(3);
                if (pick === 0)
                  tx.recordChange(teams[k]!, 'subscription', `w${w}-${i}-${j}`, 'update');
                else
                  tx.recordChange(teams[k]!, 'pipeline', pick === 1 ? visibleP : hiddenP, 'update');
              }
              await sleep(rnd(5));
            });
          } else {
            apiWrites[k]!++;
            const res = await owner.client.api(`/api/teams/${teams[k]}/contacts/${contacts[k]}`, {
              method: 'PATCH',
              headers: { 'x-change-id': `w${w}-${i}` },
              body: JSON.stringify({ lastName: `Edit ${w}-${i}` }),
            });
            expect(res.status, JSON.stringify(res.body)).toBe(200);
          }
        }
      }),
    );
    for (const t of teams) finalHead.set(t, await head(t));
    writing = false;
    await Promise.all(running);

    const log = await s.database.pool.query<{
      team_uid: string;
      seq: string;
      resource: string;
      id: string;
    }>(
      'SELECT team_uid, seq, resource, id FROM change_log WHERE team_uid = ANY($1) ORDER BY team_uid, seq',
      [teams],
    );
    const hiddenSeqs = new Set(
      log.rows
        .filter(
          (r) => r.team_uid === owner.teamUID && r.resource === 'pipeline' && r.id === hiddenP,
        )
        .map((r) => Number(r.seq)),
    );
    expect(hiddenSeqs.size).toBeGreaterThan(0);
    for (const c of clients) {
      expect(c.connections).toBeGreaterThan(1);
      const isMember = c.token === member.token;
      for (const t of c.teams) {
        const from = c.start.get(t)!;
        const expected = Array.from(
          { length: finalHead.get(t)! - from },
          (_, i) => from + 1 + i,
        ).filter((seq) => !(isMember && hiddenSeqs.has(seq)));
        expect(c.got.get(t)).toEqual(expected);
      }
      // The API writers' edits arrived with their change ids (the echo a client ignores).
      expect(c.changeIds.size).toBe(isMember ? apiWrites[0] : 24);
    }
  }, 90_000);

  it('a member without access to a pipeline receives none of its events; the owner does', async () => {
    const owner = await ownerWithTeam(s, 'rt-vis@example.com');
    const t = owner.teamUID;
    const open = await addPipeline(s, t, 'Open');
    const closed = await addPipeline(s, t, 'Closed');
    const openNext = await addStage(s, t, open.pipelineUID, 'Next', 1);
    const closedNext = await addStage(s, t, closed.pipelineUID, 'Next', 1);
    const memberUID = await createUser(s, 'rt-vis-member@example.com');
    await addMember(s, t, memberUID, 'member', [open.pipelineUID]);
    const member = await signIn(s, 'rt-vis-member@example.com');
    const url = `${await listen()}/api/realtime?teams=${t}`;
    const asOwner = new Stream(url, owner.client.token);
    const asMember = new Stream(url, member.token);
    for (const st of [asOwner, asMember]) {
      await st.until(() => st.messages.some((m) => m.event === 'open'));
    }

    const ok = async (path: string, method: string, body: unknown) => {
      const res = await owner.client.api(`/api/teams/${t}${path}`, {
        method,
        body: JSON.stringify(body),
      });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      return res.body!;
    };
    const contactIn = async (p: { pipelineUID: string; stageUID: string }, name: string) =>
      ((await ok('/contacts', 'POST', { firstName: name, ...p })).contact as { GTID: string }).GTID;
    const hidden = await contactIn(closed, 'Hidden');
    const shown = await contactIn(open, 'Shown');
    await ok(`/contacts/${hidden}/pipelines/${closed.pipelineUID}/stage`, 'PUT', {
      stageUID: closedNext,
    });
    await ok(`/contacts/${shown}/pipelines/${open.pipelineUID}/stage`, 'PUT', {
      stageUID: openNext,
    });
    await ok(`/contacts/${hidden}/notes`, 'POST', { text: 'secret' });
    await ok(`/contacts/${shown}/notes`, 'POST', { text: 'hello' });
    await ok(`/pipelines/${closed.pipelineUID}`, 'PATCH', { nickName: 'Closed 2' });
    const newStage = (
      (await ok(`/pipelines/${closed.pipelineUID}/stages`, 'POST', { name: 'Late' })).stage as {
        stageUID: string;
      }
    ).stageUID;
    // Deleting contacts: the member learns of the one in their pipeline (by its placement, as
    // a gone contact cannot be placed), and nothing of the hidden one.
    const shownGone = await contactIn(open, 'Shown, then deleted');
    const both = await contactIn(open, 'In both');
    await ok(`/contacts/${both}/pipelines`, 'POST', { pipelineUID: closed.pipelineUID });
    for (const gtid of [hidden, shownGone, both]) {
      const res = await owner.client.api(`/api/teams/${t}/contacts/${gtid}`, { method: 'DELETE' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    await write(t, 1, 'marker');

    const marked = (st: Stream) => () => st.changes().some((c) => c.id === 'marker-0');
    await asOwner.until(marked(asOwner));
    await asMember.until(marked(asMember));

    const ids = (st: Stream) => st.changes().map((c) => `${String(c.resource)} ${String(c.id)}`);
    const secret = [hidden, closed.pipelineUID, closedNext, newStage];
    const leaks = ids(asMember).filter((line) => secret.some((x) => line.includes(x)));
    expect(leaks).toEqual([]);
    // The owner saw the hidden contact's stage change and note, the pipeline rename, the stage.
    const ownerIds = ids(asOwner);
    expect(ownerIds).toContain(`contactPipeline ${hidden}/${closed.pipelineUID}`);
    expect(ownerIds.some((l) => l.startsWith(`stageHistory ${hidden}/`))).toBe(true);
    expect(ownerIds.some((l) => l.startsWith(`note ${hidden}/`))).toBe(true);
    expect(ownerIds).toContain(`pipeline ${closed.pipelineUID}`);
    expect(ownerIds).toContain(`stage ${newStage}`);
    // The member saw the visible contact's, and their resume point passed the held-back ones.
    const memberIds = ids(asMember);
    expect(memberIds).toContain(`contactPipeline ${shown}/${open.pipelineUID}`);
    expect(memberIds.some((l) => l.startsWith(`stageHistory ${shown}/`))).toBe(true);
    expect(memberIds.some((l) => l.startsWith(`note ${shown}/`))).toBe(true);
    const deletes = (st: Stream) =>
      st
        .changes()
        .filter((c) => c.op === 'delete')
        .map((c) => `${String(c.resource)} ${String(c.id)}`);
    expect(deletes(asMember)).toEqual([
      `contactPipeline ${shownGone}/${open.pipelineUID}`,
      `contactPipeline ${both}/${open.pipelineUID}`,
    ]);
    expect(deletes(asOwner)).toEqual([
      `contactPipeline ${hidden}/${closed.pipelineUID}`,
      `contact ${hidden}`,
      `contactPipeline ${shownGone}/${open.pipelineUID}`,
      `contact ${shownGone}`,
      ...[closed.pipelineUID, open.pipelineUID].sort().map((p) => `contactPipeline ${both}/${p}`),
      `contact ${both}`,
    ]);
    expect(memberIds.length).toBeLessThan(ownerIds.length);
    expect(asMember.lastId).toBe(asOwner.lastId);
    await asOwner.close();
    await asMember.close();
  }, 60_000);

  it("a card move carries the card's new place: its stage and the card above it", async () => {
    const owner = await ownerWithTeam(s, 'rt-place@example.com');
    const t = owner.teamUID;
    const p = await addPipeline(s, t, 'Board');
    const next = await addStage(s, t, p.pipelineUID, 'Next', 1);
    const st = new Stream(`${await listen()}/api/realtime?teams=${t}`, owner.client.token);
    await st.until(() => st.messages.some((m) => m.event === 'open'));
    const ok = async (path: string, method: string, body: unknown) => {
      const res = await owner.client.api(`/api/teams/${t}${path}`, {
        method,
        body: JSON.stringify(body),
      });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      return res.body!;
    };
    const gtids: string[] = [];
    for (const name of ['One', 'Two', 'Three']) {
      const body = await ok('/contacts', 'POST', { firstName: name, ...p });
      gtids.push((body.contact as { GTID: string }).GTID);
    }
    const [one, two, three] = gtids as [string, string, string];
    const move = (gtid: string, body: Record<string, string>) =>
      ok(`/contacts/${gtid}/pipelines/${p.pipelineUID}/stage`, 'PUT', body);
    await move(one, { stageUID: next });
    await move(two, { stageUID: next }); // at the end: below One
    await move(three, { stageUID: next, beforeGtid: one }); // at the top

    const moves = () =>
      st
        .changes()
        .filter((c) => c.resource === 'contactPipeline' && c.op === 'update')
        .map((c) => [c.id, c.placement]);
    await st.until(() => moves().length === 3);
    expect(moves()).toEqual([
      [`${one}/${p.pipelineUID}`, { stageUID: next, afterGtid: null }],
      [`${two}/${p.pipelineUID}`, { stageUID: next, afterGtid: one }],
      [`${three}/${p.pipelineUID}`, { stageUID: next, afterGtid: null }],
    ]);
    // A placement is where the card is when the entry is delivered (a later reader sees now).
    const late = new Stream(
      `${await listen()}/api/realtime?teams=${t}`,
      owner.client.token,
      `${t}:0`,
    );
    const lateMoves = () =>
      late
        .changes()
        .filter((c) => c.resource === 'contactPipeline' && c.op === 'update')
        .map((c) => c.placement);
    await late.until(() => lateMoves().length === 3);
    expect(lateMoves()).toEqual([
      { stageUID: next, afterGtid: three },
      { stageUID: next, afterGtid: one },
      { stageUID: next, afterGtid: null },
    ]);
    // Other resources carry none.
    expect(
      st.changes().filter((c) => c.resource !== 'contactPipeline' && 'placement' in c),
    ).toEqual([]);
    await st.close();
    await late.close();
  });

  it('answers 404 before streaming for a team the user is not in; 400 for bad input; 401 without a token', async () => {
    const me = await ownerWithTeam(s, 'rt-404@example.com');
    const other = await ownerWithTeam(s, 'rt-404-other@example.com');
    const base = await listen();
    const get = (qs: string, headers: Record<string, string> = {}) =>
      fetch(`${base}/api/realtime${qs}`, {
        headers: { authorization: `Bearer ${me.client.token}`, ...headers },
      }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as { error: { status: string; field?: string } },
      }));

    const notMine = await get(`?teams=${me.teamUID},${other.teamUID}`);
    expect(notMine.status).toBe(404);
    expect(notMine.body.error.status).toBe('not-found');
    expect((await get('?teams=-NoSuchTeam')).status).toBe(404);
    const noTeams = await get('');
    expect(noTeams.status).toBe(400);
    expect(noTeams.body.error.field).toBe('teams');
    const badId = await get(`?teams=${me.teamUID}`, { 'last-event-id': 'garbage;' });
    expect(badId.status).toBe(400);
    expect(badId.body.error.field).toBe('lastEventId');
    const anonymous = await fetch(`${base}/api/realtime?teams=${me.teamUID}`);
    expect(anonymous.status).toBe(401);
    await anonymous.text();
  });

  it('resumes from lastEventId within the bound; a client too far behind gets reset and the stream ends', async () => {
    const owner = await ownerWithTeam(s, 'rt-reset@example.com');
    const t = owner.teamUID;
    const url = `${await listen()}/api/realtime?teams=${t}`;
    await write(t, 3, 'early');
    const h0 = await head(t);

    // Resume by query parameter (clients that cannot set headers): the last two entries.
    const resumed = new Stream(`${url}&lastEventId=${t}:${h0 - 2}`, owner.client.token);
    await resumed.until(() => resumed.changes().length === 2);
    expect(resumed.changes().map((c) => c.id)).toEqual(['early-1', 'early-2']);
    expect(resumed.lastId).toBe(`${t}:${h0}`);
    await resumed.close();

    await write(t, MAX_BEHIND + 1, 'bulk');
    const behind = new Stream(url, owner.client.token, `${t}:${h0}`);
    await behind.finished;
    expect(behind.status).toBe(200);
    expect(behind.messages.map((m) => m.event)).toEqual(['reset']);

    // A seq this team never reached (another server's id) is a reset too.
    const future = new Stream(url, owner.client.token, `${t}:${(await head(t)) + 5}`);
    await future.finished;
    expect(future.messages.map((m) => m.event)).toEqual(['reset']);

    // Within the bound, but the entries it needs have expired: reset.
    await write(t, 2, 'late');
    const h1 = await head(t);
    await s.database.pool.query('DELETE FROM change_log WHERE team_uid = $1 AND seq <= $2', [
      t,
      h1 - 1,
    ]);
    const expired = new Stream(url, owner.client.token, `${t}:${h1 - 2}`);
    await expired.finished;
    expect(expired.messages.map((m) => m.event)).toEqual(['reset']);
  }, 60_000);

  it('closes the stream when the identity token expires', async () => {
    const owner = await ownerWithTeam(s, 'rt-expiry@example.com');
    const identity = await s.verifyToken(owner.client.token);
    // Real tokens carry their expiry (15 minutes).
    expect(identity!.expiresAt! - Date.now()).toBeGreaterThan(10 * 60_000);
    expect(identity!.expiresAt! - Date.now()).toBeLessThanOrEqual(15 * 60_000 + 5_000);

    const shortLived: Services = {
      ...s,
      verifyToken: async (token) => {
        const i = await s.verifyToken(token);
        return i && { ...i, expiresAt: Date.now() + 400 };
      },
    };
    const url = `${await listen(shortLived)}/api/realtime?teams=${owner.teamUID}`;
    const started = Date.now();
    const st = new Stream(url, owner.client.token);
    await st.finished;
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(st.messages.map((m) => m.event)).toEqual(['open', 'close']);
    expect(st.messages[1]!.data).toEqual({ reason: 'token-expired' });
  });

  it('sends heartbeat comments and keeps following a quiet team', async () => {
    const owner = await ownerWithTeam(s, 'rt-heartbeat@example.com');
    // The app's stack, with a short heartbeat.
    const app = new Hono<AppEnv>();
    app.use('*', async (c, next) => {
      c.set('log', s.logger);
      await next();
    });
    app.use('*', requireIdentity(s.verifyToken));
    app.route('/api', realtimeRoutes(s, { heartbeatMs: 100 }));
    const st = new Stream(
      `${await listen(s, app)}/api/realtime?teams=${owner.teamUID}`,
      owner.client.token,
    );
    await st.until(() => st.comments >= 3, 5_000);
    await write(owner.teamUID, 1, 'after-quiet');
    await st.until(() => st.changes().some((c) => c.id === 'after-quiet-0'));
    await st.close();
  });

  it('closes the stream of a member removed from the team', async () => {
    const owner = await ownerWithTeam(s, 'rt-removed@example.com');
    const uid = await createUser(s, 'rt-removed-member@example.com');
    await addMember(s, owner.teamUID, uid, 'member');
    const member = await signIn(s, 'rt-removed-member@example.com');
    const st = new Stream(`${await listen()}/api/realtime?teams=${owner.teamUID}`, member.token);
    await st.until(() => st.messages.some((m) => m.event === 'open'));
    const res = await owner.client.api(`/api/teams/${owner.teamUID}/members/${uid}`, {
      method: 'DELETE',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await st.finished;
    expect(st.messages.at(-1)).toEqual({
      event: 'close',
      data: { reason: 'not-a-member', teamUID: owner.teamUID },
    });
  });
});

if (ENGINE === 'postgresql') {
  describe('realtime wake-ups across processes (postgresql)', () => {
    it("wakes on another process's NOTIFY (no in-process signal)", async () => {
      const owner = await ownerWithTeam(s, 'rt-notify@example.com');
      const t = owner.teamUID;
      const st = new Stream(`${await listen()}/api/realtime?teams=${t}`, owner.client.token);
      await st.until(() => st.messages.some((m) => m.event === 'open'));
      await sleep(300); // the LISTEN connection is up
      // What another process's withTx does: counter, entry and pg_notify in one transaction.
      const client = await s.database.pool.connect();
      try {
        await client.query('BEGIN');
        const r = await client.query<{ seq: string }>(
          `INSERT INTO team_counter (team_uid, seq) VALUES ($1, 1)
           ON CONFLICT (team_uid) DO UPDATE SET seq = team_counter.seq + 1 RETURNING seq`,
          [t],
        );
        await client.query(
          `INSERT INTO change_log (team_uid, seq, resource, id, op) VALUES ($1, $2, 'subscription', 'remote', 'update')`,
          [t, Number(r.rows[0]!.seq)],
        );
        await client.query(`SELECT pg_notify('leadloom_changes', $1)`, [t]);
        await client.query('COMMIT');
      } finally {
        client.release();
      }
      await st.until(() => st.changes().some((c) => c.id === 'remote'), 3_000);
      await st.close();
    });
  });
}
