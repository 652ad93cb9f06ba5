/**
 * The queue processor (SPEC §4, §7): one window per platform holding the app's processor page and
 * the platform tab the messages are sent from. Its loop, one step per event:
 *
 *   alarm / open → lease at the server → `wait`: an alarm at the server's time
 *                                       → `item`: store the job, load the recipient in the tab
 *   the tab's content script asks `next_step` → `send {job}` (the processor tab and the stored
 *   job only) → it reports `step_result` → the result goes to the server, the job is cleared, and
 *   the next lease follows (the server's pacing decides when).
 *
 * Stateless between events (RESEARCH §1): everything lives in chrome.storage (state.ts) and every
 * wait is an alarm. Never a double send: the job is stored before the page gets it, a second
 * hand-out of it says `resumed: true` (the page looks in the thread first), and a result is kept
 * until the server has it, so the job is not handed out again meanwhile.
 */
import {
  QUEUE_LEASE_MS,
  QUEUE_PLATFORMS,
  type GetStatusAnswer,
  type ProcessorStatus,
  type QueueProcessorPlatform,
} from '@leadloom/core';
import { onRecipientPage } from '../../platforms/recipient';
import type { ContentMessage, NextStep, SendJob } from '../../protocol';
import type { OutreachApi } from './outreach-api';
import type { AlarmPort, WindowPort } from './ports';
import type { Cursor, Job, ProcessorStore, ProcessorWindow } from './state';

/** Chrome fires a packed MV3 extension's alarms at most every 30 s (RESEARCH §1). */
export const ALARM_FLOOR_MS = 30_000;
/** Ask the server again at least this often, whatever time it gave (a clock may be off). */
export const MAX_WAIT_MS = 5 * 60_000;
/** When the server gives no time (nothing due, paused until resumed): ask again after this. */
export const IDLE_POLL_MS = 2 * 60_000;
/** The app could not be reached: try again after this. */
export const RETRY_MS = 60_000;
/** Page loads one job is handed to before the processor waits for its lease to run out. */
export const MAX_HANDOUTS = 3;
/** Facebook and Instagram switch to a mobile layout in narrow windows (RESEARCH §1). */
export const WINDOW_WIDTH = 1280;
export const WINDOW_HEIGHT = 900;

export const WAKE_ALARM = 'processor.wake';
const ALARM_PREFIX = 'processor.';
export const alarmName = (platform: QueueProcessorPlatform) => `${ALARM_PREFIX}${platform}`;

export interface ProcessorDeps {
  store: ProcessorStore;
  alarms: AlarmPort;
  windows: WindowPort;
  api: OutreachApi;
  now: () => number;
  /** Test builds divide every wait by this (EXTENSION_SPEED); 1 in production. */
  speed: number;
  /** Each decision, for the worker's console (verbose level): why a message did or did not go. */
  trace?: (line: string) => void;
}

export interface OpenInput {
  url: string;
  platform: QueueProcessorPlatform;
  offset: number;
}

/** The sender of a content-script message, as chrome.runtime.onMessage gives it. */
export interface ContentSender {
  tabId: number | undefined;
}

export type ContentAnswer = NextStep | { ok: true } | { ok: false; error: string };

export interface Processor {
  open(input: OpenInput): Promise<void>;
  stop(platform: QueueProcessorPlatform): Promise<void>;
  status(): Promise<GetStatusAnswer>;
  /** Wakes every running processor at `when` (a long `wait_a_bit`). */
  wakeAt(when: number): Promise<void>;
  onAlarm(name: string): Promise<void>;
  onWindowRemoved(windowId: number): Promise<void>;
  /** After a browser restart: re-map each processor's window by its url, or forget it. */
  onStartup(): Promise<void>;
  onContentMessage(message: ContentMessage, sender: ContentSender): Promise<ContentAnswer>;
}

