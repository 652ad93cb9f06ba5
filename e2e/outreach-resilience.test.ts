/**
 * The sender when things go wrong, with the real server, the real extension and the fixture
 * platforms under their real host names (e2e/platform-sites.ts):
 * - a limit dialog on Facebook pauses Facebook, and the app says why (on /messages and on the
 *   processor page, with Resume), while Instagram goes on sending;
 * - Resume, clicked as a user would, sends the held message once, and the app opens the closed
 *   processor again; so does approving a teammate's message;
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
import type { Browser, Page } from 'playwright-core';
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
import { api, joinAsTeammate, signInThroughForm } from './session';
import { shoot } from './shots';

/** Every wait of the extension is divided by this: a 30 s alarm floor becomes half a second. */
const SPEED = 60;
/** Just over the shortest gap between two sends (30 s), on the app clock. */
const GAP_MS = 31_000;

/** Limits that let a send happen any time of the day, spaced by the shortest gap (30 s). */
const ANY_TIME = {
  dailyNewConversations: 50,
  hourlySends: 20,
  minGapSeconds: 30,
  maxGapSeconds: 30,
  breakEveryMin: 50,
  breakEveryMax: 50,
  breakMinutesMin: 1,
  breakMinutesMax: 1,
  workStart: '00:00',
  workEnd: '23:59',
  workDays: [0, 1, 2, 3, 4, 5, 6],
  warmUp: false,
};

type Platform = 'facebook' | 'instagram';

interface Item {
  itemUID: string;
  GTID: string;
  status: string;
  resultCode: string | null;
  resultDetail: string | null;
  text: string;
}

/** A message the extension takes from the page, as the app sends it. */
function toExtension(page: Page, message: unknown): Promise<unknown> {
  return page.evaluate(
    ([id, m]) =>
      (
        globalThis as unknown as {
          chrome: { runtime: { sendMessage(id: string, m: unknown): Promise<unknown> } };
        }
      ).chrome.runtime.sendMessage(id, m),
    [EXTENSION_ID, message] as const,
  );
}

/** Signs in and waits until the app's log_in has given the extension its own session. */
async function signInWithExtension(page: Page, appUrl: string) {
  await signInThroughForm(page, appUrl, 'demo@leadloom.dev', 'leadloom-demo');
  // A loop, not expect.poll: this also runs in beforeAll.
  for (let tries = 0; ; tries++) {
    const answer = (await toExtension(page, { type: 'check_extension' })) as {
      loggedIn?: boolean;
    };
    if (answer.loggedIn) return;
    if (tries === 40) throw new Error(`the extension did not log in: ${JSON.stringify(answer)}`);
    await page.waitForTimeout(500);
  }
}

const processorPages = (ext: ExtensionBrowser, platform: Platform) =>
  ext.context.pages().filter((p) => p.url().includes(`/queue/${platform}`));

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
    page = await ext.context.newPage();
    await signInWithExtension(page, app.url);
    // An extension page, for the CDP session that stops the service worker.
    extPage = await ext.context.newPage();
    await extPage.goto(`chrome-extension://${EXTENSION_ID}/popup.html`);
    // A zone where it is about noon now: the working hours hold whenever the suite runs.
    const east = 12 - new Date().getUTCHours();
    const timeZone = east === 0 ? 'Etc/UTC' : `Etc/GMT${east > 0 ? '-' : '+'}${Math.abs(east)}`;
    expect((await api(page, 'PATCH', '/api/me', { timeZone })).status).toBe(200);
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
});
