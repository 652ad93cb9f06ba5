/**
 * The extension's senders on the fixture platforms (e2e/fixtures/platforms), served under the
 * real host names (platform-sites.ts) to Chromium with the real built extension: its manifest
 * injects the real content script on www.facebook.com, www.instagram.com and www.linkedin.com.
 * The service worker is replaced by a stand-in that answers `next_step` with the job a test
 * gives it and records what the page reports, so these tests cover the page side alone: the
 * worker's loop has its own suite.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchWithExtension, requireChromium, type ExtensionBrowser } from './browser';
import { buildExtension } from './extension-build';
import {
  DANA,
  startPlatformSites,
  type FixturePlatform,
  type PlatformSites,
} from './platform-sites';
import { SHOTS } from './shots';

/** Answers the content script like the worker would, from a list of steps the test sets. */
const STAND_IN_WORKER = `
const standIn = { steps: [], reports: [] };
globalThis.standIn = standIn;
chrome.runtime.onMessage.addListener((message, _sender, reply) => {
  standIn.reports.push(message);
  if (message.type === 'next_step') reply(standIn.steps.shift() ?? { step: 'idle' });
  return false;
});
`;

interface Report {
  type: string;
  platform: string;
  itemUID?: string;
  leaseId?: string;
  code?: string;
  detail?: string;
  recipient?: string;
}

declare const standIn: { steps: unknown[]; reports: Report[] };

const THREE_LINES = 'Hi Dana 👋\nGreat meeting you at the fair.\nTalk soon — Sam 🚀';

