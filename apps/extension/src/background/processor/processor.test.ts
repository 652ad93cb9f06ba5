import { QUEUE_LEASE_MS, type QueueProcessorPlatform, type SendResultCode } from '@leadloom/core';
import { describe, expect, it, vi } from 'vitest';
import type { ContentMessage } from '../../protocol';
import type { ApiResult, LeaseAnswer, OutreachApi, ResultReport } from './outreach-api';
import { SIGNED_OUT_MESSAGE } from './outreach-api';
import type { AlarmPort, KeyValueArea, OpenWindowInput, WindowPort } from './ports';
import {
  ALARM_FLOOR_MS,
  alarmName,
  createProcessor,
  MAX_WAIT_MS,
  RETRY_MS,
  WAKE_ALARM,
  type ProcessorDeps,
} from './processor';
import { createProcessorStore } from './state';

const APP = 'https://app.example.com';
const URL_FB = `${APP}/queue/facebook`;
const T0 = Date.parse('2026-11-28T10:00:00.000Z');

function memoryArea(): KeyValueArea & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return {
    data,
    get: async (key) => structuredClone(data.get(key)),
    set: async (key, value) => void data.set(key, structuredClone(value)),
    remove: async (key) => void data.delete(key),
  };
}

function fakeAlarms(): AlarmPort & { alarms: Map<string, number> } {
  const alarms = new Map<string, number>();
  return {
    alarms,
    set: async (name, when) => void alarms.set(name, when),
    clear: async (name) => void alarms.delete(name),
  };
}

