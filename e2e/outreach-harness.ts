/**
 * What the outreach browser suites share: the test build's speed, limits that let a message go
 * out at any time of day, talking to the extension as the app does, and a flight recorder of the
 * extension (its service worker's console, every navigation of every tab, what it keeps in
 * chrome.storage and its alarms), printed when a test fails: a send that never happens leaves
 * nothing else to read.
 */
import { EXTENSION_ID } from '@leadloom/core';
import type { ConsoleMessage, Page, Worker } from 'playwright-core';
import { afterEach } from 'vitest';
import type { ExtensionBrowser } from './browser';
import { signInThroughForm } from './session';

/** Every wait of the extension is divided by this: a 30 s alarm floor becomes half a second. */
export const SPEED = 60;
/** Just over the shortest gap between two sends (30 s), on the app clock. */
export const GAP_MS = 31_000;

/** Limits that let a send happen any time of the day, spaced by the shortest gap (30 s). */
export const ANY_TIME = {
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

export type Platform = 'facebook' | 'instagram';

/** A queue item as the app's item list answers it. */
export interface Item {
  itemUID: string;
  GTID: string;
  status: string;
  resultCode: string | null;
  resultDetail: string | null;
  text: string;
  queuedToUID?: string;
}

/** A message the extension takes from the page, as the app sends it. */
export function toExtension(page: Page, message: unknown): Promise<unknown> {
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

/** Waits until the app's log_in has given the extension its own session. */
export async function extensionSignedIn(page: Page) {
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

/** Signs in through the form as `email` and waits for the extension's own session. */
export async function signInWithExtension(
  page: Page,
  appUrl: string,
  email = 'demo@leadloom.dev',
  password = 'leadloom-demo',
) {
  await signInThroughForm(page, appUrl, email, password);
  await extensionSignedIn(page);
}

/** A time zone where it is about noon now: working hours hold whenever a suite runs. */
export function zoneAtNoon(): string {
  const east = 12 - new Date().getUTCHours();
  return east === 0 ? 'Etc/UTC' : `Etc/GMT${east > 0 ? '-' : '+'}${Math.abs(east)}`;
}

/** The open processor pages of a platform (`/queue/:platform`). */
export const processorPages = (ext: ExtensionBrowser, platform: Platform) =>
  ext.context.pages().filter((p) => p.url().includes(`/queue/${platform}`));

export interface FlightRecorder {
  /** What happened so far, and the extension's stored state and alarms now. */
  report(): Promise<string>;
}

/**
 * Records the extension's service workers' console (each restart's too) and every page's
 * navigations and warnings; `afterEach` prints it all when the test failed.
 */
export function recordExtension(ext: ExtensionBrowser): FlightRecorder {
  const started = Date.now();
  const lines: string[] = [];
  const note = (text: string) => {
    lines.push(`${((Date.now() - started) / 1000).toFixed(2).padStart(8)}s ${text}`);
    if (lines.length > 1500) lines.shift();
  };
  const onConsole = (where: string) => (message: ConsoleMessage) => {
    // The worker's own lines reach the pages' console events too: kept once, as the worker's.
    if (where !== 'worker' && message.text().startsWith('Leadloom queue processor')) return;
    const wanted =
      where === 'worker' ||
      ['error', 'warning'].includes(message.type()) ||
      message.text().startsWith('Leadloom');
    if (!wanted) return;
    note(`${where} ${message.type()}: ${message.text()}`);
  };
  const watchWorker = (worker: Worker) => {
    note(`worker started ${worker.url()}`);
    worker.on('console', onConsole('worker'));
    worker.on('close', () => note('worker stopped'));
  };
  const watchPage = (page: Page) => {
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) note(`page navigated ${frame.url()}`);
    });
    page.on('console', onConsole('page'));
    page.on('close', () => note(`page closed ${page.url()}`));
  };
  ext.context.serviceWorkers().forEach(watchWorker);
  ext.context.on('serviceworker', watchWorker);
  ext.context.pages().forEach(watchPage);
  ext.context.on('page', watchPage);

  async function stored(): Promise<string> {
    const page = await ext.context.newPage();
    try {
      await page.goto(`chrome-extension://${EXTENSION_ID}/popup.html`);
      const state = await page.evaluate(async () => {
        type Area = { get(keys: null): Promise<Record<string, unknown>> };
        const c = (
          globalThis as unknown as {
            chrome: {
              storage: { local: Area; session: Area };
              alarms: { getAll(): Promise<unknown[]> };
            };
          }
        ).chrome;
        const [local, session, alarms] = await Promise.all([
          c.storage.local.get(null),
          c.storage.session.get(null),
          c.alarms.getAll(),
        ]);
        delete local.session;
        return { local, session, alarms, now: Date.now() };
      });
      return JSON.stringify(state, null, 1);
    } catch (error) {
      return `(the extension's state could not be read: ${String(error)})`;
    } finally {
      await page.close().catch(() => undefined);
    }
  }

  return {
    async report() {
      const pages = ext.context.pages().map((p) => `  ${p.url()}`);
      return [
        '--- the extension, as recorded:',
        ...lines,
        '--- open pages:',
        ...pages,
        '--- stored state and alarms:',
        await stored(),
      ].join('\n');
    },
  };
}

/** Prints the recorder's report after each failed test of the suite. */
export function reportFailures(recorder: () => FlightRecorder | undefined) {
  afterEach(async (context) => {
    const recording = recorder();
    if (context.task.result?.state !== 'fail' || !recording) return;
    console.error(`${context.task.name}\n${await recording.report()}`);
  });
}
