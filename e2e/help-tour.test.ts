/**
 * The help panel and the guided tour in the production build (SPEC §2): the header's Help button
 * opens articles with search; a `start_tour` window message walks the layout step by step, and an
 * unknown tour id only logs.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltApp, type RunningApp } from './app-server';
import { launchBrowser, requireChromium } from './browser';

/** Screenshots to look at after a run; never committed. */
const SHOTS = join(tmpdir(), 'leadloom-e2e-shots');

/** What a notification (or the extension) does to start a tour: a message to the page itself. */
function startTour(page: Page, tourId: string, notificationId: string): Promise<void> {
  return page.evaluate(
    ([id, notification]) => {
      const target = globalThis as unknown as {
        postMessage(message: unknown, origin: string): void;
      };
      target.postMessage({ type: 'start_tour', tourId: id, notificationId: notification }, '*');
    },
    [tourId, notificationId] as const,
  );
}

describe.skipIf(requireChromium())('help panel and guided tour', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  const logged: string[] = [];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    app = await startBuiltApp();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    page.on('console', (message) => logged.push(message.text()));
    await page.goto(`${app.url}/login`);
    await page.getByLabel('E-mail').fill('demo@leadloom.dev');
    await page.getByLabel(/^Password/).fill('leadloom-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/contacts\/pipeline/, { timeout: 20_000 });
    // The layout (and the tour's message listener) is up.
    await page.getByRole('button', { name: 'Open help' }).waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('Help opens the articles; search narrows them; an article opens and goes back', async () => {
    await page.getByRole('button', { name: 'Open help' }).click();
    const drawer = page.getByRole('dialog', { name: 'Help' });
    await drawer.waitFor();
    const items = drawer.getByRole('listitem');
    expect(await items.count()).toBe(7);
    await drawer.getByLabel('Search help').fill('seats');
    await expect.poll(() => items.count()).toBe(2);
    await page.screenshot({ path: join(SHOTS, 'help-search.png') });
    await items.filter({ hasText: 'Managing your team' }).click();
    await drawer.getByRole('heading', { name: 'Managing your team' }).waitFor();
    expect(await drawer.innerText()).toContain('Invite member sends an invitation mail');
    await page.screenshot({ path: join(SHOTS, 'help-article.png') });
    await drawer.getByRole('button', { name: 'All articles' }).click();
    await drawer.getByLabel('Search help').waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });

  it('a start_tour message walks the welcome tour step by step', async () => {
    await startTour(page, 'welcome', 'n-1');
    const step = page.getByRole('dialog', { name: /^Tour: / });
    await step.waitFor({ timeout: 5_000 });
    expect(await step.getAttribute('aria-label')).toBe('Tour: Your pipeline');
    expect(await step.innerText()).toContain('Step 1 of 4');
    await page.screenshot({ path: join(SHOTS, 'tour-step-1.png') });
    await step.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => step.getAttribute('aria-label')).toBe('Tour: Switch team');
    await page.screenshot({ path: join(SHOTS, 'tour-step-2.png') });
    await step.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => step.getAttribute('aria-label')).toBe('Tour: Your pipeline');
    for (let i = 0; i < 3; i++) await step.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => step.getAttribute('aria-label')).toBe('Tour: Your account');
    await page.screenshot({ path: join(SHOTS, 'tour-step-4.png') });
    await step.getByRole('button', { name: 'Done' }).click();
    await step.waitFor({ state: 'hidden' });
  });

  it('an unknown tour id is logged and shows nothing', async () => {
    await startTour(page, 'nope', 'n-2');
    await expect.poll(() => logged).toContain('Guided tour: there is no tour "nope"');
    expect(await page.getByRole('dialog', { name: /^Tour: / }).count()).toBe(0);
  });
});
