/**
 * Issue 6 in the browser: two signed-in browsers of the demo team. What one changes through the
 * API shows up in the other without a reload: a card moves to its new column on the board, and
 * a new note appears on the open contact page.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltApp, type RunningApp } from './app-server';
import { launchBrowser, requireChromium } from './browser';
import { api, signInThroughForm } from './session';

interface BoardBody {
  stages: {
    stageUID: string;
    name: string;
    idx: number;
    contacts: { GTID: string; fullName: string }[];
  }[];
}

describe.skipIf(requireChromium())('realtime: changes from elsewhere show without a reload', () => {
  let app: RunningApp;
  let browser: Browser;
  let contextA: BrowserContext;
  let contextB: BrowserContext;
  let a: Page;
  let b: Page;
  let teamUID: string;
  let groupUID: string;
  let GTID: string;
  let fullName: string;
  let stageNames: { from: string; fromUID: string; to: string };

  beforeAll(async () => {
    app = await startBuiltApp();
    browser = await launchBrowser();
    contextA = await browser.newContext({ viewport: { width: 1600, height: 900 } });
    contextB = await browser.newContext({ viewport: { width: 1800, height: 900 } });
    a = await contextA.newPage();
    b = await contextB.newPage();
    await signInThroughForm(a, app.url, 'demo@leadloom.dev', 'leadloom-demo');
    const me = await api(a, 'GET', '/api/me');
    teamUID = (me.body.currentTeam as { teamUID: string }).teamUID;
    const pipelines = await api(a, 'GET', `/api/teams/${teamUID}/pipelines`);
    const list = pipelines.body.pipelines as { groupUID: string; isDefault: boolean }[];
    groupUID = list.find((p) => p.isDefault)!.groupUID;
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const column = (name: string) =>
    b.getByRole('region', { name: new RegExp(`^${name}: \\d+ contacts$`) });

  /** Resolves once B's stream is open, so no change happens before it starts listening. */
  function streamOpened(page: Page) {
    return page
      .waitForResponse((r) => r.url().includes('/api/realtime') && r.status() === 200, {
        timeout: 30_000,
      })
      .then(() => page.waitForTimeout(500));
  }

  it("moves a card on B's board when A changes its stage", async () => {
    const opened = streamOpened(b);
    await signInThroughForm(b, app.url, 'demo@leadloom.dev', 'leadloom-demo');
    await b.goto(`${app.url}/contacts/pipeline`);
    await opened;

    const board = (await api(a, 'GET', `/api/teams/${teamUID}/pipelines/${groupUID}/board`))
      .body as unknown as BoardBody;
    const stages = board.stages.filter((s) => s.idx > 0).sort((x, y) => x.idx - y.idx);
    const from = stages.find((s) => s.contacts.length > 0)!;
    const to = stages.find((s) => s.stageUID !== from.stageUID)!;
    stageNames = { from: from.name, fromUID: from.stageUID, to: to.name };
    GTID = from.contacts[0]!.GTID;
    fullName = from.contacts[0]!.fullName;
    const card = (stage: string) => column(stage).getByRole('link', { name: fullName });

    await card(from.name).waitFor({ timeout: 20_000 });
    expect(await card(to.name).count()).toBe(0);

    const moved = await api(
      a,
      'PUT',
      `/api/teams/${teamUID}/contacts/${GTID}/pipelines/${groupUID}/stage`,
      { stageUID: to.stageUID },
    );
    expect(moved.status).toBe(200);

    await card(to.name).waitFor({ timeout: 20_000 });
    await expect.poll(() => card(from.name).count(), { timeout: 20_000 }).toBe(0);
  });

  it("shows A's new note on B's open contact page", async () => {
    const opened = streamOpened(b);
    await b.goto(`${app.url}/contact/${GTID}`);
    await b.getByRole('heading', { name: fullName }).waitFor({ timeout: 20_000 });
    await b.getByRole('tab', { name: 'Notes' }).click();
    await b.waitForURL(new RegExp(`/contact/${GTID}/notes/`));
    await b.getByLabel('New note').waitFor();
    await opened;
    const text = `Called back at ${Date.now()}, wants a demo.`;
    const note = await api(a, 'POST', `/api/teams/${teamUID}/contacts/${GTID}/notes`, { text });
    expect(note.status).toBe(201);
    await b.getByText(text).waitFor({ timeout: 20_000 });
  });

  it("a second tab of B, which shares the first tab's stream, sees a move too", async () => {
    const tab2 = await contextB.newPage();
    // No second stream: the first tab leads and shares what it hears over BroadcastChannel.
    let ownStreams = 0;
    tab2.on('request', (r) => {
      if (r.url().includes('/api/realtime')) ownStreams++;
    });
    await tab2.goto(`${app.url}/contacts/pipeline`);
    const col = (name: string) =>
      tab2.getByRole('region', { name: new RegExp(`^${name}: \\d+ contacts$`) });
    await col(stageNames.to).getByRole('link', { name: fullName }).waitFor({ timeout: 20_000 });
    await tab2.waitForTimeout(500);

    const moved = await api(
      a,
      'PUT',
      `/api/teams/${teamUID}/contacts/${GTID}/pipelines/${groupUID}/stage`,
      { stageUID: stageNames.fromUID },
    );
    expect(moved.status).toBe(200);
    await col(stageNames.from).getByRole('link', { name: fullName }).waitFor({ timeout: 20_000 });
    expect(ownStreams).toBe(0);
  });
});
