/**
 * The safety limits, end to end: the real extension's queue processors lease from the real
 * server and send on the fixture Facebook and Instagram (e2e/platform-sites.ts), and the caps,
 * the working hours and the messages a person sends by hand decide what goes out and when.
 *
 * Time is the server's app clock, set to exact instants (LEADLOOM_TEST_CLOCK_FILE), in a real
 * time zone with a real daylight-saving change (Europe/Berlin, spring 2027), moved only forward.
 * The extension is built with EXTENSION_SPEED, so its waits between asking the server again
 * take a fraction of a second. What went out is what arrived at the fixture sites.
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
import { SAM, startPlatformSites, type PlatformSites } from './platform-sites';
import {
  recordExtension,
  reportFailures,
  signInWithExtension,
  toExtension,
  type FlightRecorder,
  type Platform,
} from './outreach-harness';
import { api } from './session';

/** Every wait of the extension is divided by this: its longest (5 min) becomes 3 s. */
const SPEED = 100;
/** Longer than the extension's longest wait before it asks the server again, and a send. */
const GRACE_MS = 4_500;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

/** Exact pacing: 30 s between sends (the shortest allowed), no breaks in these tests. */
const EXACT = {
  minGapSeconds: 30,
  maxGapSeconds: 30,
  breakEveryMin: 50,
  breakEveryMax: 50,
  breakMinutesMin: 1,
  breakMinutesMax: 1,
  workDays: EVERY_DAY,
  warmUp: false,
};
/** The caps under test, all day long. */
const CAPPED = {
  ...EXACT,
  dailyNewConversations: 5,
  hourlySends: 4,
  workStart: '00:00',
  workEnd: '23:59',
};
/** Caps that never hold, all day long. */
const ROOMY = { ...CAPPED, dailyNewConversations: 50, hourlySends: 20 };
/** Caps that never hold, in working hours that end at 20:00. */
const WORKDAY = { ...ROOMY, workStart: '08:00', workEnd: '20:00' };

/**
 * The instants, UTC. Berlin is UTC+1 until 2027-03-28 02:00 local, when the clocks go forward to
 * 03:00 and it is UTC+2.
 */
const AT = {
  /** Tuesday 09:00 in Berlin. */
  capsStart: Date.parse('2027-03-02T08:00:00Z'),
  /** Wednesday 00:00 in Berlin: the next local day. */
  capsNextDay: Date.parse('2027-03-02T23:00:00Z'),
  /** Thursday 09:00 in Berlin. */
  manualStart: Date.parse('2027-03-04T08:00:00Z'),
  /** Thursday 23:58 in Berlin, the last minute of CAPPED's working hours. */
  manualDayEnd: Date.parse('2027-03-04T22:58:00Z'),
  /** Friday 19:58 in Berlin. */
  eveningStart: Date.parse('2027-03-05T18:58:00Z'),
  /** Friday 20:00 in Berlin. */
  eveningEnd: Date.parse('2027-03-05T19:00:00Z'),
  /** Saturday 08:00 in Berlin. */
  nextMorning: Date.parse('2027-03-06T07:00:00Z'),
  /** Saturday 19:58 in Berlin, the evening before the change (UTC+1). */
  dstEveStart: Date.parse('2027-03-27T18:58:00Z'),
  dstEveEnd: Date.parse('2027-03-27T19:00:00Z'),
  /** Sunday 08:00 in Berlin, the morning after the change (UTC+2): 06:00 UTC, not 07:00. */
  dstMorning: Date.parse('2027-03-28T06:00:00Z'),
  /** Sunday 20:00 in Berlin (UTC+2): 18:00 UTC, not 19:00. */
  dstEvening: Date.parse('2027-03-28T18:00:00Z'),
  /** Monday 08:00 in Berlin (UTC+2). */
  dstNextMorning: Date.parse('2027-03-29T06:00:00Z'),
};

interface Item {
  itemUID: string;
  platform: Platform;
  status: string;
  text: string;
  sentAt: string | null;
}

interface PlatformStatus {
  platform: Platform;
  usage: { newConversationsToday: number; sentToday: number; lastHour: number };
  next: { at: string | null; reason: string };
}

