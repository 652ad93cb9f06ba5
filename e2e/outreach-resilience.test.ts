/**
 * The sender when things go wrong, with the real server, the real extension and the fixture
 * platforms under their real host names (e2e/platform-sites.ts):
 * - a limit dialog on Facebook pauses Facebook, and the app says why (on /messages and on the
 *   processor page, with Resume), while Instagram goes on sending;
 * - Resume, clicked as a user would, sends the held message once, and the app opens the closed
 *   processor again; so does approving a teammate's message;
 * - the extension's service worker stopped at every phase of a send (leased, page loading,
 *   message out but not reported, waiting for the next) and the platform tab reloaded mid-send:
 *   each message arrives once and every item ends `sent`;
 * - two browsers signed in as the same user, both processing Facebook and both asking at the
 *   same moment: N messages arrive N times, each once.
 * And the processor page stacks each message's name above its text on a phone.
 *
 * Pacing is real: the server's app clock moves past each gap (LEADLOOM_TEST_CLOCK_FILE) and the
 * extension is built with EXTENSION_SPEED, so its waits take a fraction of a second.
 * With E2E_SCREENSHOTS=<dir> it saves the paused processor page, desktop and phone, light and dark.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXTENSION_ID, pauseMessage } from '@leadloom/core';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltApp, type RunningApp } from './app-server';
import {
  launchBrowser,
  launchWithExtension,
  requireChromium,
  type ExtensionBrowser,
} from './browser';
import { buildExtension } from './extension-build';
import { DANA, SAM, startPlatformSites, type PlatformSites } from './platform-sites';
import {
  ANY_TIME,
  GAP_MS,
  SPEED,
  processorPages,
  recordExtension,
  reportFailures,
  signInWithExtension,
  toExtension,
  type FlightRecorder,
  type Item,
  zoneAtNoon,
  type Platform,
} from './outreach-harness';
import { api, joinAsTeammate } from './session';
import { shoot } from './shots';

describe.skipIf(requireChromium())('the sender when things go wrong', () => {
  let app: RunningApp;
  let sites: PlatformSites;
  let extDir: string;
  let ext: ExtensionBrowser;
  let page: Page;
  let extPage: Page;
  let teamUID: string;
  let ownerUID: string;
  let clockDir: string;
  let clockFile: string;
  let clockOffset = 0;
  const people: Record<string, string> = {};
  let recorder: FlightRecorder | undefined;
  reportFailures(() => recorder);

  /** Moves the server's app clock on by `ms` (the extension's waits are real, and short). */
  function advanceClock(ms: number) {
    clockOffset += ms;
    writeFileSync(clockFile, String(clockOffset));
  }

  async function contact(fullName: string, profiles: Partial<Record<Platform, string>>) {
    const res = await api(page, 'POST', `/api/teams/${teamUID}/contacts`, { fullName, profiles });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return (res.body.contact as { GTID: string }).GTID;
  }

  async function queue(platform: Platform, GTID: string, text: string, on = page) {
    const res = await api(on, 'POST', `/api/teams/${teamUID}/outreach/items`, {
      platform,
      GTIDs: [GTID],
      text,
      ...(on === page ? {} : { queuedToUID: ownerUID }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [queued] = res.body.items as Item[];
    expect(queued).toMatchObject({ status: on === page ? 'approved' : 'pending' });
    return queued!.itemUID;
  }

  async function items(): Promise<Item[]> {
    const boxes = await Promise.all(
      ['review', 'sending', 'history'].map((box) =>
        api(page, 'GET', `/api/teams/${teamUID}/outreach/items?box=${box}`),
      ),
    );
    return boxes.flatMap((res) => res.body.items as Item[]);
  }

  async function item(itemUID: string): Promise<Item | undefined> {
    return (await items()).find((i) => i.itemUID === itemUID);
  }

  const statusOf = (itemUID: string) => () => item(itemUID).then((i) => i?.status);

  async function paused(platform: Platform) {
    const res = await api(page, 'GET', '/api/outreach/status');
    return (res.body.platforms as { platform: string; paused: unknown }[]).find(
      (p) => p.platform === platform,
    )?.paused;
  }

  function openProcessor(on: Page, platform: Platform) {
    return toExtension(on, {
      type: 'open_queue_processor',
      url: `${app.url}/queue/${platform}`,
      platform,
      offset: 0,
    });
  }

  /** Closes a processor as the user closing its window would (nothing paused on the server). */
  async function closeProcessor(platform: Platform) {
    await toExtension(page, { type: 'stop_processor', platform });
    await expect.poll(() => processorPages(ext, platform).length, { timeout: 10_000 }).toBe(0);
  }

  /** How many times each text arrived on the platform. */
  function arrivalsOf(platform: Platform): Map<string, number> {
    const counts = new Map<string, number>();
    for (const a of sites.arrivals().filter((x) => x.platform === platform)) {
      counts.set(a.text, (counts.get(a.text) ?? 0) + 1);
    }
    return counts;
  }

  beforeAll(async () => {
    clockDir = mkdtempSync(join(tmpdir(), 'leadloom-e2e-clock-'));
    clockFile = join(clockDir, 'offset-ms');
    [app, sites] = await Promise.all([
      startBuiltApp({ LEADLOOM_TEST_CLOCK_FILE: clockFile, NODE_ENV: 'test' }),
      startPlatformSites(),
    ]);
    extDir = await buildExtension(app.url, SPEED);
    ext = await launchWithExtension(extDir, sites.chromiumArgs);
    recorder = recordExtension(ext);
    page = await ext.context.newPage();
    await signInWithExtension(page, app.url);
    // An extension page, for the CDP session that stops the service worker.
    extPage = await ext.context.newPage();
    await extPage.goto(`chrome-extension://${EXTENSION_ID}/popup.html`);
    const noon = await api(page, 'PATCH', '/api/me', { timeZone: zoneAtNoon() });
    expect(noon.status).toBe(200);
    const me = await api(page, 'GET', '/api/me');
    teamUID = (me.body.currentTeam as { teamUID: string }).teamUID;
    ownerUID = (me.body as { uid: string }).uid;
    for (const platform of ['facebook', 'instagram'] as const) {
      const limits = await api(page, 'PUT', `/api/outreach/${platform}/limits`, {
        limits: ANY_TIME,
      });
      expect(limits.status, JSON.stringify(limits.body)).toBe(200);
    }
    people.dana = await contact('Dana Fixture', {
      facebook: DANA.facebook.profile,
      instagram: DANA.instagram.profile,
    });
    people.sam = await contact('Sam Fixture', { facebook: SAM.facebook.profile });
    // Unknown to the fixture Facebook: their profile shows Dana's thread.
    people.lee = await contact('Lee Fixture', { facebook: 'https://www.facebook.com/lee.fixture' });
  }, 240_000);

  afterAll(async () => {
    await ext?.cleanup();
    await sites?.close();
    await app?.stop();
    if (extDir) await rm(extDir, { recursive: true, force: true });
    if (clockDir) rmSync(clockDir, { recursive: true, force: true });
  });

  let held: string;
  const heldText = 'Hi Sam 🙂\nAbout the garden project:\ndo you have a minute this week?';

  it('a limit dialog pauses Facebook and the app says why, with Resume; Instagram goes on', async () => {
    sites.set('facebook', { fail: 'limit' });
    held = await queue('facebook', people.sam!, heldText);
    const toDana = ['Hallo Dana 👋\nInstagram first.', 'And a follow-up,\non Instagram too.'];
    const instagram = [
      await queue('instagram', people.dana!, toDana[0]!),
      await queue('instagram', people.dana!, toDana[1]!),
    ];
    // The leader tab opens the processors of both platforms 2–4 s after the app loads.
    await page.goto(`${app.url}/messages/queue`);
    await expect.poll(statusOf(instagram[0]!), { timeout: 30_000 }).toBe('sent');
    await expect
      .poll(() => item(held).then((i) => i?.resultCode), { timeout: 30_000 })
      .toBe('rate-limited');
    expect(await paused('facebook')).toMatchObject({ reason: 'limit-dialog' });

    // The reason, in words, where the user looks: the Messages screen and the processor page.
    const reason = pauseMessage('limit-dialog', 'Facebook');
    const card = page.getByTestId('sending-facebook');
    await expect.poll(() => card.textContent(), { timeout: 15_000 }).toContain(reason);
    expect(await card.getByRole('button', { name: 'Resume' }).isVisible()).toBe(true);
    const [processor] = processorPages(ext, 'facebook');
    const onProcessor = processor!.getByTestId('sending-facebook');
    await expect.poll(() => onProcessor.textContent(), { timeout: 15_000 }).toContain(reason);
    expect(await onProcessor.getByRole('button', { name: 'Resume' }).isVisible()).toBe(true);

    // Instagram's next message goes out after the gap; Facebook's stays held, nothing arrived.
    advanceClock(GAP_MS);
    await expect.poll(statusOf(instagram[1]!), { timeout: 30_000 }).toBe('sent');
    expect(await paused('facebook')).toMatchObject({ reason: 'limit-dialog' });
    expect((await item(held))?.status).toBe('approved');
    expect(sites.arrivals()).toEqual(
      toDana.map((text) => ({ platform: 'instagram', thread: DANA.instagram.threadId, text })),
    );
  }, 90_000);

  it('the processor page stacks each name above its text on a phone', async () => {
    // The paused page, in a tab of its own (the processor window keeps working).
    const view = await ext.context.newPage();
    await view.goto(`${app.url}/queue/facebook`);
    const row = view.getByTestId('processor-item').filter({ hasText: 'Sam Fixture' });
    await row.waitFor({ timeout: 15_000 });
    await view.getByText(pauseMessage('limit-dialog', 'Facebook')).waitFor();
    const boxes = async () => {
      const [name, text] = await Promise.all([
        row.locator('xpath=./*').nth(0).boundingBox(),
        row.locator('xpath=./*').nth(1).boundingBox(),
      ]);
      return { name: name!, text: text! };
    };
    await view.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(
        async () => {
          const { name, text } = await boxes();
          return { below: text.y >= name.y + name.height - 1, sameLeft: text.x === name.x };
        },
        { timeout: 5_000 },
      )
      .toEqual({ below: true, sameLeft: true });
    await view.setViewportSize({ width: 1440, height: 900 });
    await expect
      .poll(
        async () => {
          const { name, text } = await boxes();
          return { beside: text.x >= name.x + name.width, sameTop: Math.abs(text.y - name.y) < 2 };
        },
        { timeout: 5_000 },
      )
      .toEqual({ beside: true, sameTop: true });
    await shoot(view, 'processor-paused');
    await view.close();
  });

  it('Resume, clicked, reopens the closed processor and sends the held message once; so does an approval', async () => {
    // The user closed the processor window; the platform shows its page again.
    await closeProcessor('facebook');
    sites.set('facebook', { fail: null });
    await page.getByTestId('sending-facebook').getByRole('button', { name: 'Resume' }).click();
    await expect.poll(() => processorPages(ext, 'facebook').length, { timeout: 15_000 }).toBe(1);
    await expect.poll(statusOf(held), { timeout: 30_000 }).toBe('sent');
    expect(arrivalsOf('facebook')).toEqual(new Map([[heldText, 1]]));
    expect(await paused('facebook')).toBeNull();

    // A teammate queues a message from the owner's account: nothing goes out before approval,
    // even with the processor running and the gap passed.
    const plain: Browser = await launchBrowser();
    let fromMate: string;
    try {
      const mate = await (await plain.newContext()).newPage();
      const milo = {
        name: 'Milo Mate',
        email: 'milo.mate@example.com',
        password: 'milo-mate-password',
      };
      await joinAsTeammate(page, mate, app.url, teamUID, milo, [], 'admin');
      fromMate = await queue('facebook', people.dana!, 'Hi Dana, Milo here for the team.', mate);
    } finally {
      await plain.close();
    }
    advanceClock(GAP_MS);
    await page.waitForTimeout(2_000);
    expect(await statusOf(fromMate)()).toBe('pending');

    // Closed again, then approved on the review screen: the app opens the processor at once.
    await closeProcessor('facebook');
    await page.goto(`${app.url}/messages/review`);
    const pending = page.getByTestId('queue-item').filter({ hasText: 'Milo here for the team' });
    await pending.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(statusOf(fromMate), { timeout: 10_000 }).not.toBe('pending');
    await expect.poll(() => processorPages(ext, 'facebook').length, { timeout: 15_000 }).toBe(1);
    await expect.poll(statusOf(fromMate), { timeout: 30_000 }).toBe('sent');
    await page.waitForTimeout(1_500);
    expect(arrivalsOf('facebook')).toEqual(
      new Map([
        [heldText, 1],
        ['Hi Dana, Milo here for the team.', 1],
      ]),
    );
  }, 90_000);

  it('a service worker stopped at every phase of sending resumes without sending twice', async () => {
    sites.reset();
    // Slow pages: the thread appears 4 s after load, "Sending…" lasts 2 s.
    sites.set('facebook', { slowMs: 4_000 });
    advanceClock(GAP_MS);
    const texts = [
      'First of three 🌱\nfor Dana.',
      'Second of three\nfor Sam.',
      'Third of three\nfor Lee, in Dana’s thread.',
    ];
    const queued = [
      await queue('facebook', people.dana!, texts[0]!),
      await queue('facebook', people.sam!, texts[1]!),
      await queue('facebook', people.lee!, texts[2]!),
    ];
    const worker = await workerStopper();
    const [processor] = processorPages(ext, 'facebook');
    expect(processor).toBeDefined();
    // The processor is running (since the approval): it leases at its next wake-up.
    for (const [index, itemUID] of queued.entries()) {
      // Leased and handed to the recipient's page, which is still loading.
      await expect
        .poll(() => jobInHand().then((job) => job?.itemUID === itemUID && job.handouts), {
          timeout: 30_000,
        })
        .toBe(1);
      await worker.stop();
      await expect
        .poll(() => arrivalsOf('facebook').get(texts[index]!) ?? 0, { timeout: 30_000 })
        .toBe(1);
      // The message is out, its result not yet reported ("Sending…" lasts 2 s).
      await worker.stop();
      if (index === 1) {
        // And the page reloaded before it could report: the job comes back to it, resumed,
        // and it finds the message already in the thread.
        await workTab().reload();
      }
      await expect.poll(statusOf(itemUID), { timeout: 30_000 }).toBe('sent');
      // Waiting for the next send: only the alarm can wake it.
      await worker.stop();
      advanceClock(GAP_MS);
    }
    await worker.detach();
    await page.waitForTimeout(2_000);
    expect(arrivalsOf('facebook')).toEqual(new Map(texts.map((t) => [t, 1])));
    for (const itemUID of queued) expect(await statusOf(itemUID)()).toBe('sent');
    // The reloaded page's job was found in the thread, not sent again.
    expect((await item(queued[1]!))?.resultDetail).toContain('Already the last message');
  }, 120_000);

  it('two browsers of the same user, both sending on Facebook, never send one message twice', async () => {
    sites.reset();
    const other = await launchWithExtension(extDir, sites.chromiumArgs);
    try {
      const otherPage = await other.context.newPage();
      await signInWithExtension(otherPage, app.url);
      const texts = ['One of four', 'Two of four', 'Three of four', 'Four of four'];
      const to = [people.dana!, people.sam!, people.lee!, people.sam!];
      const queued: string[] = [];
      for (const [index, text] of texts.entries()) {
        queued.push(await queue('facebook', to[index]!, text));
      }
      const sentCount = async () =>
        (await items()).filter((i) => queued.includes(i.itemUID) && i.status === 'sent').length;
      // Both processors ask at the same moment, every time a message becomes due.
      const askBoth = () =>
        Promise.all([openProcessor(page, 'facebook'), openProcessor(otherPage, 'facebook')]);
      await askBoth();
      for (let sent = 1; sent <= texts.length; sent++) {
        await expect.poll(sentCount, { timeout: 30_000 }).toBeGreaterThanOrEqual(sent);
        advanceClock(GAP_MS);
        await askBoth();
      }
      await page.waitForTimeout(2_000);
      expect(arrivalsOf('facebook')).toEqual(new Map(texts.map((t) => [t, 1])));
      for (const itemUID of queued) expect(await statusOf(itemUID)()).toBe('sent');
      expect(processorPages(other, 'facebook')).toHaveLength(1);
    } finally {
      await other.cleanup();
    }
  }, 120_000);

  /** The job the extension's Facebook processor holds, as its storage has it. */
  function jobInHand(): Promise<{ itemUID: string; handouts: number } | null> {
    return extPage.evaluate(async () => {
      type Local = { get(key: string): Promise<Record<string, unknown>> };
      const { local } = (globalThis as unknown as { chrome: { storage: { local: Local } } }).chrome
        .storage;
      const key = 'processor.cursor.facebook';
      const cursor = (await local.get(key))[key] as { job?: unknown } | undefined;
      return (cursor?.job ?? null) as { itemUID: string; handouts: number } | null;
    });
  }

  /** The processor window's platform tab. */
  function workTab(): Page {
    const tab = ext.context.pages().find((p) => p.url().startsWith('https://www.facebook.com/'));
    if (!tab) throw new Error('No Facebook tab in the processor window');
    return tab;
  }

  /**
   * A CDP session that stops the extension's service worker, as Chrome stops an idle one (or
   * kills one that ran too long), and sees that it stopped.
   */
  async function workerStopper(): Promise<{
    stop: () => Promise<void>;
    detach: () => Promise<void>;
  }> {
    const cdp: CDPSession = await ext.context.newCDPSession(extPage);
    let stops = 0;
    let status = 'unknown';
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      const worker = versions.find((v) =>
        v.scriptURL.startsWith(`chrome-extension://${EXTENSION_ID}/`),
      );
      if (!worker || worker.runningStatus === status) return;
      status = worker.runningStatus;
      if (status === 'stopped') stops++;
    });
    await cdp.send('ServiceWorker.enable');
    return {
      stop: async () => {
        const before = stops;
        const wasStopped = status === 'stopped';
        await cdp.send('ServiceWorker.stopAllWorkers');
        if (wasStopped) return;
        await expect.poll(() => stops, { timeout: 10_000 }).toBeGreaterThan(before);
      },
      detach: () => cdp.detach(),
    };
  }
});
