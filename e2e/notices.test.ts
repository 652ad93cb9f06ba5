/**
 * Notices as people see them (issue 4 "Notices"), on the production build:
 * - a toast and a modal render for a published notification;
 * - one user in two browsers (two contexts, two sessions): "Dismiss" in one hides the banner in
 *   the other after a refetch, and so does "Don't show again" the other way round (the stamps
 *   live on the server, per user);
 * - the admin tabs (notifications with a live preview; app version: this build's by default,
 *   another version only once its cost is explained);
 * - a new published web app version shows core's exact notice with a Refresh that reloads, and a
 *   /queue page reloads by itself.
 * Screenshots go to $NOTICE_SHOTS (default: a temp folder), never into the repository.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newVersionMessage } from '@leadloom/core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltApp, SUPER_ADMIN_START_MS, type RunningApp } from './app-server';
import { launchBrowser, requireChromium } from './browser';
import { api, signInThroughForm } from './session';

const DEMO = { email: 'demo@leadloom.dev', password: 'leadloom-demo' };
const SHOTS = process.env.NOTICE_SHOTS || join(tmpdir(), 'leadloom-notice-shots');

/** A window flag set before an expected reload; a reload clears it (e2e has no DOM types). */
const SET_FLAG = 'window.__beforeReload = true';
// A function, not a string: waitForFunction polls a string through the page's eval, which the
// app's content security policy refuses (a violation that fails the suite).
const FLAG_GONE = () => !('__beforeReload' in window);

