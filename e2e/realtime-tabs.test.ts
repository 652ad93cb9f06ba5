/**
 * Issue 6 "Done when": five tabs of one user in one browser hold ONE realtime stream between
 * them (the leader tab's, shared over BroadcastChannel). Every request to /api/realtime of the
 * browser context is counted. When the leader tab closes, another tab takes over with one new
 * stream that resumes from the last event id the tabs heard: a change committed while no stream
 * is open (the new leader's request is held until the change is in) still reaches every tab.
 */
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltApp, type RunningApp } from './app-server';
import { launchBrowser, requireChromium } from './browser';
import { api, signInThroughForm } from './session';

interface StageBody {
  stageUID: string;
  name: string;
  idx: number;
  count: number;
  contacts: { GTID: string; fullName: string }[];
}

const TABS = 5;

describe.skipIf(requireChromium())('five tabs, one stream', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  const tabs: Page[] = [];
  let teamUID: string;
  let groupUID: string;
  /** Every stream request of the context, with the tab it came from and whether it still runs. */
  const streams: { request: Request; page: Page; open: boolean }[] = [];
  let mostOpen = 0;

  const team = (path: string) => `/api/teams/${teamUID}${path}`;
  // A closed tab's stream ends with it (Chromium reports no failed request for it).
  const openStreams = () => streams.filter((s) => s.open && !s.page.isClosed());
  const column = (page: Page, name: string) =>
    page.getByRole('region', { name: new RegExp(`^${name}: \\d+ contacts$`) });

  beforeAll(async () => {
    app = await startBuiltApp();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1800, height: 900 } });
    const isStream = (r: Request) => new URL(r.url()).pathname === '/api/realtime';
    const ended = (r: Request) => {
      const s = streams.find((x) => x.request === r);
      if (s) s.open = false;
    };
    // Signed in on a page of its own, closed before the tabs open (its stream is not counted).
    const signIn = await context.newPage();
    await signInThroughForm(signIn, app.url, 'demo@leadloom.dev', 'leadloom-demo');
    teamUID = ((await api(signIn, 'GET', '/api/me')).body.currentTeam as { teamUID: string })
      .teamUID;
    const pipelines = (await api(signIn, 'GET', team('/pipelines'))).body.pipelines as {
      groupUID: string;
      isDefault: boolean;
    }[];
    groupUID = pipelines.find((p) => p.isDefault)!.groupUID;
    await signIn.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    streams.length = 0;
    context.on('request', (request) => {
      if (!isStream(request)) return;
      streams.push({ request, page: request.frame().page(), open: true });
      mostOpen = Math.max(mostOpen, openStreams().length);
    });
    context.on('requestfinished', ended);
    context.on('requestfailed', ended);
    tabs.push(await context.newPage());
  });

  afterAll(async () => {
    await context?.close().catch(() => {});
    await browser?.close();
    await app?.stop();
  });

  it('opens one stream for five tabs, from the first tab', async () => {
    await tabs[0]!.goto(`${app.url}/contacts/pipeline`);
    await expect.poll(() => streams.length, { timeout: 20_000 }).toBe(1);
    for (let i = 1; i < TABS; i++) {
      const tab = await context.newPage();
      tabs.push(tab);
      await tab.goto(`${app.url}/contacts/pipeline`);
      await column(tab, 'Contacted').waitFor({ timeout: 20_000 });
    }
    await tabs[TABS - 1]!.waitForTimeout(1500);
    expect(streams).toHaveLength(1);
    expect(streams[0]!.page).toBe(tabs[0]);
    expect(openStreams()).toHaveLength(1);
  });

  it('every tab sees a change through the shared stream', async () => {
    const stages = (
      (await api(tabs[1]!, 'GET', team(`/pipelines/${groupUID}/board`))).body.stages as StageBody[]
    ).filter((s) => s.idx > 0);
    const from = stages.find((s) => s.count > 0)!;
    const to = stages.find((s) => s.stageUID !== from.stageUID)!;
    const card = from.contacts[0]!;
    const moved = await api(
      tabs[2]!,
      'PUT',
      team(`/contacts/${card.GTID}/pipelines/${groupUID}/stage`),
      {
        stageUID: to.stageUID,
      },
    );
    expect(moved.status).toBe(200);
    for (const tab of tabs) {
      await column(tab, to.name)
        .getByRole('link', { name: card.fullName })
        .waitFor({ timeout: 10_000 });
    }
    expect(streams).toHaveLength(1);
  });

  it('hands the stream over when the leader tab closes, resuming from the last event id', async () => {
    const follower = tabs[TABS - 1]!;
    // What the followers heard last: the id the next leader must resume from.
    await follower.evaluate(() => {
      const w = globalThis as unknown as { rtLast: string | null; rtGot: unknown[] };
      w.rtLast = null;
      w.rtGot = [];
      new BroadcastChannel('leadloom-realtime').onmessage = (event: MessageEvent) => {
        const m = event.data as { type: string; id?: string | null };
        if ((m.type === 'change' || m.type === 'position') && m.id) w.rtLast = m.id;
        w.rtGot.push(m);
      };
    });
    // One more change the followers hear from the old leader, so they know a current id.
    const stages = (
      (await api(follower, 'GET', team(`/pipelines/${groupUID}/board`))).body.stages as StageBody[]
    ).filter((s) => s.idx > 0);
    const from = stages.find((s) => s.count > 1)!;
    const to = stages.find((s) => s.stageUID !== from.stageUID)!;
    const [warm, card] = [from.contacts[0]!, from.contacts[1]!];
    expect(
      (
        await api(follower, 'PUT', team(`/contacts/${warm.GTID}/pipelines/${groupUID}/stage`), {
          stageUID: to.stageUID,
        })
      ).status,
    ).toBe(200);
    // A move is several changes (its events arrive one message each): wait until the last one
    // has been heard, i.e. the id stays the same from one look to the next.
    let lastHeard: string | null = null;
    await expect
      .poll(
        async () => {
          const heard = await follower.evaluate(
            () => (globalThis as unknown as { rtLast: string | null }).rtLast,
          );
          const settled = heard !== null && heard === lastHeard;
          lastHeard = heard;
          return settled;
        },
        { interval: 400, timeout: 20_000 },
      )
      .toBe(true);

    // Hold the next stream request until a change has been committed with no stream open.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let heldRequest: Request | null = null;
    await context.route('**/api/realtime**', async (route) => {
      heldRequest = route.request();
      await held;
      await route.continue();
    });

    await tabs[0]!.close();
    await expect.poll(() => heldRequest !== null, { timeout: 20_000 }).toBe(true);
    expect(streams.filter((s) => s.page === tabs[0])).toHaveLength(1);
    const moved = await api(
      follower,
      'PUT',
      team(`/contacts/${card.GTID}/pipelines/${groupUID}/stage`),
      {
        stageUID: to.stageUID,
      },
    );
    expect(moved.status).toBe(200);
    release();

    // The new stream resumes where the old one was, and brings the change to every tab left.
    expect(await heldRequest!.headerValue('last-event-id')).toBe(lastHeard);
    for (const tab of tabs.slice(1)) {
      await column(tab, to.name)
        .getByRole('link', { name: card.fullName })
        .waitFor({ timeout: 10_000 });
    }
    const got = (await follower.evaluate(
      () => (globalThis as unknown as { rtGot: { type: string; change?: { id: string } }[] }).rtGot,
    )) as { type: string; change?: { id: string } }[];
    expect(
      got.some((m) => m.type === 'change' && m.change!.id === `${card.GTID}/${groupUID}`),
    ).toBe(true);

    // One new stream, from a tab that is still open; never two at a time.
    await tabs[1]!.waitForTimeout(1000);
    expect(streams).toHaveLength(2);
    expect(tabs.slice(1)).toContain(streams[1]!.page);
    expect(openStreams().map((s) => s.request)).toEqual([streams[1]!.request]);
    expect(mostOpen).toBe(1);
    await context.unroute('**/api/realtime**');
  });
});
