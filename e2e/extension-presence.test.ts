/**
 * The app's extension warnings (SPEC §8) and the "Wrong Web Address!" dialog with the production
 * build and the real extension: not loaded (a plain browser), loaded but signed out (the app cannot
 * get a login token), loaded and signed in (the app's log_in gave the extension its own session).
 */
import { mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  EXTENSION_ID,
  EXTENSION_NOT_INSTALLED_MESSAGE,
  EXTENSION_NOT_LOGGED_IN_MESSAGE,
  WRONG_WEB_ADDRESS_TITLE,
  wrongWebAddressMessage,
} from '@leadloom/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltApp, SUPER_ADMIN_START_MS, type RunningApp } from './app-server';
import {
  launchBrowser,
  launchWithExtension,
  requireChromium,
  type ExtensionBrowser,
} from './browser';
import { buildExtension } from './extension-build';

const DEMO = { email: 'demo@leadloom.dev', password: 'leadloom-demo' };

/** Screenshots to look at after a run; never committed. */
const SHOTS = join(tmpdir(), 'leadloom-e2e-shots');

async function signIn(page: Page, url: string) {
  await page.goto(`${url}/login`);
  await page.getByLabel('E-mail').fill(DEMO.email);
  await page.getByLabel(/^Password/).fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/contacts\/pipeline/, { timeout: 20_000 });
}

/** check_extension from the page, as the app sends it. */
function checkExtension(page: Page): Promise<unknown> {
  return page.evaluate(async (id) => {
    type Runtime = { sendMessage?: (id: string, m: unknown) => Promise<unknown> };
    const runtime = (globalThis as { chrome?: { runtime?: Runtime } }).chrome?.runtime;
    if (!runtime?.sendMessage) return 'no chrome.runtime';
    return runtime.sendMessage(id, { type: 'check_extension' });
  }, EXTENSION_ID);
}

/** A super admin's API call with the page's own session. */
function adminPut(page: Page, path: string, body: unknown): Promise<number> {
  return page.evaluate(
    async ([p, b]) => {
      const { token } = (await (await fetch('/api/auth/token')).json()) as { token: string };
      const res = await fetch(p, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(b),
      });
      return res.status;
    },
    [path, body] as const,
  );
}

describe.skipIf(requireChromium())('extension warnings and the wrong-address dialog', () => {
  let app: RunningApp;
  let extDir: string;
  let withExtension: ExtensionBrowser;
  let plain: Browser;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    app = await startBuiltApp({}, { superAdmins: [DEMO.email] });
    extDir = await buildExtension(app.url);
    withExtension = await launchWithExtension(extDir);
    plain = await launchBrowser();
  }, SUPER_ADMIN_START_MS);

  afterAll(async () => {
    await withExtension?.cleanup();
    await plain?.close();
    await app?.stop();
    if (extDir) await rm(extDir, { recursive: true, force: true });
  });

  it('without the extension: the persistent "not installed" warning', async () => {
    const context = await plain.newContext();
    const page = await context.newPage();
    const logged: string[] = [];
    page.on('console', (message) => logged.push(message.text()));
    await signIn(page, app.url);
    const warning = page.getByText(EXTENSION_NOT_INSTALLED_MESSAGE, { exact: true });
    await warning.waitFor({ timeout: 10_000 });
    expect(await checkExtension(page)).toBe('no chrome.runtime');
    expect(logged).toContain(
      'Cannot send message to background script. Chrome.runtime is not available.',
    );
    await page.screenshot({ path: join(SHOTS, 'extension-not-installed.png') });
    // Persistent: still there after the toasts' 5 s, and it has no close button.
    await page.waitForTimeout(5_500);
    expect(await warning.isVisible()).toBe(true);
    await context.close();
  });

  it('loaded but signed out (the app cannot get a login token): "not logged in"', async () => {
    const page = await withExtension.context.newPage();
    await page.route('**/api/extension/login-token', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"error":{"status":"unavailable","message":"down"}}',
      }),
    );
    await signIn(page, app.url);
    await page
      .getByText(EXTENSION_NOT_LOGGED_IN_MESSAGE, { exact: true })
      .waitFor({ timeout: 10_000 });
    expect(await page.getByText(EXTENSION_NOT_INSTALLED_MESSAGE).count()).toBe(0);
    expect(await checkExtension(page)).toMatchObject({ installed: true, loggedIn: false });
    await page.screenshot({ path: join(SHOTS, 'extension-not-logged-in.png') });
    await page.unroute('**/api/extension/login-token');
    await page.close();
  });

  it('loaded and signed in: log_in gave the extension a session, and no warning shows', async () => {
    const page = await withExtension.context.newPage();
    await page.goto(`${app.url}/contacts/pipeline`);
    await expect
      .poll(() => checkExtension(page), { timeout: 10_000 })
      .toMatchObject({ installed: true, loggedIn: true });
    await page.waitForTimeout(1_000);
    expect(await page.getByText(EXTENSION_NOT_LOGGED_IN_MESSAGE).count()).toBe(0);
    expect(await page.getByText(EXTENSION_NOT_INSTALLED_MESSAGE).count()).toBe(0);
    await page.close();
  });

  it('shows "Wrong Web Address!" on an old host name, with a button to the app', async () => {
    const page = await withExtension.context.newPage();
    await page.goto(`${app.url}/contacts/pipeline`);
    expect(await adminPut(page, '/api/admin/settings/oldHostnames', { value: ['127.0.0.1'] })).toBe(
      200,
    );
    // The app's own address is not an old one.
    await page.reload();
    await page.waitForTimeout(1_000);
    expect(await page.getByText(WRONG_WEB_ADDRESS_TITLE).count()).toBe(0);

    const old = await withExtension.context.newPage();
    await old.goto(`http://127.0.0.1:${app.port}/login`);
    const dialog = old.getByRole('dialog', { name: WRONG_WEB_ADDRESS_TITLE });
    await dialog.waitFor({ timeout: 10_000 });
    expect(await dialog.innerText()).toContain(wrongWebAddressMessage(app.url));
    await old.screenshot({ path: join(SHOTS, 'wrong-address.png') });
    // It cannot be closed: no close button, Escape does nothing.
    expect(await dialog.getByRole('button').count()).toBe(0);
    await old.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);
    const link = dialog.getByRole('link', { name: `Go to localhost:${app.port}` });
    expect(await link.getAttribute('href')).toBe(`${app.url}/login`);
    await link.click();
    await old.waitForURL(`${app.url}/**`);
    expect(await old.getByText(WRONG_WEB_ADDRESS_TITLE).count()).toBe(0);
    await old.close();
    await page.close();
  });
});
