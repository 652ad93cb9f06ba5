/**
 * Tasks as people use them (issue 8), on the production build with the demo team: on a
 * contact's Tasks tab the owner plans a daily follow-up at 23:30 and completes it — the next one
 * appears for tomorrow and the timeline records both; and /tasks shows a task under "Today" by
 * the user's own time zone (set to UTC+14, where the date is usually ahead of UTC), with the
 * navigation badge counting it. With E2E_SCREENSHOTS=<dir> it saves /tasks.
 */
import { addDays, localToday } from '@leadloom/core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltApp, type RunningApp } from './app-server';
import { launchBrowser, requireChromium } from './browser';
import { api, signInThroughForm } from './session';

const SHOTS = process.env.E2E_SCREENSHOTS;
const ZONE = 'Pacific/Kiritimati';

describe.skipIf(requireChromium())('tasks in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let teamUID: string;
  let GTID: string;

  beforeAll(async () => {
    app = await startBuiltApp();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1360, height: 900 }, timezoneId: ZONE });
    await signInThroughForm(page, app.url, 'demo@leadloom.dev', 'leadloom-demo');
    expect((await api(page, 'PATCH', '/api/me', { timeZone: ZONE })).status).toBe(200);
    const me = await api(page, 'GET', '/api/me');
    teamUID = (me.body.currentTeam as { teamUID: string }).teamUID;
    const created = await api(page, 'POST', `/api/teams/${teamUID}/contacts`, {
      firstName: 'Theo',
      lastName: 'Task',
    });
    GTID = (created.body.contact as { GTID: string }).GTID;
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('a daily task on a contact, completed, comes back tomorrow; the timeline logs both', async () => {
    const today = localToday(Date.now(), ZONE);
    await page.goto(`${app.url}/contact/${GTID}/tasks`);
    await page.getByRole('button', { name: 'Plan a follow-up' }).click();
    await page.getByLabel('Task', { exact: true }).fill('Daily check-in');
    await page.getByLabel('Time (optional)').fill('23:30');
    await page.getByRole('textbox', { name: 'Repeat' }).click();
    await page.getByRole('option', { name: 'Every day' }).click();
    await page.getByRole('button', { name: 'Add task' }).click();
    await page.getByText('Added “Daily check-in”.').waitFor();

    await page.getByRole('checkbox', { name: 'Complete Daily check-in' }).click();
    await page
      .getByText(`Completed “Daily check-in”. Next one: ${addDays(today, 1)} 23:30.`)
      .waitFor();
    // The next one is open under Tomorrow; the first is done.
    await page
      .getByRole('region', { name: 'Tomorrow' })
      .getByRole('checkbox', { name: 'Complete Daily check-in' })
      .waitFor();
    await page.getByRole('checkbox', { name: 'Reopen Daily check-in' }).waitFor();

    const activities = await api(page, 'GET', `/api/teams/${teamUID}/contacts/${GTID}/activities`);
    const tasks = (activities.body.activities as { type: string; action: string; note: string }[])
      .filter((a) => a.type === 'task')
      .map((a) => [a.action, a.note])
      .reverse();
    expect(tasks).toEqual([
      ['created', 'Daily check-in'],
      ['completed', 'Daily check-in'],
      ['created', 'Daily check-in'],
    ]);
  });

  it('/tasks puts a task under Today by the user’s own zone, and the badge counts it', async () => {
    const today = localToday(Date.now(), ZONE);
    const res = await api(page, 'POST', `/api/teams/${teamUID}/tasks`, {
      name: 'Send the proposal',
      dueDate: today,
      dueTime: '23:30',
    });
    expect(res.status).toBe(201);
    await page.goto(`${app.url}/tasks`);
    const todaySection = page.getByRole('region', { name: 'Today', exact: true });
    await todaySection.getByText('Send the proposal').waitFor();
    const due = await api(page, 'GET', `/api/teams/${teamUID}/tasks-due`);
    expect(due.body).toMatchObject({ date: today });
    await page
      .getByLabel(new RegExp(`\\d+ overdue, ${due.body.today as number} due today`))
      .waitFor();
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: join(SHOTS, 'tasks.png') });
    }
    // Completing from the list with the keyboard: focus the row, press x.
    await page.locator('[data-task="Send the proposal"]').focus();
    await page.keyboard.press('x');
    await page.getByText('Completed “Send the proposal”.').waitFor();
    await expect
      .poll(async () => await todaySection.getByText('Send the proposal').count())
      .toBe(0);
  });

  it('an owner writes a task template at /setup/tasks and applies it on a contact', async () => {
    await page.goto(`${app.url}/setup/tasks`);
    await page.getByRole('button', { name: 'New template' }).click();
    await page.getByLabel('Task', { exact: true }).fill('Call after the webinar');
    await page.getByRole('textbox', { name: 'Category' }).fill('Events');
    await page.getByLabel('Due after (days)').fill('2');
    await page.getByLabel('At (optional)').fill('10:00');
    await page.getByRole('button', { name: 'Save template' }).click();
    await page.getByText('Saved the template “Call after the webinar”.').waitFor();
    // In its own category (the demo's "Sales" has one due at the same time).
    await page
      .locator('[aria-label="Events"]')
      .getByText('Due 2 days later at 10:00 · for whoever applies it')
      .waitFor();
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'setup-tasks.png') });

    await page.goto(`${app.url}/contact/${GTID}/tasks`);
    await page.getByRole('button', { name: 'Apply template' }).click();
    await page.getByRole('menuitem', { name: /Call after the webinar/ }).click();
    await page.getByText('Added “Call after the webinar” from the template.').waitFor();
    const due = addDays(localToday(Date.now(), ZONE), 2);
    const tasks = await api(page, 'GET', `/api/teams/${teamUID}/contacts/${GTID}/tasks`);
    expect(
      (tasks.body.tasks as { name: string; dueDate: string; dueTime: string }[]).find(
        (t) => t.name === 'Call after the webinar',
      ),
    ).toMatchObject({ dueDate: due, dueTime: '10:00' });
    await page.getByRole('checkbox', { name: 'Complete Call after the webinar' }).waitFor();
  });
});