/** Windows and tabs as Chrome keeps them; `restart()` gives every one new ids, as a restart does. */
function fakeBrowser() {
  let nextId = 100;
  const windows = new Map<number, { tabs: Array<{ tabId: number; url: string }> }>();
  const opened: OpenWindowInput[] = [];
  const focusCalls: number[] = [];
  const user = { windowId: 1, focused: 1 as number | null };
  windows.set(1, { tabs: [{ tabId: 2, url: `${APP}/contacts` }] });
  const port: WindowPort = {
    async open(input) {
      opened.push(input);
      const windowId = nextId++;
      const tabs = input.urls.map((url) => ({ tabId: nextId++, url }));
      windows.set(windowId, { tabs });
      user.focused = windowId;
      return { windowId, tabIds: tabs.map((t) => t.tabId) };
    },
    exists: async (windowId) => windows.has(windowId),
    close: async (windowId) => void windows.delete(windowId),
    tabsIn: async (windowId) => windows.get(windowId)?.tabs.map((t) => ({ ...t })) ?? [],
    async findTabs(url) {
      const key = url.split(/[?#]/)[0];
      return [...windows].flatMap(([windowId, w]) =>
        w.tabs
          .filter((t) => t.url.split(/[?#]/)[0] === key)
          .map((t) => ({ tabId: t.tabId, windowId })),
      );
    },
    async navigate(tabId, url) {
      for (const w of windows.values()) {
        const tab = w.tabs.find((t) => t.tabId === tabId);
        if (tab) {
          tab.url = url;
          return true;
        }
      }
      return false;
    },
    async openTab(windowId, url) {
      const tabId = nextId++;
      windows.get(windowId)?.tabs.push({ tabId, url });
      return tabId;
    },
    lastFocused: async () => user.focused,
    async focus(windowId) {
      focusCalls.push(windowId);
      user.focused = windowId;
    },
  };
  return {
    port,
    windows,
    opened,
    focusCalls,
    user,
    tabUrl(tabId: number) {
      for (const w of windows.values()) {
        const tab = w.tabs.find((t) => t.tabId === tabId);
        if (tab) return tab.url;
      }
      return undefined;
    },
    /** A browser restart: the same windows and tabs come back under new ids. */
    restart() {
      const old = [...windows.values()];
      windows.clear();
      for (const w of old) {
        windows.set(nextId++, { tabs: w.tabs.map((t) => ({ ...t, tabId: nextId++ })) });
      }
    },
  };
}

type LeaseStep =
  ApiResult<LeaseAnswer> | (() => ApiResult<LeaseAnswer> | Promise<ApiResult<LeaseAnswer>>);

/** The app's sender routes: lease answers come from a script; reports and manual sends are kept. */
function fakeApi() {
  const leases: LeaseStep[] = [];
  const reports: Array<{ teamUID: string; itemUID: string; body: ResultReport }> = [];
  const manual: Array<{ platform: QueueProcessorPlatform; recipient: string }> = [];
  let reportAnswer: ApiResult<unknown> = { ok: true, value: {} };
  const api: OutreachApi = {
    lease: vi.fn(async () => {
      const next = leases.shift() ?? wait('empty', null);
      return typeof next === 'function' ? next() : next;
    }),
    report: vi.fn(async (teamUID, itemUID, body) => {
      if (reportAnswer.ok) reports.push({ teamUID, itemUID, body });
      return reportAnswer;
    }),
    manualSend: vi.fn(async (platform, recipient) => {
      manual.push({ platform, recipient });
      return { ok: true, value: { newConversation: true } } as const;
    }),
  };
  return {
    api,
    leases,
    reports,
    manual,
    answerReports(answer: ApiResult<unknown>) {
      reportAnswer = answer;
    },
  };
}

/** The server's answers carry its clock: T0 unless a test says otherwise. */
const serverAt = (now: number | undefined) =>
  now === undefined ? {} : { now: new Date(now).toISOString() };

function item(n: number, resumed = false, leaseId = `lease-${n}`): ApiResult<LeaseAnswer> {
  return {
    ok: true,
    value: {
      ...serverAt(T0),
      item: {
        teamUID: 'team-1',
        itemUID: `item-${n}`,
        platform: 'facebook',
        recipient: `https://www.facebook.com/person${n}`,
        text: `Hello ${n}\nsecond line 👋`,
        leaseId,
        leaseExpiresAt: new Date(T0 + QUEUE_LEASE_MS).toISOString(),
        resumed,
      },
      wait: null,
    },
  };
}

function wait(
  reason: string,
  until: number | null,
  opts: { serverNow?: number | undefined; message?: string } = {},
): ApiResult<LeaseAnswer> {
  const { serverNow, message } = { serverNow: T0, ...opts };
  return {
    ok: true,
    value: {
      ...serverAt(serverNow),
      item: null,
      wait: {
        reason,
        until: until === null ? null : new Date(until).toISOString(),
        ...(message === undefined ? {} : { message }),
      },
    },
  };
}

function setup(speed = 1) {
  const session = memoryArea();
  const local = memoryArea();
  const alarms = fakeAlarms();
  const browser = fakeBrowser();
  const app = fakeApi();
  const clock = { now: T0 };
  const deps: ProcessorDeps = {
    store: createProcessorStore(session, local),
    alarms,
    windows: browser.port,
    api: app.api,
    now: () => clock.now,
    speed,
  };
  return {
    deps,
    /** A fresh worker on the same storage: module state is gone, chrome.storage is not. */
    restartWorker: () => createProcessor(deps),
    processor: createProcessor(deps),
    session,
    local,
    alarms,
    browser,
    app,
    clock,
  };
}

const open = { url: URL_FB, platform: 'facebook', offset: 0 } as const;
/** The page asks for its step; by default from the first item's recipient page. */
const nextStep = (href = 'https://www.facebook.com/person1'): ContentMessage => ({
  type: 'next_step',
  platform: 'facebook',
  href,
});

/** The page's report on the first leased item. */
const stepResult = (code: SendResultCode): ContentMessage => ({
  type: 'step_result',
  platform: 'facebook',
  itemUID: 'item-1',
  leaseId: 'lease-1',
  code,
});

async function workTab(ctx: ReturnType<typeof setup>) {
  const windows = (await ctx.deps.store.windows()).facebook;
  if (!windows) throw new Error('no facebook processor window');
  return windows.workTabId;
}

describe('queue processor', () => {
  it('opens one normal, wide window per platform and gives the focus back', async () => {
    const ctx = setup();
    ctx.app.leases.push(wait('spacing', T0 + 90_000), wait('spacing', T0 + 90_000));
    await ctx.processor.open(open);
    await ctx.processor.open(open);
    expect(ctx.browser.opened).toEqual([
      { urls: [URL_FB, 'about:blank'], left: 0, top: 0, width: 1280, height: 900 },
    ]);
    expect(ctx.browser.user.focused).toBe(1);

    await ctx.processor.open({ url: `${APP}/queue/instagram`, platform: 'instagram', offset: 50 });
    expect(ctx.browser.opened).toHaveLength(2);
    expect(ctx.browser.opened[1]).toMatchObject({ left: 50, top: 50 });
    expect(ctx.browser.opened.every((w) => w.width >= 1024)).toBe(true);
  });

  it('leases, loads the recipient, hands the job to the working tab only, reports, leases again', async () => {
    const ctx = setup();
    ctx.app.leases.push(item(1), wait('spacing', T0 + 90_000));
    await ctx.processor.open(open);
    const tab = await workTab(ctx);
    expect(ctx.browser.tabUrl(tab)).toBe('https://www.facebook.com/person1');

    // Any other tab (the user's own Facebook tab, the app page) is idle.
    expect(await ctx.processor.onContentMessage(nextStep(), { tabId: 2 })).toEqual({
      step: 'idle',
    });
    expect(await ctx.processor.onContentMessage(nextStep(), { tabId: undefined })).toEqual({
      step: 'idle',
    });
    const answer = await ctx.processor.onContentMessage(nextStep(), { tabId: tab });
    expect(answer).toEqual({
      step: 'send',
      job: {
        itemUID: 'item-1',
        leaseId: 'lease-1',
        recipient: 'https://www.facebook.com/person1',
        text: 'Hello 1\nsecond line 👋',
        resumed: false,
      },
    });
    expect((await ctx.processor.status()).platforms.facebook).toMatchObject({
      state: 'running',
      sending: { itemUID: 'item-1', recipient: 'https://www.facebook.com/person1' },
    });

    const result: ContentMessage = stepResult('sent');
    expect(await ctx.processor.onContentMessage(result, { tabId: tab })).toEqual({ ok: true });
    expect(ctx.app.reports).toEqual([
      { teamUID: 'team-1', itemUID: 'item-1', body: { leaseId: 'lease-1', code: 'sent' } },
    ]);
    expect(ctx.app.api.lease).toHaveBeenCalledTimes(2);
    // The next send is the server's business: an alarm at its time.
    expect(ctx.alarms.alarms.get(alarmName('facebook'))).toBe(T0 + 90_000);
    expect(await ctx.processor.onContentMessage(nextStep(), { tabId: tab })).toEqual({
      step: 'wait',
      until: new Date(T0 + 90_000).toISOString(),
    });
    expect((await ctx.processor.status()).platforms.facebook).toEqual({
      state: 'running',
      sending: null,
      nextAt: new Date(T0 + 90_000).toISOString(),
      waitReason: 'spacing',
      waitMessage: null,
      lastError: null,
    });
  });

  it('a wait becomes an alarm: the floor for short ones, the server time capped, divided by the speed', async () => {
    const ctx = setup();
    ctx.app.leases.push(wait('busy', T0 + 5_000));
    await ctx.processor.open(open);
    expect(ctx.alarms.alarms.get(alarmName('facebook'))).toBe(T0 + ALARM_FLOOR_MS);

    ctx.app.leases.push(wait('outside-hours', T0 + 10 * 3_600_000), item(1));
    await ctx.processor.onAlarm(alarmName('facebook'));
    expect(ctx.alarms.alarms.get(alarmName('facebook'))).toBe(T0 + MAX_WAIT_MS);
    expect(ctx.app.api.lease).toHaveBeenCalledTimes(2);
    await ctx.processor.onAlarm(alarmName('facebook'));
    expect(ctx.browser.tabUrl(await workTab(ctx))).toBe('https://www.facebook.com/person1');

    const fast = setup(30);
    fast.app.leases.push(wait('spacing', T0 + 90_000));
    await fast.processor.open(open);
    expect(fast.alarms.alarms.get(alarmName('facebook'))).toBe(T0 + 3_000);
    fast.app.leases.push(wait('busy', T0 + 1_000));
    await fast.processor.onAlarm(alarmName('facebook'));
    expect(fast.alarms.alarms.get(alarmName('facebook'))).toBe(T0 + ALARM_FLOOR_MS / 30);
  });

  it("a wait is the server's time against the server's now, whatever this browser's clock says", async () => {
    const HOUR = 3_600_000;
    // This PC's clock is 3 hours behind the server's: the server's 90 s are still 90 s here.
    const behind = setup();
    behind.clock.now = T0 - 3 * HOUR;
    behind.app.leases.push(wait('spacing', T0 + 90_000, { serverNow: T0 }));
    await behind.processor.open(open);
    expect(behind.alarms.alarms.get(alarmName('facebook'))).toBe(T0 - 3 * HOUR + 90_000);
    // The state keeps the server's time, as the server gave it.
    expect((await behind.processor.status()).platforms.facebook.nextAt).toBe(
      new Date(T0 + 90_000).toISOString(),
    );

    // 3 hours ahead, divided by the speed: 90 s at speed 30 is 3 s from this browser's now.
    const ahead = setup(30);
    ahead.clock.now = T0 + 3 * HOUR;
    ahead.app.leases.push(wait('hourly-cap', T0 + 90_000, { serverNow: T0 }));
    await ahead.processor.open(open);
    expect(ahead.alarms.alarms.get(alarmName('facebook'))).toBe(T0 + 3 * HOUR + 3_000);

    // A server that sends no clock of its own: this browser's stands in.
    const older = setup();
    older.app.leases.push(wait('spacing', T0 + 90_000, { serverNow: undefined }));
    await older.processor.open(open);
    expect(older.alarms.alarms.get(alarmName('facebook'))).toBe(T0 + 90_000);
  });

  it('a worker restarted mid-job hands the stored job with resumed: true, never a fresh send twice', async () => {
    const ctx = setup();
    ctx.app.leases.push(item(1));
    await ctx.processor.open(open);
    const tab = await workTab(ctx);
    const first = await ctx.processor.onContentMessage(nextStep(), { tabId: tab });
    expect(first).toMatchObject({ step: 'send', job: { itemUID: 'item-1', resumed: false } });

    // The worker stops mid-send and the page reloads: a new worker only has the storage.
    const again = ctx.restartWorker();
    await again.onAlarm(alarmName('facebook'));
    expect(ctx.app.api.lease).toHaveBeenCalledTimes(1);
    const second = await again.onContentMessage(nextStep(), { tabId: tab });
    expect(second).toMatchObject({ step: 'send', job: { itemUID: 'item-1', resumed: true } });
    const third = await again.onContentMessage(nextStep(), { tabId: tab });
    expect(third).toMatchObject({ step: 'send', job: { resumed: true } });
    // Past a few page loads the job waits for its lease to end rather than loop.
    expect(await again.onContentMessage(nextStep(), { tabId: tab })).toMatchObject({
      step: 'wait',
    });

    // Its result, once reported, is the one the server gets; the job is not handed out again.
    await again.onContentMessage(stepResult('sent'), { tabId: tab });
    expect(ctx.app.reports.map((r) => r.itemUID)).toEqual(['item-1']);
    expect(await again.onContentMessage(nextStep(), { tabId: tab })).toMatchObject({
      step: 'wait',
    });
  });

  it('a worker stopped between a report and the next lease is taken up again at the floor, not at the lease end', async () => {
    const ctx = setup();
    // The worker is stopped while it asks for the next lease: that call never answers.
    ctx.app.leases.push(item(1), () => new Promise<never>(() => undefined));
    await ctx.processor.open(open);
    const tab = await workTab(ctx);
    await ctx.processor.onContentMessage(nextStep(), { tabId: tab });
    void ctx.processor.onContentMessage(stepResult('sent'), { tabId: tab });
    await vi.waitFor(() => expect(ctx.app.api.lease).toHaveBeenCalledTimes(2));
    expect(ctx.app.reports).toHaveLength(1);
    expect(ctx.alarms.alarms.get(alarmName('facebook'))).toBe(T0 + ALARM_FLOOR_MS);

    // The alarm wakes a new worker, which leases the next message.
    ctx.app.leases.push(item(2));
    await ctx.restartWorker().onAlarm(alarmName('facebook'));
    expect(ctx.browser.tabUrl(tab)).toBe('https://www.facebook.com/person2');
  });

  it('a page reloaded inside the thread goes back to the recipient, where the job is resumed', async () => {
    const ctx = setup();
    ctx.app.leases.push(item(1));
    await ctx.processor.open(open);
    const tab = await workTab(ctx);
    expect(await ctx.processor.onContentMessage(nextStep(), { tabId: tab })).toMatchObject({
      step: 'send',
      job: { resumed: false },
    });
    // The page opened the thread from the profile, sent, and reloaded before it could report:
    // that thread's page cannot be told to be the recipient's, so the tab goes back there.
    const thread = 'https://www.facebook.com/messages/t/100000000000001';
    await ctx.browser.port.navigate(tab, thread);
    expect(await ctx.processor.onContentMessage(nextStep(thread), { tabId: tab })).toEqual({
      step: 'wait',
      until: null,
    });
    expect(ctx.browser.tabUrl(tab)).toBe('https://www.facebook.com/person1');
    expect(await ctx.processor.onContentMessage(nextStep(), { tabId: tab })).toMatchObject({
      step: 'send',
      job: { itemUID: 'item-1', resumed: true },
    });
    // Sent back counts as a hand-out: a page that keeps landing elsewhere does not loop.
    expect(await ctx.processor.onContentMessage(nextStep(thread), { tabId: tab })).toMatchObject({
      step: 'wait',
    });
    expect(ctx.app.api.lease).toHaveBeenCalledTimes(1);
  });

  it('a job the server leased before (resumed) is handed with resumed: true from the start', async () => {
    const ctx = setup();
    ctx.app.leases.push(item(1, true));
    await ctx.processor.open(open);
    expect(
      await ctx.processor.onContentMessage(nextStep(), { tabId: await workTab(ctx) }),
    ).toMatchObject({ step: 'send', job: { resumed: true } });
  });

  it('a result the app cannot take yet is kept and retried, and the job is not handed out meanwhile', async () => {
    const ctx = setup();
    ctx.app.leases.push(item(1), wait('spacing', T0 + 120_000));
    await ctx.processor.open(open);
    const tab = await workTab(ctx);
    await ctx.processor.onContentMessage(nextStep(), { tabId: tab });
    ctx.app.answerReports({ ok: false, kind: 'network', message: 'Leadloom could not be reached' });
    await ctx.processor.onContentMessage(stepResult('sent'), { tabId: tab });
    expect(ctx.alarms.alarms.get(alarmName('facebook'))).toBe(T0 + RETRY_MS);
    expect((await ctx.processor.status()).platforms.facebook.lastError).toBe(
      'Leadloom could not be reached',
    );
    expect(await ctx.processor.onContentMessage(nextStep(), { tabId: tab })).toMatchObject({
      step: 'wait',
    });
    expect(ctx.app.api.lease).toHaveBeenCalledTimes(1);

    ctx.app.answerReports({ ok: true, value: {} });
    await ctx.restartWorker().onAlarm(alarmName('facebook'));
    expect(ctx.app.reports).toEqual([
      { teamUID: 'team-1', itemUID: 'item-1', body: { leaseId: 'lease-1', code: 'sent' } },
    ]);
    expect(ctx.app.api.lease).toHaveBeenCalledTimes(2);
    expect((await ctx.processor.status()).platforms.facebook.lastError).toBeNull();
  });

  it('a job whose lease ran out is dropped and the next lease follows', async () => {
    const ctx = setup();
    ctx.app.leases.push(item(1), item(1, true, 'lease-1-again'));
    await ctx.processor.open(open);
    const tab = await workTab(ctx);
    await ctx.processor.onContentMessage(nextStep(), { tabId: tab });
    // The lease check is an alarm at the lease's end.
    expect(ctx.alarms.alarms.get(alarmName('facebook'))).toBe(T0 + QUEUE_LEASE_MS);
    ctx.clock.now = T0 + QUEUE_LEASE_MS;
    await ctx.processor.onAlarm(alarmName('facebook'));
    expect(ctx.app.api.lease).toHaveBeenCalledTimes(2);
    expect(ctx.app.reports).toEqual([]);
    expect(await ctx.processor.onContentMessage(nextStep(), { tabId: tab })).toMatchObject({
      step: 'send',
      job: { leaseId: 'lease-1-again', resumed: true },
    });
    // The page's late result for the dropped lease is not the current job's.
    expect(await ctx.processor.onContentMessage(stepResult('sent'), { tabId: tab })).toEqual({
      ok: false,
      error: 'This is not the message being sent',
    });
  });

  it('a result under a lease the server ended (409) clears the job and leases again', async () => {
    const ctx = setup();
    ctx.app.leases.push(item(1), item(2));
    await ctx.processor.open(open);
    const tab = await workTab(ctx);
    await ctx.processor.onContentMessage(nextStep(), { tabId: tab });
    ctx.app.answerReports({ ok: false, kind: 'conflict', message: 'This lease has ended' });
    await ctx.processor.onContentMessage(stepResult('retry'), { tabId: tab });
    expect(ctx.browser.tabUrl(tab)).toBe('https://www.facebook.com/person2');
    expect(await ctx.processor.onContentMessage(nextStep(), { tabId: tab })).toMatchObject({
      step: 'send',
      job: { itemUID: 'item-2' },
    });
  });

  it('a signed-out session (401) stops the processor and says so until it is opened again', async () => {
    const ctx = setup();
    ctx.app.leases.push(
      { ok: false, kind: 'unauthorized', message: SIGNED_OUT_MESSAGE },
      wait('spacing', T0 + 60_000),
    );
    await ctx.processor.open(open);
    expect(ctx.alarms.alarms.has(alarmName('facebook'))).toBe(false);
    expect((await ctx.processor.status()).platforms.facebook).toEqual({
      state: 'idle',
      sending: null,
      nextAt: null,
      waitReason: null,
      waitMessage: null,
      lastError: SIGNED_OUT_MESSAGE,
    });
    // An alarm left over does nothing while stopped.
    await ctx.processor.onAlarm(alarmName('facebook'));
    expect(ctx.app.api.lease).toHaveBeenCalledTimes(1);
    // Signed in again, the app opens it: it runs again, in the same window.
    await ctx.processor.open(open);
    expect(ctx.browser.opened).toHaveLength(1);
    expect((await ctx.processor.status()).platforms.facebook).toMatchObject({
      state: 'running',
      lastError: null,
    });
  });

  it('network errors retry with an alarm; a paused platform reports paused', async () => {
    const ctx = setup();
    ctx.app.leases.push(
      { ok: false, kind: 'network', message: 'Leadloom could not be reached (fetch failed)' },
      wait('paused', null, {
        message: 'Facebook asks you to sign in. Sign in there, then resume.',
      }),
    );
    await ctx.processor.open(open);
    expect(ctx.alarms.alarms.get(alarmName('facebook'))).toBe(T0 + RETRY_MS);
    expect((await ctx.processor.status()).platforms.facebook).toMatchObject({
      state: 'running',
      lastError: 'Leadloom could not be reached (fetch failed)',
    });
    await ctx.processor.onAlarm(alarmName('facebook'));
    expect((await ctx.processor.status()).platforms.facebook).toEqual({
      state: 'paused',
      sending: null,
      nextAt: null,
      waitReason: 'paused',
      waitMessage: 'Facebook asks you to sign in. Sign in there, then resume.',
      lastError: null,
    });
    expect(ctx.alarms.alarms.has(alarmName('facebook'))).toBe(true);
  });

  it('stop_processor closes the window and forgets everything; a closed window does the same', async () => {
    const ctx = setup();
    ctx.app.leases.push(item(1));
    await ctx.processor.open(open);
    const windowId = (await ctx.deps.store.windows()).facebook?.windowId ?? -1;
    await ctx.processor.stop('facebook');
    expect(ctx.browser.windows.has(windowId)).toBe(false);
    expect(ctx.alarms.alarms.size).toBe(0);
    expect(ctx.local.data.size).toBe(0);
    expect((await ctx.processor.status()).platforms.facebook.state).toBe('idle');
    // Nothing is released at the server: the lease simply runs out.
    expect(ctx.app.reports).toEqual([]);

    ctx.app.leases.push(wait('spacing', T0 + 60_000));
    await ctx.processor.open(open);
    const reopened = (await ctx.deps.store.windows()).facebook?.windowId ?? -1;
    ctx.browser.windows.delete(reopened);
    await ctx.processor.onWindowRemoved(reopened);
    expect((await ctx.processor.status()).platforms.facebook.state).toBe('idle');
    expect(ctx.alarms.alarms.size).toBe(0);
  });

  it('after a browser restart the window is re-mapped by its url, or the processor ends', async () => {
    const ctx = setup();
    ctx.app.leases.push(wait('spacing', T0 + 60_000), wait('spacing', T0 + 120_000));
    await ctx.processor.open(open);
    ctx.browser.restart();
    ctx.session.data.clear(); // storage.session does not survive a restart
    const worker = ctx.restartWorker();
    await worker.onStartup();
    const remapped = (await ctx.deps.store.windows()).facebook;
    const appTab = [...ctx.browser.windows.values()]
      .flatMap((w) => w.tabs)
      .find((t) => t.url === URL_FB);
    expect(remapped?.appTabId).toBe(appTab?.tabId);
    expect(ctx.browser.windows.has(remapped?.windowId ?? -1)).toBe(true);
    expect(ctx.alarms.alarms.get(alarmName('facebook'))).toBe(T0 + 120_000);

    // Restored without the processor window: that platform's processor ends, and the user's
    // own window showing the same page among other tabs is not taken over.
    ctx.browser.windows.delete(remapped?.windowId ?? -1);
    const own = [
      { tabId: 900, url: URL_FB },
      { tabId: 901, url: `${APP}/contacts` },
      { tabId: 902, url: 'https://www.facebook.com/friend' },
    ];
    ctx.browser.windows.set(9, { tabs: own.map((t) => ({ ...t })) });
    ctx.session.data.clear();
    await ctx.restartWorker().onStartup();
    expect((await worker.status()).platforms.facebook.state).toBe('idle');
    expect(ctx.browser.windows.get(9)?.tabs).toEqual(own);
  });

  it('the wake alarm of a long wait_a_bit runs every open processor', async () => {
    const ctx = setup();
    ctx.app.leases.push(wait('spacing', T0 + 60_000), item(1));
    await ctx.processor.open(open);
    await ctx.processor.wakeAt(T0 + 3_600_000);
    expect(ctx.alarms.alarms.get(WAKE_ALARM)).toBe(T0 + 3_600_000);
    await ctx.processor.onAlarm(WAKE_ALARM);
    expect(ctx.browser.tabUrl(await workTab(ctx))).toBe('https://www.facebook.com/person1');
    expect(ctx.app.api.lease).toHaveBeenCalledTimes(2);
  });

  it('counts a message the user sent by hand, from any tab', async () => {
    const ctx = setup();
    expect(
      await ctx.processor.onContentMessage(
        { type: 'manual_send', platform: 'instagram', recipient: 'https://www.instagram.com/dana' },
        { tabId: 2 },
      ),
    ).toEqual({ ok: true });
    expect(ctx.app.manual).toEqual([
      { platform: 'instagram', recipient: 'https://www.instagram.com/dana' },
    ]);
  });

  it('a step result from another tab changes nothing', async () => {
    const ctx = setup();
    ctx.app.leases.push(item(1));
    await ctx.processor.open(open);
    expect(await ctx.processor.onContentMessage(stepResult('sent'), { tabId: 2 })).toEqual({
      ok: false,
      error: 'No message is being sent from this tab',
    });
    expect(ctx.app.reports).toEqual([]);
  });
});