describe.skipIf(requireChromium())('platform senders on the fixture sites', () => {
  let sites: PlatformSites;
  let extension: ExtensionBrowser;
  let worker: Worker;
  let page: Page | undefined;
  let jobs = 0;

  beforeAll(async () => {
    sites = await startPlatformSites();
    const dir = await buildExtension('http://localhost:3000');
    await writeFile(join(dir, 'background.js'), STAND_IN_WORKER);
    extension = await launchWithExtension(dir, [
      ...sites.chromiumArgs,
      '--screen-info={0,0 1600x1000}',
    ]);
    const { context } = extension;
    worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  });

  afterAll(async () => {
    await extension?.cleanup();
    await sites?.close();
  });

  beforeEach(async () => {
    await page?.close();
    page = undefined;
    sites.reset();
    await worker.evaluate(() => {
      standIn.steps = [];
      standIn.reports = [];
    });
  });

  async function reports(type: string): Promise<Report[]> {
    return (await worker.evaluate(() => standIn.reports)).filter((r) => r.type === type);
  }

  /** Opens `url` with `text` as the job the page gets, and waits for the page's report. */
  async function send(
    url: string,
    text: string,
    { resumed = false, recipient = url }: { resumed?: boolean; recipient?: string } = {},
  ): Promise<Report> {
    const job = {
      itemUID: `item-${++jobs}`,
      leaseId: `lease-${jobs}`,
      recipient,
      text,
      resumed,
    };
    await worker.evaluate((step) => void standIn.steps.push(step), { step: 'send', job });
    page = await extension.context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(url);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const [result] = await reports('step_result');
      if (result) {
        expect(result).toMatchObject({ itemUID: job.itemUID, leaseId: job.leaseId });
        return result;
      }
      if (Date.now() > deadline) throw new Error(`No step_result from ${url}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it.each(['facebook', 'instagram', 'linkedin'] as FixturePlatform[])(
    '%s: a three-line message with emoji arrives once, exactly as written, from the profile',
    async (platform) => {
      const result = await send(DANA[platform].profile, THREE_LINES);
      expect(result, result.detail).toMatchObject({ platform, code: 'sent' });
      // The fixture's Enter sends: a line break typed as Enter would have sent line one alone.
      expect(sites.arrivals()).toEqual([
        { platform, thread: DANA[platform].threadId, text: THREE_LINES },
      ]);
      if (SHOTS) {
        const path = join(SHOTS, `platform-fixture-${platform}-sent-desktop.png`);
        await page!.screenshot({ path });
      }
    },
  );

  it('falls back to paste when the editor ignores insertText', async () => {
    sites.set('instagram', { editor: 'paste-only' });
    const result = await send(DANA.instagram.thread, THREE_LINES);
    expect(result.code, result.detail).toBe('sent');
    expect(result.detail).toMatch(/paste/);
    expect(sites.arrivals().map((a) => a.text)).toEqual([THREE_LINES]);
  });

  it('a limit dialog after sending is rate-limited, in English and in German', async () => {
    sites.set('facebook', { fail: 'limit' });
    const result = await send(DANA.facebook.thread, 'Hello there');
    expect(result).toMatchObject({ code: 'rate-limited' });
    expect(result.detail).toContain('Temporarily Blocked');

    sites.set('instagram', { fail: 'limit', lang: 'de' });
    await worker.evaluate(() => void (standIn.reports = []));
    const german = await send(DANA.instagram.thread, 'Hallo');
    expect(german).toMatchObject({ code: 'rate-limited' });
    expect(sites.arrivals()).toEqual([]);
  });

  it('a message the platform marks "not sent" without a dialog is retried later', async () => {
    sites.set('linkedin', { fail: 'not-sent', lang: 'de' });
    const result = await send(DANA.linkedin.profile, 'Hallo Dana');
    expect(result).toMatchObject({ code: 'retry' });
    expect(result.detail).toMatch(/not sent/);
    expect(sites.arrivals()).toEqual([]);
  });

  it('a login wall is login-required, inline (Facebook) or as a redirect (Instagram)', async () => {
    sites.set('facebook', { fail: 'login' });
    expect(await send(DANA.facebook.thread, 'Hello')).toMatchObject({ code: 'login-required' });
    sites.set('instagram', { fail: 'login' });
    await worker.evaluate(() => void (standIn.reports = []));
    expect(await send(DANA.instagram.profile, 'Hello')).toMatchObject({
      code: 'login-required',
    });
    expect(sites.arrivals()).toEqual([]);
  });

  it('a security checkpoint is checkpoint', async () => {
    sites.set('linkedin', { fail: 'checkpoint', lang: 'es' });
    expect(await send(DANA.linkedin.profile, 'Hello')).toMatchObject({ code: 'checkpoint' });
    expect(sites.arrivals()).toEqual([]);
  });

  it('"can\'t message" is a permanent failure, in the thread or as an upsell', async () => {
    sites.set('facebook', { fail: 'cant-message' });
    const result = await send(DANA.facebook.thread, 'Hello');
    expect(result).toMatchObject({ code: 'failed' });
    expect(result.detail).toContain("You can't message this account");
    sites.set('linkedin', { fail: 'cant-message' });
    await worker.evaluate(() => void (standIn.reports = []));
    expect(await send(DANA.linkedin.profile, 'Hello')).toMatchObject({ code: 'failed' });
    expect(sites.arrivals()).toEqual([]);
  });

  it('a slow page still sends, once', async () => {
    sites.set('facebook', { slowMs: 3000, lang: 'es' });
    const result = await send(DANA.facebook.profile, THREE_LINES);
    expect(result.code, result.detail).toBe('sent');
    expect(sites.arrivals().map((a) => a.text)).toEqual([THREE_LINES]);
  });

  it('a resumed job already in the thread is sent without sending it again', async () => {
    sites.seed('facebook', DANA.facebook.threadId, THREE_LINES);
    const result = await send(DANA.facebook.thread, THREE_LINES, { resumed: true });
    expect(result).toMatchObject({ code: 'sent' });
    expect(result.detail).toMatch(/not sent again/);
    expect(sites.arrivals()).toEqual([]);
  });

  it("someone else's page never gets the message", async () => {
    const result = await send('https://www.facebook.com/sam.other', 'Hello', {
      recipient: DANA.facebook.profile,
    });
    expect(result).toMatchObject({ code: 'retry' });
    expect(result.detail).toContain("is not the recipient's");
    expect(sites.arrivals()).toEqual([]);
  });

  it('an idle page reports a message the user sends by hand', async () => {
    sites.set('instagram', { e2ee: false });
    page = await extension.context.newPage();
    await page.goto(DANA.instagram.thread);
    const editor = page.getByRole('textbox', { name: 'Message' });
    // The imitation is only as good as its editor: like Lexical it takes no DOM writes.
    await editor.evaluate((node) => void ((node as HTMLElement).innerText = 'written'));
    await expect.poll(() => editor.textContent()).toBe('');
    await editor.click();
    await page.keyboard.type('Sent by hand');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => reports('manual_send'), { timeout: 10_000 })
      .toEqual([{ type: 'manual_send', platform: 'instagram', recipient: DANA.instagram.thread }]);
    expect(sites.arrivals().map((a) => a.text)).toEqual(['Sent by hand']);
  });
});
