/**
 * "Today" across a daylight-saving change (issue 8, Done when): a daily task due at 23:30 in the
 * user's zone shows under Today for that user on the evening before the clocks change and on the
 * evening after, never as overdue. The server's calendar clock is moved with its test-only
 * LEADLOOM_TEST_CLOCK_FILE (apps/server/src/clock.ts; accepted only with NODE_ENV=test) and the
 * page's with Playwright's `page.clock`, so both agree on the instant. Sessions keep the real time.
 *
 * Berlin falls back on Sunday 2026-10-25 at 03:00 (CEST, UTC+2 → CET, UTC+1): 23:30 on the 24th
 * is 21:30 UTC, 23:30 on the 25th is 22:30 UTC. New York springs forward on Sunday 2026-03-08 at
 * 02:00 (EST, UTC−5 → EDT, UTC−4): 23:30 on the 7th is 04:30 UTC the next day, 23:30 on the 8th
 * is 03:30 UTC the day after.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltApp, type RunningApp } from './app-server';
import { launchBrowser, requireChromium } from './browser';
import { api, signInThroughForm } from './session';

interface ApiTask {
  name: string;
  status: string;
  dueDate: string;
  dueTime: string | null;
  actualDueDate: string;
  timeZone: string;
}

describe.skipIf(requireChromium())('a daily 23:30 task across a daylight-saving change', () => {
  let app: RunningApp;
  let browser: Browser;
  let clockDir: string;
  let clockFile: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    clockDir = mkdtempSync(join(tmpdir(), 'leadloom-e2e-clock-'));
    clockFile = join(clockDir, 'offset-ms');
    app = await startBuiltApp({ LEADLOOM_TEST_CLOCK_FILE: clockFile, NODE_ENV: 'test' });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    await app?.stop();
    rmSync(clockDir, { recursive: true, force: true });
  });

  /** Moves the server's calendar clock and the page's clock to `iso` (time keeps flowing). */
  async function setNow(page: Page, iso: string) {
    const at = Date.parse(iso);
    writeFileSync(clockFile, String(at - Date.now()));
    await page.clock.setSystemTime(at);
  }

  /** A signed-in page of the demo owner in `zone`, with its clock installed at `iso`. */
  async function ownerIn(zone: string, iso: string) {
    const context = await browser.newContext({
      viewport: { width: 1360, height: 900 },
      timezoneId: zone,
    });
    contexts.push(context);
    const page = await context.newPage();
    writeFileSync(clockFile, String(Date.parse(iso) - Date.now()));
    await page.clock.install({ time: Date.parse(iso) });
    await signInThroughForm(page, app.url, 'demo@leadloom.dev', 'leadloom-demo');
    expect((await api(page, 'PATCH', '/api/me', { timeZone: zone })).status).toBe(200);
    const me = await api(page, 'GET', '/api/me');
    return { page, teamUID: (me.body.currentTeam as { teamUID: string }).teamUID };
  }

  async function openTasks(page: Page, teamUID: string, name: string) {
    const list = await api(page, 'GET', `/api/teams/${teamUID}/tasks?view=upcoming`);
    const today = await api(page, 'GET', `/api/teams/${teamUID}/tasks?view=today`);
    return [...(today.body.tasks as ApiTask[]), ...(list.body.tasks as ApiTask[])].filter(
      (t) => t.name === name && t.status === 'open',
    );
  }

  const showView = (page: Page, label: string) =>
    page.getByLabel('Which tasks').getByText(label, { exact: true }).click();

  /** On /tasks: `name` is an open task under Today, nothing is overdue, the badge agrees. */
  async function expectDueToday(page: Page, name: string, time: string) {
    await page.goto(`${app.url}/tasks`);
    const today = page.getByRole('region', { name: 'Today', exact: true });
    await today.getByRole('checkbox', { name: `Complete ${name}` }).waitFor();
    await today.locator(`[data-task="${name}"]`).getByText(time, { exact: true }).waitFor();
    // Due today, not late yet: the time is not marked, and the badge counts it as today's.
    await page.getByLabel(/^0 overdue, \d+ due today$/).waitFor();
    await showView(page, 'Overdue');
    await page.getByText('Nothing overdue').waitFor();
    await showView(page, 'Today');
    await today.getByRole('checkbox', { name: `Complete ${name}` }).waitFor();
  }

  async function addDailyTask(page: Page, name: string, expectDate: string) {
    await page.goto(`${app.url}/tasks`);
    await page.getByRole('button', { name: 'New task' }).click();
    await page.getByLabel('Task', { exact: true }).fill(name);
    // The form starts on the user's own today.
    expect(await page.getByLabel('Due', { exact: true }).inputValue()).toBe(expectDate);
    await page.getByLabel('Time (optional)').fill('23:30');
    await page.getByRole('textbox', { name: 'Repeat' }).click();
    await page.getByRole('option', { name: 'Every day' }).click();
    await page.getByRole('button', { name: 'Add task' }).click();
    await page.getByText(`Added “${name}”.`).waitFor();
  }

  it('Berlin, falling back: Saturday’s 23:30 and Sunday’s 23:30 are each under Today', async () => {
    const NAME = 'Evening review';
    // Saturday 24 October 2026, 20:00 in Berlin (summer time).
    const { page, teamUID } = await ownerIn('Europe/Berlin', '2026-10-24T18:00:00Z');
    expect(await page.evaluate(() => new Date().toISOString().slice(0, 10))).toBe('2026-10-24');

    await addDailyTask(page, NAME, '2026-10-24');
    await expectDueToday(page, NAME, '23:30');
    expect(await openTasks(page, teamUID, NAME)).toEqual([
      expect.objectContaining({
        dueDate: '2026-10-24',
        actualDueDate: '2026-10-24T21:30:00.000Z',
        timeZone: 'Europe/Berlin',
      }),
    ]);

    await page
      .getByRole('region', { name: 'Today', exact: true })
      .getByRole('checkbox', { name: `Complete ${NAME}` })
      .click();
    await page.getByText(`Completed “${NAME}”. Next one: 2026-10-25 23:30.`).waitFor();
    // On Saturday evening the next one is tomorrow's.
    await showView(page, 'Upcoming');
    await page.getByRole('region', { name: 'Tomorrow', exact: true }).getByText(NAME).waitFor();

    // Sunday 25 October, 20:00 in Berlin — winter time since 03:00.
    await setNow(page, '2026-10-25T19:00:00Z');
    await expectDueToday(page, NAME, '23:30');
    expect(await openTasks(page, teamUID, NAME)).toEqual([
      expect.objectContaining({
        dueDate: '2026-10-25',
        actualDueDate: '2026-10-25T22:30:00.000Z',
      }),
    ]);
    // 23:15 that Sunday: still today's, not yet late.
    await setNow(page, '2026-10-25T22:15:00Z');
    await expectDueToday(page, NAME, '23:30');
  });

  it('New York, springing forward: Saturday’s 23:30 and Sunday’s 23:30 are each under Today', async () => {
    const NAME = 'Night check';
    // Saturday 7 March 2026, 20:00 in New York (standard time) = 01:00 UTC on the 8th.
    const { page, teamUID } = await ownerIn('America/New_York', '2026-03-08T01:00:00Z');
    await addDailyTask(page, NAME, '2026-03-07');
    await expectDueToday(page, NAME, '23:30');
    expect(await openTasks(page, teamUID, NAME)).toEqual([
      expect.objectContaining({
        dueDate: '2026-03-07',
        actualDueDate: '2026-03-08T04:30:00.000Z',
        timeZone: 'America/New_York',
      }),
    ]);
    await page
      .getByRole('region', { name: 'Today', exact: true })
      .getByRole('checkbox', { name: `Complete ${NAME}` })
      .click();
    await page.getByText(`Completed “${NAME}”. Next one: 2026-03-08 23:30.`).waitFor();

    // Sunday 8 March, 20:00 in New York — daylight time since 02:00 — is 00:00 UTC on the 9th.
    await setNow(page, '2026-03-09T00:00:00Z');
    await expectDueToday(page, NAME, '23:30');
    expect(await openTasks(page, teamUID, NAME)).toEqual([
      expect.objectContaining({
        dueDate: '2026-03-08',
        actualDueDate: '2026-03-09T03:30:00.000Z',
      }),
    ]);
  });
});