describe.skipIf(requireChromium())('notices in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  /** One user, two browsers. */
  let one: Page;
  let two: Page;

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    contexts.push(context);
    return context.newPage();
  }

  async function publish(page: Page, body: Record<string, unknown>): Promise<string> {
    const res = await api(page, 'POST', '/api/admin/notifications', {
      published: true,
      platform: 'web',
      ...body,
    });
    expect(res.status).toBe(201);
    return (res.body.notification as { notificationId: string }).notificationId;
  }

  const signIn = (page: Page) => signInThroughForm(page, app.url, DEMO.email, DEMO.password);

  async function shot(page: Page, name: string, scheme: 'light' | 'dark' = 'light') {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(SHOTS, `${name}-${scheme}.png`) });
  }

  /** TanStack Query refetches on focus when the page becomes visible again. */
  const refocus = (page: Page) =>
    page.evaluate('window.dispatchEvent(new Event("visibilitychange"))');

  const banner = (page: Page, title: string) => page.getByRole('status', { name: title });

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    app = await startBuiltApp({}, { superAdmins: [DEMO.email] });
    browser = await launchBrowser();
    one = await newPage();
    two = await newPage();
    await signIn(one);
    await signIn(two);
  }, SUPER_ADMIN_START_MS);

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await app?.stop();
  });

  it('renders a toast and a modal', async () => {
    const toast = await publish(one, { type: 'toast', title: 'Toast hello', text: 'Quick news' });
    const modal = await publish(one, {
      type: 'modal',
      title: 'Modal hello',
      text: 'Something important',
      link: 'https://leadloom.dev/changelog',
      linkText: 'Read the changelog',
      backgroundIcon: '🚀',
    });
    await one.reload();
    await one.getByText('Quick news').waitFor({ timeout: 15_000 });
    const dialog = one.getByRole('dialog', { name: 'Modal hello' });
    await dialog.waitFor();
    await expect
      .poll(() => dialog.getByRole('link', { name: 'Read the changelog' }).getAttribute('href'))
      .toBe('https://leadloom.dev/changelog');
    await shot(one, 'modal');
    await shot(one, 'modal', 'dark');
    await one.emulateMedia({ colorScheme: 'light' });
    // The toast closes by itself (5 s), the modal only when dismissed.
    await one.getByText('Quick news').waitFor({ state: 'hidden', timeout: 10_000 });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: "Don't show again" }).click();
    await dialog.waitFor({ state: 'hidden' });
    await one.reload();
    await one.getByRole('button', { name: /^Notifications:/ }).waitFor();
    await one.waitForTimeout(1_000);
    expect(await one.getByRole('dialog', { name: 'Modal hello' }).count()).toBe(0);
    for (const id of [toast, modal]) {
      expect((await api(one, 'DELETE', `/api/admin/notifications/${id}`)).status).toBe(200);
    }
  });

  it('honours Dismiss and "Don\'t show again" across two browsers of one user', async () => {
    await publish(one, {
      type: 'banner',
      title: 'Maintenance tonight',
      text: 'Leadloom is down 22:00–22:30 UTC.',
      backgroundColor: '#FFF3BF',
      fontColor: '#5C3C00',
      backgroundIcon: '🛠️',
    });
    await one.reload();
    await two.reload();
    await banner(one, 'Maintenance tonight').waitFor({ timeout: 15_000 });
    await banner(two, 'Maintenance tonight').waitFor({ timeout: 15_000 });
    await expect
      .poll(() => two.getByRole('button', { name: /^Notifications:/ }).getAttribute('aria-label'))
      .toBe('Notifications: 1 notification');
    await shot(one, 'banner');
    await shot(one, 'banner', 'dark');
    await one.emulateMedia({ colorScheme: 'light' });

    // Browser one snoozes it; browser two drops it on its next refetch (focus), no reload.
    await banner(one, 'Maintenance tonight').getByRole('button', { name: 'Dismiss' }).click();
    await banner(one, 'Maintenance tonight').waitFor({ state: 'hidden' });
    await expect.poll(() => banner(two, 'Maintenance tonight').count()).toBe(1);
    await refocus(two);
    await banner(two, 'Maintenance tonight').waitFor({ state: 'hidden', timeout: 15_000 });

    // A second banner: "Don't show again" in browser two hides it in browser one after a reload.
    await publish(one, { type: 'banner', title: 'New feature', text: 'Try the table view.' });
    await one.reload();
    await two.reload();
    await banner(one, 'New feature').waitFor({ timeout: 15_000 });
    await banner(two, 'New feature').waitFor({ timeout: 15_000 });
    await banner(two, 'New feature').getByRole('button', { name: "Don't show again" }).click();
    await banner(two, 'New feature').waitFor({ state: 'hidden' });
    await one.reload();
    await one.getByRole('button', { name: /^Notifications:/ }).waitFor();
    await expect
      .poll(() => one.getByRole('button', { name: /^Notifications:/ }).getAttribute('aria-label'))
      .toBe('Notifications: 0 notifications');
    expect(await banner(one, 'New feature').count()).toBe(0);
    expect(await banner(one, 'Maintenance tonight').count()).toBe(0);
  });

  it('writes a notification with a live preview in /admin/notifications', async () => {
    await one.goto(`${app.url}/admin/notifications`);
    await one.getByRole('button', { name: 'New notification' }).click();
    const drawer = one.getByRole('dialog', { name: 'New notification' });
    await drawer.getByLabel('Title').fill('Webinar on Friday');
    await drawer
      .getByLabel('Text', { exact: true })
      .fill('Learn the new automations in 30 minutes.');
    await drawer.getByLabel('Background colour').fill('#1C7ED6');
    await drawer.getByLabel('Background colour').press('Tab');
    await drawer.getByLabel('Font colour').fill('#FFFFFF');
    await drawer.getByLabel('Font colour').press('Tab');
    const preview = one.getByTestId('notice-preview');
    await preview.getByText('Webinar on Friday').waitFor();
    await expect
      .poll(() => preview.locator('[data-notice="banner"]').getAttribute('style'))
      .toContain('background-color: rgb(28, 126, 214)');
    await shot(one, 'admin-notifications');
    await shot(one, 'admin-notifications', 'dark');
    await one.emulateMedia({ colorScheme: 'light' });
    // A bad link comes back from the server on its field, and can be fixed.
    await drawer.getByLabel('Link', { exact: true }).fill('javascript:alert(1)');
    await drawer.getByRole('button', { name: 'Create' }).click();
    await drawer.getByText(/^link: Link must start with http:\/\/ or https:\/\//).waitFor();
    await drawer.getByLabel('Link', { exact: true }).fill('https://leadloom.dev/webinar');
    await drawer.getByRole('button', { name: 'Create' }).click();
    await drawer.waitFor({ state: 'hidden' });
    const row = one.getByRole('row', { name: /Webinar on Friday/ });
    await row.waitFor();
    // Publish from the list: the admin's own app shows it at once.
    // Mantine's switch input is visually hidden: click its track, as a person would.
    await row.locator('.mantine-Switch-track').click();
    await expect
      .poll(async () => {
        const list = (await api(one, 'GET', '/api/admin/notifications')).body.notifications as {
          title: string;
          published: boolean;
        }[];
        return list.find((n) => n.title === 'Webinar on Friday')?.published;
      })
      .toBe(true);
    await banner(one, 'Webinar on Friday').waitFor({ timeout: 15_000 });
    await row.getByRole('button', { name: 'Delete Webinar on Friday' }).click();
    await one
      .getByRole('dialog', { name: 'Delete notification?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await row.waitFor({ state: 'hidden' });
    await banner(one, 'Webinar on Friday').waitFor({ state: 'hidden' });
  });

  it("publishes this build's version by default: no notice, and one no build has is explained before it goes out", async () => {
    await one.goto(`${app.url}/admin/app-version`);
    const running = (await one.getByTestId('running-version').textContent())!.trim();
    await expect
      .poll(() => one.getByTestId('published-version').textContent(), { timeout: 15_000 })
      .toBe(running);
    await one.getByText('This build (automatic)').waitFor();
    const settings = await api(one, 'GET', '/api/settings/public');
    expect(settings.body.webAppVersion).toBe(running);

    await one.getByLabel('New web app version').fill('9.9.9');
    await one.getByRole('button', { name: 'Publish version' }).click();
    await one
      .getByText(`No build of version 9.9.9 runs here: this server runs ${running}.`, {
        exact: false,
      })
      .waitFor({ timeout: 15_000 });
    await one.getByRole('button', { name: 'Publish 9.9.9 anyway' }).waitFor();
    await shot(one, 'admin-app-version-refused');
    await shot(one, 'admin-app-version-refused', 'dark');
    await one.emulateMedia({ colorScheme: 'light' });
    expect((await api(one, 'GET', '/api/settings/public')).body.webAppVersion).toBe(running);

    await one.goto(`${app.url}/contacts/pipeline`);
    await one
      .getByRole('button', { name: 'New contact', exact: true })
      .waitFor({ timeout: 20_000 });
    await refocus(one);
    await one.waitForTimeout(1_000);
    expect(await one.getByTestId('version-message').count()).toBe(0);
  });

  it('announces a new web app version; Refresh reloads, /queue reloads by itself', async () => {
    await two.goto(`${app.url}/queue/facebook`);
    // The processor page keeps a realtime stream open, so the network never goes idle: wait
    // for the page itself.
    await two.getByRole('heading', { name: 'Facebook queue processor' }).waitFor();
    await two.evaluate(SET_FLAG);

    await one.goto(`${app.url}/admin/app-version`);
    const running = (await one.getByTestId('running-version').textContent())!.trim();
    await one.getByLabel('New web app version').fill('9.9.9');
    await one.getByRole('button', { name: 'Publish version' }).click();
    // No build of 9.9.9 runs: the server refuses it with the reason until published anyway.
    await one.getByRole('button', { name: 'Publish 9.9.9 anyway' }).click();
    await expect
      .poll(() => one.getByTestId('published-version').textContent(), { timeout: 15_000 })
      .toBe('9.9.9');
    const message = one.getByTestId('version-message');
    await message.waitFor({ timeout: 15_000 });
    expect(await message.textContent()).toBe(newVersionMessage('9.9.9'));
    await shot(one, 'admin-app-version');
    await shot(one, 'admin-app-version', 'dark');
    await one.emulateMedia({ colorScheme: 'light' });

    // The queue window reloads as soon as it sees the new version (here: on focus).
    await refocus(two);
    await two.waitForFunction(FLAG_GONE, null, { timeout: 15_000 });
    expect(new URL(two.url()).pathname).toBe('/queue/facebook');
    // Once only: the reloaded build still differs, so it shows the notice instead of looping.
    await two.getByTestId('version-message').waitFor({ timeout: 15_000 });
    await two.evaluate(SET_FLAG);
    await refocus(two);
    await two.waitForTimeout(2_000);
    expect(await two.evaluate(FLAG_GONE)).toBe(false);

    // Elsewhere the notice waits for the user; Refresh reloads and, still outdated, it returns.
    await one.goto(`${app.url}/contacts/pipeline`);
    await one.getByTestId('version-message').waitFor({ timeout: 15_000 });
    await shot(one, 'version-notice');
    await shot(one, 'version-notice', 'dark');
    await one.emulateMedia({ colorScheme: 'light' });
    await one.evaluate(SET_FLAG);
    await one.getByRole('button', { name: 'Refresh' }).click();
    await one.waitForFunction(FLAG_GONE, null, { timeout: 15_000 });
    await one.getByTestId('version-message').waitFor({ timeout: 15_000 });

    // Publishing the running version again takes the notice away.
    expect(
      (await api(one, 'PUT', '/api/admin/settings/webAppVersion', { value: running })).status,
    ).toBe(200);
    await refocus(one);
    await one.getByTestId('version-message').waitFor({ state: 'hidden', timeout: 15_000 });
  });
});
