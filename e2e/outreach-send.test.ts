/**
 * The whole send path, both halves together: messages queued through the API, the real
 * extension's queue processor leasing them from the real server, loading each recipient's profile
 * on the fixture Facebook (served under its real host name, e2e/platform-sites.ts), the content
 * script sending in the thread, and the result reported back: the message arrives once, as
 * written, the item is `sent` and the contact has a `message` activity. And a limit dialog pauses
 * Facebook with nothing sent.
 *
 * Pacing is real: the server's app clock is moved past each gap (LEADLOOM_TEST_CLOCK_FILE), and
 * the extension is built with EXTENSION_SPEED so its own waits take a fraction of a second.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltApp, type RunningApp } from './app-server';
import { launchWithExtension, requireChromium, type ExtensionBrowser } from './browser';
import { buildExtension } from './extension-build';
import { DANA, SAM, startPlatformSites, type PlatformSites } from './platform-sites';
import {
  ANY_TIME,
  SPEED,
  recordExtension,
  reportFailures,
  signInWithExtension,
  toExtension,
  zoneAtNoon,
  type FlightRecorder,
} from './outreach-harness';
import { api } from './session';

interface Item {
  itemUID: string;
  GTID: string;
  status: string;
  resultCode: string | null;
}

describe.skipIf(requireChromium())('the outreach engine sends through the extension', () => {
  let app: RunningApp;
  let sites: PlatformSites;
  let extDir: string;
  let ext: ExtensionBrowser;
  let page: Page;
  let teamUID: string;
  let clockDir: string;
  let clockFile: string;
  let clockOffset = 0;
  let recorder: FlightRecorder | undefined;
  reportFailures(() => recorder);

  /** Moves the server's app clock on by `ms` (the extension's waits are real, and short). */
  function advanceClock(ms: number) {
    clockOffset += ms;
    writeFileSync(clockFile, String(clockOffset));
  }

  async function contact(fullName: string, profile: string): Promise<string> {
    const res = await api(page, 'POST', `/api/teams/${teamUID}/contacts`, {
      fullName,
      profiles: { facebook: profile },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return (res.body.contact as { GTID: string }).GTID;
  }

  async function queue(GTID: string, text: string): Promise<string> {
    const res = await api(page, 'POST', `/api/teams/${teamUID}/outreach/items`, {
      platform: 'facebook',
      GTIDs: [GTID],
      text,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [item] = res.body.items as Item[];
    expect(item).toMatchObject({ status: 'approved' });
    return item!.itemUID;
  }

  async function item(itemUID: string): Promise<Item | undefined> {
    for (const box of ['sending', 'history']) {
      const res = await api(page, 'GET', `/api/teams/${teamUID}/outreach/items?box=${box}`);
      const found = (res.body.items as Item[]).find((i) => i.itemUID === itemUID);
      if (found) return found;
    }
    return undefined;
  }

  function openProcessor() {
    return toExtension(page, {
      type: 'open_queue_processor',
      url: `${app.url}/queue/facebook`,
      platform: 'facebook',
      offset: 0,
    });
  }

  async function stopProcessor() {
    await api(page, 'POST', '/api/outreach/facebook/pause');
    await toExtension(page, { type: 'stop_processor', platform: 'facebook' });
    await expect
      .poll(() => ext.context.pages().filter((p) => p.url().includes('/queue/')).length, {
        timeout: 10_000,
      })
      .toBe(0);
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
    const noon = await api(page, 'PATCH', '/api/me', { timeZone: zoneAtNoon() });
    expect(noon.status).toBe(200);
    const me = await api(page, 'GET', '/api/me');
    teamUID = (me.body.currentTeam as { teamUID: string }).teamUID;
    const limits = await api(page, 'PUT', '/api/outreach/facebook/limits', { limits: ANY_TIME });
    expect(limits.status, JSON.stringify(limits.body)).toBe(200);
  }, 240_000);

  afterAll(async () => {
    await ext?.cleanup();
    await sites?.close();
    await app?.stop();
    if (extDir) await rm(extDir, { recursive: true, force: true });
    if (clockDir) rmSync(clockDir, { recursive: true, force: true });
  });

  it('sends two queued messages, each once and exactly as written, and records them', async () => {
    const dana = await contact('Dana Fixture', DANA.facebook.profile);
    const sam = await contact('Sam Fixture', SAM.facebook.profile);
    const toDana = 'Hi Dana! 👋\nLoved your talk on Tuesday.\nCoffee next week?';
    const toSam = 'Hello Sam 🌱\nA quick question about the garden project.\nTalk soon,';
    const first = await queue(dana, toDana);
    const second = await queue(sam, toSam);
    await openProcessor();

    await expect.poll(() => item(first).then((i) => i?.status), { timeout: 30_000 }).toBe('sent');
    expect(sites.arrivals()).toEqual([
      { platform: 'facebook', thread: DANA.facebook.threadId, text: toDana },
    ]);
    // The next send waits for the gap (30 s) on the server's clock.
    expect((await item(second))?.status).toBe('approved');
    advanceClock(31_000);
    await expect.poll(() => item(second).then((i) => i?.status), { timeout: 30_000 }).toBe('sent');
    // Time for a second send of either, were there one.
    await page.waitForTimeout(2_000);
    expect(sites.arrivals()).toEqual([
      { platform: 'facebook', thread: DANA.facebook.threadId, text: toDana },
      { platform: 'facebook', thread: SAM.facebook.threadId, text: toSam },
    ]);
    for (const [GTID, text] of [
      [dana, toDana],
      [sam, toSam],
    ] as const) {
      const res = await api(page, 'GET', `/api/teams/${teamUID}/contacts/${GTID}/activities`);
      const messages = (res.body.activities as { type: string; note: string | null }[]).filter(
        (a) => a.type === 'message',
      );
      expect(messages, GTID).toMatchObject([{ type: 'message', note: text }]);
    }
    await stopProcessor();
  }, 90_000);

  it('a limit dialog pauses Facebook with its reason, and nothing arrives', async () => {
    sites.reset();
    sites.set('facebook', { fail: 'limit' });
    expect((await api(page, 'POST', '/api/outreach/facebook/resume')).status).toBe(200);
    advanceClock(31_000);
    const lee = await contact('Lee Fixture', 'https://www.facebook.com/lee.fixture');
    const queued = await queue(lee, 'Hi Lee 🙂\nTwo lines\nand a third.');
    await openProcessor();

    await expect
      .poll(() => item(queued).then((i) => i?.resultCode), { timeout: 30_000 })
      .toBe('rate-limited');
    const status = await api(page, 'GET', '/api/outreach/status');
    const facebook = (status.body.platforms as { platform: string; paused: unknown }[]).find(
      (p) => p.platform === 'facebook',
    );
    expect(facebook?.paused).toMatchObject({
      reason: 'limit-dialog',
      message: expect.stringContaining('limit warning'),
    });
    // Back in the queue for after the pause, not sent, and nothing reached the thread.
    expect((await item(queued))?.status).toBe('approved');
    expect(sites.arrivals()).toEqual([]);
    await stopProcessor();
  }, 60_000);
});