describe.skipIf(requireChromium())('the safety limits hold end to end', () => {
  let app: RunningApp;
  let sites: PlatformSites;
  let extDir: string;
  let ext: ExtensionBrowser;
  let page: Page;
  let teamUID: string;
  let clockDir: string;
  let clockFile: string;
  let clockOffset = 0;
  let people = 0;
  let recorder: FlightRecorder | undefined;
  reportFailures(() => recorder);

  /** Makes the server's app clock read `epochMs` now; it runs on in real time from there. */
  function setClock(epochMs: number) {
    clockOffset = epochMs - Date.now();
    writeFileSync(clockFile, String(clockOffset));
  }
  const appNow = () => Date.now() + clockOffset;
  const advanceClock = (ms: number) => setClock(appNow() + ms);

  async function limits(platform: Platform, values: object) {
    const res = await api(page, 'PUT', `/api/outreach/${platform}/limits`, { limits: values });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  /** A new person on the platform (the fixture shows any profile) with one message queued. */
  async function queue(platform: Platform, text: string): Promise<string> {
    people += 1;
    const profile =
      platform === 'facebook'
        ? `https://www.facebook.com/pacing.person${people}`
        : `https://www.instagram.com/pacing.person${people}/`;
    const created = await api(page, 'POST', `/api/teams/${teamUID}/contacts`, {
      fullName: `Pacing Person ${people}`,
      profiles: { [platform]: profile },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const GTID = (created.body.contact as { GTID: string }).GTID;
    const res = await api(page, 'POST', `/api/teams/${teamUID}/outreach/items`, {
      platform,
      GTIDs: [GTID],
      text,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [item] = res.body.items as Item[];
    expect(item).toMatchObject({ status: 'approved' });
    return item!.itemUID;
  }

  async function items(platform: Platform): Promise<Item[]> {
    const all: Item[] = [];
    for (const box of ['sending', 'history']) {
      const res = await api(
        page,
        'GET',
        `/api/teams/${teamUID}/outreach/items?box=${box}&platform=${platform}`,
      );
      all.push(...(res.body.items as Item[]));
    }
    return all;
  }

  const statusOf = async (itemUID: string, platform: Platform) =>
    (await items(platform)).find((i) => i.itemUID === itemUID)?.status;

  /** The texts of the platform's items the server has recorded as sent. */
  const sentTexts = async (platform: Platform) =>
    (await items(platform)).filter((i) => i.status === 'sent').map((i) => i.text);

  /** What arrived on the platform, in order. */
  const arrived = (platform: Platform) =>
    sites
      .arrivals()
      .filter((a) => a.platform === platform)
      .map((a) => a.text);

  async function platformStatus(platform: Platform): Promise<PlatformStatus> {
    const res = await api(page, 'GET', '/api/outreach/status');
    return (res.body.platforms as PlatformStatus[]).find((p) => p.platform === platform)!;
  }

  /** Waits until the server has recorded `count` of the platform's messages as sent. */
  async function untilSent(platform: Platform, count: number) {
    await expect
      .poll(() => sentTexts(platform).then((t) => t.length), { timeout: 20_000 })
      .toBe(count);
  }

  /** Long enough for the processor to ask the server again and send, were it allowed. */
  async function proveHeld(itemUID: string, platform: Platform) {
    const before = sites.arrivals().length;
    await page.waitForTimeout(GRACE_MS);
    expect(await statusOf(itemUID, platform)).toBe('approved');
    expect(sites.arrivals()).toHaveLength(before);
  }

  function openProcessor(platform: Platform, offset: number) {
    return toExtension(page, {
      type: 'open_queue_processor',
      url: `${app.url}/queue/${platform}`,
      platform,
      offset,
    });
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
    expect((await api(page, 'PATCH', '/api/me', { timeZone: 'Europe/Berlin' })).status).toBe(200);
    const me = await api(page, 'GET', '/api/me');
    teamUID = (me.body.currentTeam as { teamUID: string }).teamUID;
  }, 240_000);

  afterAll(async () => {
    await ext?.cleanup();
    await sites?.close();
    await app?.stop();
    if (extDir) await rm(extDir, { recursive: true, force: true });
    if (clockDir) rmSync(clockDir, { recursive: true, force: true });
  });

  it('an hourly cap of 4 and a daily cap of 5 are reached and held; both queues go in order, each message once', async () => {
    setClock(AT.capsStart);
    await limits('facebook', CAPPED);
    await limits('instagram', ROOMY);
    const facebook: string[] = [];
    const instagram: string[] = [];
    const uids = new Map<string, string>();
    // Twelve messages, queued alternately: seven to Facebook, five to Instagram.
    for (let n = 1; n <= 7; n++) {
      const fb = `Facebook message ${n} of 7 👋`;
      uids.set(fb, await queue('facebook', fb));
      facebook.push(fb);
      if (n <= 5) {
        const ig = `Instagram message ${n} of 5\nsecond line`;
        uids.set(ig, await queue('instagram', ig));
        instagram.push(ig);
      }
    }
    await openProcessor('facebook', 0);
    await openProcessor('instagram', 50);

    // One send per 30 s on each: Instagram sends all five, Facebook stops at its hourly cap.
    for (let n = 1; n <= 5; n++) {
      if (n > 1) advanceClock(31 * SECOND);
      await untilSent('instagram', n);
      await untilSent('facebook', Math.min(n, 4));
    }
    const firstSent = (await items('facebook')).find((i) => i.text === facebook[0])!.sentAt!;
    const hourEnds = Date.parse(firstSent) + HOUR;
    expect(await platformStatus('facebook')).toMatchObject({
      usage: { newConversationsToday: 4, lastHour: 4 },
      next: { reason: 'hourly-cap', at: new Date(hourEnds).toISOString() },
    });
    // Still inside the hour of the first send: held.
    setClock(hourEnds - 30 * SECOND);
    await proveHeld(uids.get(facebook[4]!)!, 'facebook');
    // Past it: the fifth goes.
    setClock(hourEnds + SECOND);
    await untilSent('facebook', 5);

    // Five new conversations today: the sixth waits for the next day, however late it gets.
    advanceClock(31 * SECOND);
    expect(await platformStatus('facebook')).toMatchObject({
      usage: { newConversationsToday: 5 },
      next: { reason: 'daily-cap', at: new Date(AT.capsNextDay).toISOString() },
    });
    // Late in the evening, still the same day: held.
    setClock(AT.capsNextDay - 30 * SECOND);
    await proveHeld(uids.get(facebook[5]!)!, 'facebook');
    setClock(AT.capsNextDay + SECOND);
    await untilSent('facebook', 6);
    advanceClock(31 * SECOND);
    await untilSent('facebook', 7);

    // Time for a second send of any of them, were there one.
    await page.waitForTimeout(GRACE_MS);
    expect(arrived('facebook')).toEqual(facebook);
    expect(arrived('instagram')).toEqual(instagram);
  }, 120_000);

  it('a message sent by hand counts against the hourly and the daily cap', async () => {
    setClock(AT.manualStart);
    await limits('facebook', CAPPED);
    sites.reset();
    // By hand, in the user's own Facebook tab (no encryption notice in the way).
    sites.set('facebook', { e2ee: false });
    const hand = await ext.context.newPage();
    await hand.goto(SAM.facebook.thread);
    const typedAt = appNow();
    await hand.getByRole('textbox', { name: 'Message' }).click();
    await hand.keyboard.type('Sent by hand');
    await hand.keyboard.press('Enter');
    await expect
      .poll(() => platformStatus('facebook').then((s) => s.usage), { timeout: 15_000 })
      .toEqual({ newConversationsToday: 1, sentToday: 1, lastHour: 1 });
    const countedBy = appNow();
    await hand.close();
    sites.set('facebook', { e2ee: true });

    const queued: string[] = [];
    const uids: string[] = [];
    for (let n = 1; n <= 5; n++) {
      const text = `After the hand-sent one, ${n} of 5`;
      queued.push(text);
      uids.push(await queue('facebook', text));
    }
    // The hourly cap of 4 leaves three queued sends this hour.
    for (let n = 1; n <= 3; n++) {
      advanceClock(31 * SECOND);
      await untilSent('facebook', 7 + n);
    }
    advanceClock(31 * SECOND);
    const held = await platformStatus('facebook');
    expect(held).toMatchObject({ usage: { lastHour: 4 }, next: { reason: 'hourly-cap' } });
    // The hour is the hand-sent message's.
    expect(Date.parse(held.next.at!)).toBeGreaterThanOrEqual(typedAt + HOUR);
    expect(Date.parse(held.next.at!)).toBeLessThanOrEqual(countedBy + HOUR);
    await proveHeld(uids[3]!, 'facebook');

    // The daily cap of 5 leaves four queued sends today.
    setClock(countedBy + HOUR + SECOND);
    await untilSent('facebook', 11);
    setClock(AT.manualDayEnd);
    expect(await platformStatus('facebook')).toMatchObject({
      usage: { newConversationsToday: 5, sentToday: 5 },
      next: { reason: 'daily-cap' },
    });
    await proveHeld(uids[4]!, 'facebook');
    expect(arrived('facebook')).toEqual(['Sent by hand', ...queued.slice(0, 4)]);
    expect((await api(page, 'DELETE', `/api/teams/${teamUID}/outreach/items/${uids[4]}`)).status)
      .toBe(200); // prettier-ignore
  }, 90_000);

  it('nothing goes out from 20:00 until the working hours start again the next morning', async () => {
    setClock(AT.eveningStart);
    await limits('facebook', WORKDAY);
    sites.reset();
    const texts = ['Before 20:00, one', 'Before 20:00, two', 'The next morning'];
    const uids: string[] = [];
    for (const text of texts) uids.push(await queue('facebook', text));
    await untilSent('facebook', 12);
    advanceClock(31 * SECOND);
    await untilSent('facebook', 13);

    setClock(AT.eveningEnd + SECOND);
    expect(await platformStatus('facebook')).toMatchObject({
      next: { reason: 'outside-hours', at: new Date(AT.nextMorning).toISOString() },
    });
    await proveHeld(uids[2]!, 'facebook');
    setClock(AT.nextMorning - 30 * SECOND);
    await proveHeld(uids[2]!, 'facebook');
    setClock(AT.nextMorning + SECOND);
    await untilSent('facebook', 14);
    expect(arrived('facebook')).toEqual(texts);
  }, 90_000);

  it('across the change to summer time the working hours stay 08:00 to 20:00 local', async () => {
    setClock(AT.dstEveStart);
    sites.reset();
    const texts = ['Saturday, before eight', 'Sunday morning, at eight summer time'];
    const uids: string[] = [];
    for (const text of texts) uids.push(await queue('facebook', text));
    await untilSent('facebook', 15);
    // Saturday 20:00 is 19:00 UTC (winter time).
    setClock(AT.dstEveEnd + SECOND);
    expect(await platformStatus('facebook')).toMatchObject({
      next: { reason: 'outside-hours', at: new Date(AT.dstMorning).toISOString() },
    });
    await proveHeld(uids[1]!, 'facebook');
    // Sunday 07:59:30 summer time: still night.
    setClock(AT.dstMorning - 30 * SECOND);
    await proveHeld(uids[1]!, 'facebook');
    // 08:00 summer time, an hour before 08:00 would be in winter time: it goes.
    setClock(AT.dstMorning + SECOND);
    await untilSent('facebook', 16);

    // And the evening ends at 20:00 summer time, 18:00 UTC.
    setClock(AT.dstEvening - MINUTE);
    const evening = ['Sunday, 19:59 summer time', 'Sunday, after 20:00 summer time'];
    for (const text of evening) uids.push(await queue('facebook', text));
    await untilSent('facebook', 17);
    setClock(AT.dstEvening + SECOND);
    expect(await platformStatus('facebook')).toMatchObject({
      next: { reason: 'outside-hours', at: new Date(AT.dstNextMorning).toISOString() },
    });
    await proveHeld(uids[3]!, 'facebook');
    expect(arrived('facebook')).toEqual([...texts, evening[0]]);
    expect((await api(page, 'DELETE', `/api/teams/${teamUID}/outreach/items/${uids[3]}`)).status)
      .toBe(200); // prettier-ignore
  }, 90_000);
});