const idleStatus: ProcessorStatus = {
  state: 'idle',
  sending: null,
  nextAt: null,
  waitReason: null,
  waitMessage: null,
  lastError: null,
};

function freshCursor(url: string, offset: number): Cursor {
  return {
    url,
    offset,
    job: null,
    report: null,
    nextAt: null,
    waitReason: null,
    waitMessage: null,
    lastError: null,
    stopped: false,
  };
}

export function createProcessor(deps: ProcessorDeps): Processor {
  const { store, alarms, windows, api } = deps;
  const trace = deps.trace ?? (() => undefined);

  // Events of one platform run one after another (an alarm and a page's result must not both
  // lease). A chain, not state: a stopped worker loses nothing by losing it.
  const chains = new Map<QueueProcessorPlatform, Promise<unknown>>();
  function serial<T>(platform: QueueProcessorPlatform, task: () => Promise<T>): Promise<T> {
    const previous = chains.get(platform) ?? Promise.resolve();
    const next = previous.then(task, task);
    chains.set(
      platform,
      next.catch(() => undefined),
    );
    return next;
  }

  /** An alarm `delay` from now: scaled by the speed factor, never under the floor. */
  async function wakeIn(platform: QueueProcessorPlatform, delay: number) {
    const bounded = Math.min(Math.max(delay, ALARM_FLOOR_MS), MAX_WAIT_MS);
    trace(`${platform}: next look in ${Math.round(bounded / deps.speed)} ms`);
    await alarms.set(alarmName(platform), deps.now() + bounded / deps.speed);
  }

  async function forget(platform: QueueProcessorPlatform) {
    await alarms.clear(alarmName(platform));
    await store.setCursor(platform, null);
    await store.setWindow(platform, null);
  }

  /** The platform's window, checked to be open; re-mapped by url when the ids are lost. */
  async function liveWindow(
    platform: QueueProcessorPlatform,
    cursor: Cursor | null,
  ): Promise<ProcessorWindow | null> {
    const known = (await store.windows())[platform];
    if (known && (await windows.exists(known.windowId))) return known;
    if (known) await store.setWindow(platform, null);
    if (!cursor) return null;
    for (const found of await windows.findTabs(cursor.url)) {
      // Only a window of the processor's own (its page and at most the platform tab): the
      // user may have the same page open among their own tabs, which are never taken over.
      const tabs = await windows.tabsIn(found.windowId);
      if (tabs.length > 2) continue;
      const work = tabs.find((tab) => tab.tabId !== found.tabId);
      const workTabId = work?.tabId ?? (await windows.openTab(found.windowId, 'about:blank'));
      const window = { windowId: found.windowId, appTabId: found.tabId, workTabId };
      await store.setWindow(platform, window);
      return window;
    }
    return null;
  }

  /** Loads `url` in the working tab, opening a new one when the user closed it. */
  async function navigate(platform: QueueProcessorPlatform, window: ProcessorWindow, url: string) {
    trace(`${platform}: loading ${url} in tab ${window.workTabId}`);
    if (await windows.navigate(window.workTabId, url)) return;
    const workTabId = await windows.openTab(window.windowId, url);
    await store.setWindow(platform, { ...window, workTabId });
  }

  /** Delivers the result the page reported; true when the job is settled (either way). */
  async function deliverReport(platform: QueueProcessorPlatform, cursor: Cursor) {
    const { job, report } = cursor;
    if (!job || !report) return true;
    const result = await api.report(job.teamUID, job.itemUID, {
      leaseId: job.leaseId,
      code: report.code,
      ...(report.detail === undefined ? {} : { detail: report.detail }),
    });
    if (result.ok || result.kind === 'conflict' || result.kind === 'refused') {
      // Taken, or the lease ended (the server has the message back), or refused outright
      // (a retry cannot help): either way this job is done here.
      const failed = report.code !== 'sent' && report.code !== 'skipped';
      const error = result.ok
        ? failed
          ? `${report.code}${report.detail ? `: ${report.detail}` : ''}`
          : null
        : result.kind === 'refused'
          ? result.message
          : null;
      await store.setCursor(platform, { ...cursor, job: null, report: null, lastError: error });
      return true;
    }
    if (result.kind === 'unauthorized') {
      // Kept: a "sent" is recorded even after its lease ends, once the user signs in again.
      await store.setCursor(platform, { ...cursor, stopped: true, lastError: result.message });
      await alarms.clear(alarmName(platform));
      return false;
    }
    await store.setCursor(platform, { ...cursor, lastError: result.message });
    await wakeIn(platform, RETRY_MS);
    return false;
  }

  /** One step of the loop for a platform. */
  async function step(platform: QueueProcessorPlatform) {
    let cursor = await store.cursor(platform);
    if (!cursor || cursor.stopped) {
      trace(`${platform}: step, ${cursor ? 'stopped' : 'not running'}`);
      return;
    }
    const window = await liveWindow(platform, cursor);
    if (!window) {
      trace(`${platform}: step, its window is gone`);
      // The window was closed while the worker was stopped: that platform's processor ends.
      await forget(platform);
      return;
    }
    // Chrome may stop the worker anywhere below (between a report and the next lease, say):
    // the next look is set first, so a step cut short is taken up again soon, not at the lease's
    // end minutes later. Every way out of the step sets its own alarm over this one.
    await alarms.set(alarmName(platform), deps.now() + ALARM_FLOOR_MS / deps.speed);
    if (cursor.report) {
      if (!(await deliverReport(platform, cursor))) return;
      cursor = (await store.cursor(platform)) ?? cursor;
    }
    if (cursor.job) {
      const leaseEnds = cursor.job.leasedAt + QUEUE_LEASE_MS;
      if (deps.now() < leaseEnds) {
        // The page is on it; look again when its lease runs out (real time: the server's).
        trace(`${platform}: step, ${cursor.job.itemUID} is out (${cursor.job.handouts} handouts)`);
        await alarms.set(alarmName(platform), leaseEnds);
        return;
      }
      // No result within the lease: the server has put the message back; drop it here.
      cursor = { ...cursor, job: null };
      await store.setCursor(platform, cursor);
    }

    const leased = await api.lease(platform);
    trace(
      `${platform}: lease ${
        !leased.ok
          ? `failed (${leased.kind}: ${leased.message})`
          : leased.value.item
            ? `${leased.value.item.itemUID}${leased.value.item.resumed ? ' resumed' : ''}`
            : `none (${leased.value.wait.reason} until ${leased.value.wait.until})`
      }`,
    );
    if (!leased.ok) {
      if (leased.kind === 'unauthorized') {
        await store.setCursor(platform, { ...cursor, stopped: true, lastError: leased.message });
        await alarms.clear(alarmName(platform));
        return;
      }
      await store.setCursor(platform, { ...cursor, lastError: leased.message });
      await wakeIn(platform, RETRY_MS);
      return;
    }
    const { item, wait } = leased.value;
    if (item) {
      const job: Job = {
        teamUID: item.teamUID,
        itemUID: item.itemUID,
        leaseId: item.leaseId,
        recipient: item.recipient,
        text: item.text,
        resumed: item.resumed,
        leasedAt: deps.now(),
        handouts: 0,
      };
      // Stored before the page can ask for it.
      await store.setCursor(platform, {
        ...cursor,
        job,
        report: null,
        nextAt: null,
        waitReason: null,
        waitMessage: null,
        lastError: null,
      });
      await alarms.set(alarmName(platform), job.leasedAt + QUEUE_LEASE_MS);
      await navigate(platform, window, item.recipient);
      return;
    }
    const until = wait.until === null ? null : Date.parse(wait.until);
    await store.setCursor(platform, {
      ...cursor,
      nextAt: until,
      waitReason: wait.reason,
      waitMessage: wait.message ?? null,
      lastError: null,
    });
    // The server's times against the server's now: this browser's clock may be off by any amount.
    const serverNow = leased.value.now === undefined ? deps.now() : Date.parse(leased.value.now);
    await wakeIn(platform, until === null ? IDLE_POLL_MS : until - serverNow);
  }

  async function nextStep(
    platform: QueueProcessorPlatform,
    tabId: number | undefined,
    href: string,
  ) {
    const window = (await store.windows())[platform];
    if (!window || tabId === undefined || window.workTabId !== tabId) {
      trace(`${platform}: tab ${tabId} asks, idle (the work tab is ${window?.workTabId})`);
      return { step: 'idle' } satisfies NextStep;
    }
    const cursor = await store.cursor(platform);
    const job = cursor?.job;
    if (!cursor || !job || cursor.report || cursor.stopped || job.handouts >= MAX_HANDOUTS) {
      trace(
        `${platform}: the work tab asks, wait (${job ? `${job.handouts} handouts` : 'no job'})`,
      );
      const until = cursor?.nextAt ?? null;
      return {
        step: 'wait',
        until: until === null ? null : new Date(until).toISOString(),
      } satisfies NextStep;
    }
    if (job.handouts > 0 && !onRecipientPage(href, job.recipient)) {
      // Asked again, unreported, from a page that is not the recipient's: it reloaded inside the
      // thread the recipient's page opened, or the browser came back there. Nothing says whose
      // thread that is, so the tab goes back to the recipient's page, where the job is handed out
      // resumed (it looks in the thread first). Counted, so a page that keeps landing elsewhere
      // cannot loop.
      await store.setCursor(platform, { ...cursor, job: { ...job, handouts: job.handouts + 1 } });
      await navigate(platform, window, job.recipient);
      return { step: 'wait', until: null } satisfies NextStep;
    }
    const send: SendJob = {
      itemUID: job.itemUID,
      leaseId: job.leaseId,
      recipient: job.recipient,
      text: job.text,
      resumed: job.resumed || job.handouts > 0,
    };
    trace(`${platform}: the work tab asks, send ${job.itemUID}${send.resumed ? ' resumed' : ''}`);
    // Counted before it leaves: a worker stopped right after still knows it went out.
    await store.setCursor(platform, { ...cursor, job: { ...job, handouts: job.handouts + 1 } });
    return { step: 'send', job: send } satisfies NextStep;
  }

  async function stepResult(
    message: Extract<ContentMessage, { type: 'step_result' }>,
    tabId: number | undefined,
  ): Promise<ContentAnswer> {
    const { platform } = message;
    const window = (await store.windows())[platform];
    const cursor = await store.cursor(platform);
    const job = cursor?.job;
    if (!window || window.workTabId !== tabId || !cursor || !job) {
      return { ok: false, error: 'No message is being sent from this tab' };
    }
    if (job.itemUID !== message.itemUID || job.leaseId !== message.leaseId) {
      return { ok: false, error: 'This is not the message being sent' };
    }
    if (cursor.report) return { ok: true };
    trace(`${platform}: ${job.itemUID} ${message.code}`);
    await store.setCursor(platform, {
      ...cursor,
      report: {
        code: message.code,
        ...(message.detail === undefined ? {} : { detail: message.detail }),
      },
    });
    await step(platform);
    return { ok: true };
  }

  return {
    open: ({ url, platform, offset }) =>
      serial(platform, async () => {
        const stored = await store.cursor(platform);
        let window = await liveWindow(platform, stored);
        let cursor = stored;
        if (!window) {
          const focused = await windows.lastFocused();
          const opened = await windows.open({
            urls: [url, 'about:blank'],
            left: offset,
            top: offset,
            width: WINDOW_WIDTH,
            height: WINDOW_HEIGHT,
          });
          const [appTabId, workTabId] = opened.tabIds;
          if (appTabId === undefined || workTabId === undefined) {
            throw new Error('The processor window opened without its two tabs');
          }
          window = { windowId: opened.windowId, appTabId, workTabId };
          trace(`${platform}: opened window ${window.windowId}, work tab ${workTabId}`);
          await store.setWindow(platform, window);
          // The user keeps working where they were.
          if (focused !== null && focused !== opened.windowId) await windows.focus(focused);
          cursor = null;
        }
        const restarted = cursor?.stopped === true;
        trace(`${platform}: open${cursor?.job ? `, ${cursor.job.itemUID} is out` : ''}`);
        await store.setCursor(platform, {
          ...(cursor ?? freshCursor(url, offset)),
          url,
          offset,
          stopped: false,
          ...(restarted ? { lastError: null } : {}),
        });
        // Asked again while a job is out: the page is on it, the loop goes on as it was.
        if (!cursor?.job || cursor.report || restarted) await step(platform);
      }),

    stop: (platform) =>
      serial(platform, async () => {
        trace(`${platform}: stop`);
        const window = (await store.windows())[platform];
        // Forgotten first, so the window's removal finds nothing left to stop.
        await forget(platform);
        if (window) await windows.close(window.windowId);
      }),

    async status() {
      const entries = await Promise.all(
        QUEUE_PLATFORMS.map(async (platform): Promise<[string, ProcessorStatus]> => {
          const cursor = await store.cursor(platform);
          if (!cursor) return [platform, idleStatus];
          const state = cursor.stopped
            ? 'idle'
            : cursor.waitReason === 'paused'
              ? 'paused'
              : 'running';
          return [
            platform,
            {
              state,
              sending:
                cursor.job && !cursor.stopped
                  ? { itemUID: cursor.job.itemUID, recipient: cursor.job.recipient }
                  : null,
              nextAt:
                cursor.nextAt === null || cursor.job || cursor.stopped
                  ? null
                  : new Date(cursor.nextAt).toISOString(),
              waitReason: cursor.job || cursor.stopped ? null : cursor.waitReason,
              waitMessage: cursor.job || cursor.stopped ? null : (cursor.waitMessage ?? null),
              lastError: cursor.lastError,
            },
          ];
        }),
      );
      return { platforms: Object.fromEntries(entries) as GetStatusAnswer['platforms'] };
    },

    async wakeAt(when) {
      await alarms.set(WAKE_ALARM, when);
    },

    async onAlarm(name) {
      if (name === WAKE_ALARM) {
        await Promise.all(
          QUEUE_PLATFORMS.map((platform) => serial(platform, () => step(platform))),
        );
        return;
      }
      const platform = QUEUE_PLATFORMS.find((p) => name === alarmName(p));
      if (platform) await serial(platform, () => step(platform));
    },

    async onWindowRemoved(windowId) {
      const all = await store.windows();
      for (const platform of QUEUE_PLATFORMS) {
        if (all[platform]?.windowId === windowId) await serial(platform, () => forget(platform));
      }
    },

    async onStartup() {
      // Alarms may not survive a restart either: each step sets its platform's again.
      await Promise.all(QUEUE_PLATFORMS.map((platform) => serial(platform, () => step(platform))));
    },

    async onContentMessage(message, sender) {
      switch (message.type) {
        case 'next_step':
          return serial(message.platform, () =>
            nextStep(message.platform, sender.tabId, message.href),
          );
        case 'step_result':
          return serial(message.platform, () => stepResult(message, sender.tabId));
        case 'manual_send': {
          const result = await api.manualSend(message.platform, message.recipient);
          trace(
            `${message.platform}: sent by hand to ${message.recipient}: ${result.ok ? 'counted' : result.message}`,
          );
          return result.ok ? { ok: true } : { ok: false, error: result.message };
        }
      }
    },
  };
}
