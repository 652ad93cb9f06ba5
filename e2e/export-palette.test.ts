/**
 * Issue 7 as a person uses it on the demo team: export one stage of the board as CSV (the file
 * is captured and compared with the screen and with the search API), and the command palette:
 * Ctrl-K, part of a demo contact's name with a typo, Enter, and that contact's page opens.
 */
import { readFile } from 'node:fs/promises';
import { parseCsv, type SearchAnswer } from '@leadloom/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltApp, type RunningApp } from './app-server';
import { launchBrowser, requireChromium } from './browser';
import { api, signInThroughForm } from './session';

interface BoardBody {
  stages: { stageUID: string; name: string; count: number }[];
}

describe.skipIf(requireChromium())('CSV export and the command palette', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let teamUID: string;
  let groupUID: string;

  beforeAll(async () => {
    app = await startBuiltApp();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
    await signInThroughForm(page, app.url, 'demo@leadloom.dev', 'leadloom-demo');
    const me = await api(page, 'GET', '/api/me');
    teamUID = (me.body.currentTeam as { teamUID: string }).teamUID;
    const pipelines = await api(page, 'GET', `/api/teams/${teamUID}/pipelines`);
    const list = pipelines.body.pipelines as { groupUID: string; isDefault: boolean }[];
    groupUID = list.find((p) => p.isDefault)!.groupUID;
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it("exports a stage's list from the board's toolbar: the file holds what the screen and /v2 show", async () => {
    const board = await api(page, 'GET', `/api/teams/${teamUID}/pipelines/${groupUID}/board`);
    const stage = (board.body as unknown as BoardBody).stages.find((s) => s.count > 1)!;
    await page.goto(`${app.url}/contacts/pipeline/${groupUID}/${stage.stageUID}`);
    const list = page.getByRole('list', { name: `${stage.name}: ${stage.count} contacts` });
    await list.getByRole('listitem').first().waitFor();
    const shownNames = await list
      .getByRole('listitem')
      .evaluateAll((rows) => rows.map((r) => r.querySelector('p')?.textContent ?? ''));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^leadloom-contacts-\d{4}-\d\d-\d\d\.csv$/);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parseCsv(bytes.toString('utf8'));
    const col = (name: string) => header!.indexOf(name);
    expect(col('Name')).toBeGreaterThanOrEqual(0);

    // The screen: the stage's count, every name shown, the stage's name in the Stage column.
    expect(rows).toHaveLength(stage.count);
    const names = rows.map((r) => r[col('Name')]);
    for (const name of shownNames) expect(names).toContain(name);
    expect(new Set(rows.map((r) => r[col('Stage')]))).toEqual(new Set([stage.name]));

    // The search API with the same filter: the same contacts in the same order.
    const search = await api(page, 'POST', '/v2', {
      teamUID,
      searchObj: { pipelineUID: groupUID, stageUIDs: [stage.stageUID] },
      paging: { from: 0, size: 200 },
    });
    const hits = (search.body as { data: SearchAnswer }).data.hits;
    expect(rows.map((r) => r[col('ID')])).toEqual(hits.map((h) => h.GTID));
    expect(rows.map((r) => r[col('E-mail')])).toEqual(hits.map((h) => h.emailAddress ?? ''));

    await page.getByText(/Export ready/).waitFor();

    // The same export again is the same toast counted, at the bottom like every toast.
    await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const ready = page.locator('.mantine-Notification-root').filter({ hasText: 'Export ready' });
    await ready.filter({ hasText: '×2' }).waitFor({ timeout: 10_000 });
    expect(await ready.count()).toBe(1);
    const box = (await ready.boundingBox())!;
    expect(box.y).toBeGreaterThan((page.viewportSize()!.height * 2) / 3);
  });

  /** A demo contact whose last name is long enough to tolerate a typo. */
  async function demoContact() {
    const search = await api(page, 'POST', '/v2', {
      teamUID,
      searchObj: { text: 'lindqvist' },
      paging: { from: 0, size: 1 },
    });
    const hit = (search.body as { data: SearchAnswer }).data.hits[0]!;
    expect(hit.lastName).toBe('Lindqvist');
    return hit;
  }

  it('Ctrl-K, part of a name with a typo, Enter: the contact page opens', async () => {
    const hit = await demoContact();
    await page.goto(`${app.url}/contacts/pipeline`);
    await page.getByRole('button', { name: 'Export CSV' }).waitFor();
    await page.keyboard.press('Control+K');
    const input = page.getByRole('combobox', { name: 'Search contacts and screens' });
    await input.waitFor();
    await input.pressSequentially('lindqvst', { delay: 40 });
    const first = page.getByRole('option').first();
    await expect.poll(() => first.textContent(), { timeout: 10_000 }).toContain('Lindqvist');
    await expect.poll(() => first.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/contact\//);
    const opened = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]!);
    const answer = await api(page, 'GET', `/api/teams/${teamUID}/contacts/${opened}`);
    expect((answer.body.contact as { lastName: string }).lastName).toBe('Lindqvist');
    await page.getByRole('heading', { level: 1, name: /Lindqvist/ }).waitFor();
    void hit;
  });

  it('arrow keys move, Escape closes, screens are listed, and recent contacts show for an empty query', async () => {
    await page.keyboard.press('Control+K');
    const input = page.getByRole('combobox', { name: 'Search contacts and screens' });
    await input.waitFor();
    // Empty query: the contact just opened is the first recent one.
    await expect.poll(() => page.getByRole('option').first().textContent()).toContain('Lindqvist');
    await page.keyboard.press('Escape');
    await input.waitFor({ state: 'hidden' });

    await page.keyboard.press('Control+K');
    await input.pressSequentially('tag');
    const screen = page.getByRole('option', { name: /^Tag Reconciliation/ });
    await screen.waitFor();
    const options = page.getByRole('option');
    const count = await options.count();
    const index = await options.evaluateAll(
      (els, name) => els.findIndex((e) => e.textContent?.startsWith(name)),
      'Tag Reconciliation',
    );
    expect(index).toBeGreaterThan(0);
    for (let i = 0; i < index; i++) await page.keyboard.press('ArrowDown');
    expect(count).toBeGreaterThan(index);
    await expect.poll(() => screen.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/setup\/tags-reconciliation$/);
  });
});
