/**
 * The thin slice end to end, as a person uses it: the production build on a fresh data folder,
 * sign in with the demo account in Chromium, and the board shows the seeded contacts. The same
 * browser has the companion extension loaded, and the app page reaches it.
 */
import { rm } from 'node:fs/promises';
import { contrastRatio, EXTENSION_ID, relativeLuminance } from '@leadloom/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltApp, type RunningApp } from './app-server';
import { launchWithExtension, requireChromium, type ExtensionBrowser } from './browser';
import { buildExtension } from './extension-build';
import { shoot } from './shots';

interface StageBody {
  stageUID: string;
  name: string;
  idx: number;
  count: number;
  contacts: { GTID: string; fullName: string }[];
}

describe.skipIf(requireChromium())('sign in and see the demo board', () => {
  let app: RunningApp;
  let extDir: string;
  let browser: ExtensionBrowser;
  let page: Page;

  beforeAll(async () => {
    app = await startBuiltApp();
    extDir = await buildExtension(app.url);
    browser = await launchWithExtension(extDir);
    page = await browser.context.newPage();
  });

  afterAll(async () => {
    await browser?.cleanup();
    await app?.stop();
    if (extDir) await rm(extDir, { recursive: true, force: true });
  });

  /** What the board should show, read through the API with the page's own session. */
  async function expectedBoard(): Promise<StageBody[]> {
    return page.evaluate(async () => {
      const { token } = (await (await fetch('/api/auth/token')).json()) as { token: string };
      const headers = { authorization: `Bearer ${token}` };
      const me = (await (await fetch('/api/me', { headers })).json()) as { teamUID: string };
      const { pipelines } = (await (
        await fetch(`/api/teams/${me.teamUID}/pipelines`, { headers })
      ).json()) as { pipelines: { groupUID: string; isDefault: boolean }[] };
      const pipeline = pipelines.find((p) => p.isDefault)!;
      const board = (await (
        await fetch(`/api/teams/${me.teamUID}/pipelines/${pipeline.groupUID}/board?limit=50`, {
          headers,
        })
      ).json()) as { stages: StageBody[] };
      return board.stages;
    });
  }

  it('sends a signed-out visitor to the sign-in screen', async () => {
    await page.goto(`${app.url}/`);
    await page.waitForURL(/\/login/);
    await expect.poll(() => page.title()).toBe('Leadloom 2.0 | Login');
  });

  it('rejects a wrong password with a message and stays on the sign-in screen', async () => {
    await page.getByLabel('E-mail').fill('demo@leadloom.dev');
    await page.getByLabel(/^Password/).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => page.getByRole('alert').count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    expect(page.url()).toContain('/login');
  });

  it('signs in with the demo account and shows every seeded card of the first page on the board', async () => {
    await page.getByLabel(/^Password/).fill('leadloom-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/contacts\/pipeline/, { timeout: 20_000 });
    const stages = await expectedBoard();
    expect(stages.reduce((n, s) => n + s.count, 0)).toBeGreaterThan(0);

    for (const stage of stages) {
      const column = page.getByLabel(`${stage.name}: ${stage.count} contacts`);
      await column.waitFor({ timeout: 15_000 });
      // The column is virtualised: it renders the cards that fit, in the page's order...
      const names = await column.locator('a[href^="/contact/"]').allInnerTexts();
      expect(names.length).toBe(Math.min(names.length, stage.contacts.length));
      if (stage.contacts.length > 0) expect(names.length).toBeGreaterThan(0);
      for (const [i, name] of names.entries()) expect(name).toContain(stage.contacts[i]!.fullName);
      // ...and the rest of the page when scrolled to.
      const last = stage.contacts.at(-1);
      if (last && names.length < stage.contacts.length) {
        await column
          .locator('[data-loaded]')
          .evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
        await column.getByRole('link', { name: new RegExp(last.fullName) }).waitFor();
      }
    }
    await expect.poll(() => page.title()).toBe('Leadloom 2.0 | Pipeline View');
    await shoot(page, 'board');
  });

  it('links each card to its contact page', async () => {
    const first = page.locator('a[href^="/contact/"]').first();
    const href = await first.getAttribute('href');
    expect(href).toMatch(/^\/contact\/[a-z]+-[a-z]+-\d+$/);
  });

  it('paints stage headers and tag chips for the scheme, their text readable (WCAG ≥ 4.5)', async () => {
    /** Each stage header's and tag chip's text colour and the colour behind it, as painted. */
    const painted = () =>
      page.evaluate(() => {
        const behind = (el: Element | null): string => {
          for (; el; el = el.parentElement) {
            const bg = getComputedStyle(el).backgroundColor;
            if (!/^rgba\(.*,\s*0\)$/.test(bg) && bg !== 'transparent') return bg;
          }
          return 'rgb(255, 255, 255)';
        };
        const pick = (selector: string) =>
          Array.from(document.querySelectorAll(selector)).map((el) => ({
            name: el.textContent ?? '',
            text: getComputedStyle(el).color,
            background: behind(el),
          }));
        return {
          headers: pick('section[aria-label] > header'),
          chips: pick('[aria-label="Tags"] > *'),
        };
      });
    try {
      for (const scheme of ['dark', 'light'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.reload();
        await page.locator('a[href^="/contact/"]').first().waitFor();
        const { headers, chips } = await painted();
        expect(headers.length).toBeGreaterThan(2);
        expect(chips.length).toBeGreaterThan(0);
        for (const h of headers) {
          if (scheme === 'dark')
            expect(relativeLuminance(h.background), `${h.name} on ${h.background}`).toBeLessThan(
              0.1,
            );
          expect(
            contrastRatio(h.text, h.background),
            `${h.name} (${scheme})`,
          ).toBeGreaterThanOrEqual(4.5);
        }
        for (const c of chips)
          expect(
            contrastRatio(c.text, c.background),
            `${c.name} (${scheme})`,
          ).toBeGreaterThanOrEqual(4.5);
      }
    } finally {
      await page.emulateMedia({ colorScheme: 'light' });
    }
  });

  it('opens a stage as a full list from its column header, and goes back to the board', async () => {
    const stage = (await expectedBoard()).find((s) => s.count > 1)!;
    const column = page.getByLabel(`${stage.name}: ${stage.count} contacts`);
    await column.getByRole('link', { name: stage.name, exact: true }).click();
    await page.waitForURL(/\/contacts\/pipeline\/[^/]+\/[^/]+$/);
    const list = page.getByRole('list', { name: `${stage.name}: ${stage.count} contacts` });
    await list.getByRole('listitem').first().waitFor();
    const rows = await list.getByRole('listitem').allInnerTexts();
    expect(rows).toHaveLength(stage.contacts.length);
    for (const [i, contact] of stage.contacts.entries())
      expect(rows[i]).toContain(contact.fullName);
    await page.getByRole('link', { name: 'Back to board' }).click();
    await page.getByLabel(`${stage.name}: ${stage.count} contacts`).waitFor();
  });

  it('moves every Ctrl-clicked card when one of them is dragged to another stage', async () => {
    const stages = await expectedBoard();
    const from = stages.find((s) => s.idx > 0 && s.count >= 2)!;
    const to = stages.find((s) => s.idx > 0 && s !== from)!;
    const source = page.getByLabel(`${from.name}: ${from.count} contacts`);
    const cards = source.locator('a[href^="/contact/"]');
    await cards.nth(0).click({ modifiers: ['Control'] });
    await cards.nth(1).click({ modifiers: ['Control'] });
    expect(page.url()).toMatch(/\/contacts\/pipeline/);
    await page.getByRole('status').filter({ hasText: '2 selected' }).waitFor();

    const start = (await cards.nth(0).boundingBox())!;
    const target = (await page
      .getByLabel(`${to.name}: ${to.count} contacts`)
      .locator('header')
      .boundingBox())!;
    await page.mouse.move(start.x + 40, start.y + 20);
    await page.mouse.down();
    await page.mouse.move(start.x + 60, start.y + 30, { steps: 3 });
    await page.mouse.move(target.x + 60, target.y + target.height + 30, { steps: 15 });
    await page.mouse.up();

    const moved = from.contacts.slice(0, 2).map((c) => c.GTID);
    await expect
      .poll(
        async () => {
          const now = (await expectedBoard()).find((s) => s.name === to.name)!;
          return moved.every((g) => now.contacts.some((c) => c.GTID === g));
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    await page.getByLabel(`${from.name}: ${from.count - 2} contacts`).waitFor();
    await page.getByLabel(`${to.name}: ${to.count + 2} contacts`).waitFor();
  });

  it('moves a card with the keyboard: Space picks it up, an arrow carries it, Escape or Space puts it down', async () => {
    const stages = (await expectedBoard()).sort((a, b) => a.idx - b.idx);
    const fromAt = stages.findIndex((s, i) => s.idx > 0 && s.count >= 2 && stages[i + 1]);
    const from = stages[fromAt]!;
    const to = stages[fromAt + 1]!;
    const [first, second] = from.contacts.map((c) => c.GTID);
    const column = (stageUID: string) => page.locator(`[data-stage-body="${stageUID}"]`);
    const cardIn = (stageUID: string, GTID: string) =>
      column(stageUID).locator(`a[href="/contact/${GTID}"]`);

    // Escape puts it back where it was; nothing is saved.
    await cardIn(from.stageUID, first!).focus();
    await page.keyboard.press('Space');
    await page.locator(`[data-carried][data-card-id="${first}"]`).waitFor();
    await page.getByRole('status').filter({ hasText: 'Picked up' }).waitFor();
    await page.keyboard.press('ArrowRight');
    await cardIn(to.stageUID, first!).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: `is over ${to.name}, position 1` })
      .waitFor();
    await expect.poll(() => page.locator(':focus').getAttribute('href')).toBe(`/contact/${first}`);
    await page.keyboard.press('Escape');
    await cardIn(from.stageUID, first!).waitFor();
    await expect.poll(() => page.locator('[data-carried]').count()).toBe(0);

    // The second card: right (to the same height, second), up (to the top), Space: saved there.
    await cardIn(from.stageUID, second!).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Space');
    await expect.poll(() => page.locator('[data-carried]').count()).toBe(0);
    await page.getByLabel(`${to.name}: ${to.count + 1} contacts`).waitFor();
    await expect
      .poll(
        async () => {
          const now = (await expectedBoard()).find((s) => s.stageUID === to.stageUID)!;
          return now.contacts.findIndex((c) => c.GTID === second);
        },
        { timeout: 10_000 },
      )
      .toBe(0);
    expect(
      (await expectedBoard())
        .find((s) => s.stageUID === from.stageUID)!
        .contacts.some((c) => c.GTID === first),
    ).toBe(true);
  });

  it('reaches the companion extension from the app page, which has logged it in', async () => {
    const ask = () =>
      page.evaluate(async (id) => {
        const runtime = (
          globalThis as {
            chrome?: { runtime?: { sendMessage?: (id: string, m: unknown) => Promise<unknown> } };
          }
        ).chrome?.runtime;
        if (!runtime?.sendMessage) return 'no chrome.runtime';
        return runtime.sendMessage(id, { type: 'check_extension' });
      }, EXTENSION_ID);
    await expect
      .poll(ask, { timeout: 10_000 })
      .toMatchObject({ installed: true, loggedIn: true, version: expect.any(String) });
  });
});
