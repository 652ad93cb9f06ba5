/// <reference lib="dom" />
/**
 * Issue 7 "Done when", the table view in the browser: filter and sort the table and check its
 * rows against the search service; save a view as shared and open its address in a teammate's
 * browser (same rows); bulk-tag a selection and watch the progress bar finish; the pipeline's
 * answers in their own column; export the filtered list and compare the file with the screen.
 */
import { readFile } from 'node:fs/promises';
import { escapeFormula, parseCsv } from '@leadloom/core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltApp, type RunningApp } from './app-server';
import { launchBrowser, requireChromium } from './browser';
import { api, joinAsTeammate, signInThroughForm } from './session';
import { shoot } from './shots';

const MATE = { name: 'Tia Teammate', email: 'tia@example.test', password: 'tia-teammate-1' };

interface Hit {
  GTID: string;
  fullName: string;
  tagIDs: string[];
  answers: { questionUID: string | null; question: string; answer: string }[];
}

describe.skipIf(requireChromium())('the table view', () => {
  let app: RunningApp;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let a: Page;
  let b: Page;
  let teamUID: string;
  let savedUrl: string;

  const team = (path: string) => `/api/teams/${teamUID}${path}`;

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
    contexts.push(context);
    return context.newPage();
  }

  /** What the search service answers for a filter and sort (the first page). */
  async function search(page: Page, searchObj: object, sort?: object) {
    const res = await api(page, 'POST', '/v2', {
      teamUID,
      searchObj,
      ...(sort ? { sort } : {}),
      paging: { from: 0, size: 200 },
    });
    expect(res.status).toBe(200);
    return res.body.data as { hits: Hit[]; total: { value: number; relation: string } };
  }

  /** The rows the table shows, top to bottom (only those rendered: the virtual window). */
  async function rowsOf(page: Page): Promise<{ GTID: string; name: string }[]> {
    return page.$$eval('[data-testid=contacts-table] [role=row][data-gtid]', (rows) =>
      rows
        .map((r) => ({
          GTID: r.getAttribute('data-gtid')!,
          name: r.querySelector('a')?.textContent ?? '',
          top: new DOMMatrix(getComputedStyle(r).transform).m42,
        }))
        .sort((x, y) => x.top - y.top)
        .map(({ GTID, name }) => ({ GTID, name })),
    );
  }

  /** Waits until the table's first rows are `expected` (the answer has landed). */
  async function expectRows(page: Page, expected: Hit[], n = 12) {
    const want = expected.slice(0, n).map((h) => h.GTID);
    await expect
      .poll(async () => (await rowsOf(page)).slice(0, n).map((r) => r.GTID), { timeout: 20_000 })
      .toEqual(want);
  }

  async function addTeammate(): Promise<Page> {
    const pipelines = (await api(a, 'GET', team('/pipelines'))).body.pipelines as {
      groupUID: string;
    }[];
    const page = await newPage();
    await joinAsTeammate(
      a,
      page,
      app.url,
      teamUID,
      MATE,
      pipelines.map((p) => p.groupUID),
    );
    return page;
  }

  beforeAll(async () => {
    app = await startBuiltApp();
    browser = await launchBrowser();
    a = await newPage();
    await signInThroughForm(a, app.url, 'demo@leadloom.dev', 'leadloom-demo');
    teamUID = ((await api(a, 'GET', '/api/me')).body.currentTeam as { teamUID: string }).teamUID;
    b = await addTeammate();
  });

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    await app?.stop();
  });

  it('filters, searches and sorts the table; the rows are the search service’s', async () => {
    await a.goto(`${app.url}/contacts/table`);
    const all = await search(a, {});
    await expectRows(a, all.hits);
    await expect
      .poll(() => a.getByTestId('table-total').textContent())
      .toBe(`${all.total.value} contacts`);

    // A filter: only contacts with an e-mail.
    await a.getByRole('button', { name: 'Filters' }).click();
    await a.getByRole('region', { name: 'Filters' }).getByText('Yes').first().click();
    await a.waitForURL(/hasEmail=1/);
    const withEmail = await search(a, { hasEmail: true });
    expect(withEmail.total.value).toBeLessThan(all.total.value);
    await expectRows(a, withEmail.hits);
    await shoot(a, 'table-filters-open');
    await expect
      .poll(() => a.getByTestId('table-total').textContent())
      .toBe(`${withEmail.total.value} contacts`);

    // Sort by name, ascending then descending, by clicking the header.
    const header = a.getByRole('columnheader', { name: 'Name' });
    await header.click();
    await a.waitForURL(/sort=name&dir=asc/);
    const byName = await search(a, { hasEmail: true }, { field: 'name', direction: 'asc' });
    await expectRows(a, byName.hits);
    const names = (await rowsOf(a)).map((r) => r.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    await header.click();
    await a.waitForURL(/dir=desc/);
    await expectRows(
      a,
      (await search(a, { hasEmail: true }, { field: 'name', direction: 'desc' })).hits,
    );

    // Type-ahead search, debounced into the URL.
    await a.getByRole('textbox', { name: 'Search contacts' }).fill('rossi');
    await a.waitForURL(/q=rossi/);
    const rossi = await search(
      a,
      { hasEmail: true, text: 'rossi' },
      { field: 'name', direction: 'desc' },
    );
    expect(rossi.hits.length).toBeGreaterThan(0);
    await expectRows(a, rossi.hits);
    for (const row of await rowsOf(a)) expect(row.name.toLowerCase()).toContain('rossi');

    // The address restores it all in a fresh load.
    const url = a.url();
    await a.goto(url);
    await expectRows(a, rossi.hits);
    await expect(a.getByRole('textbox', { name: 'Search contacts' }).inputValue()).resolves.toBe(
      'rossi',
    );
  });

  it("saves a shared view; its address shows the same rows in a teammate's browser", async () => {
    await a.goto(`${app.url}/contacts/table?hasEmail=1&sort=name&dir=asc`);
    const expected = await search(a, { hasEmail: true }, { field: 'name', direction: 'asc' });
    await expectRows(a, expected.hits);

    await a.getByRole('button', { name: /Saved views/ }).click();
    await a.getByRole('button', { name: /Save current view/ }).click();
    const dialog = a.getByRole('dialog', { name: 'Save current view' });
    await dialog.getByLabel('Name').fill('With e-mail, A to Z');
    await dialog.getByRole('switch', { name: 'Share with the team' }).check();
    await dialog.getByLabel('Name').press('Enter');
    // The menu's button now names the view the table shows.
    await a
      .getByRole('button', { name: 'With e-mail, A to Z', exact: true })
      .waitFor({ timeout: 10_000 });
    savedUrl = a.url();

    // The teammate opens the sent address: same filter, same sort, same rows.
    await signInThroughForm(b, app.url, MATE.email, MATE.password);
    await b.goto(savedUrl);
    await expectRows(b, expected.hits);
    expect((await rowsOf(b)).map((r) => r.GTID)).toEqual((await rowsOf(a)).map((r) => r.GTID));

    // And finds it among their saved views, shared, without rename or delete (not theirs).
    await b.goto(`${app.url}/contacts/table`);
    await b.getByRole('button', { name: /Saved views/ }).click();
    await b.getByRole('button', { name: 'Apply view With e-mail, A to Z' }).click();
    await b.waitForURL((u) => u.search.includes('hasEmail=1') && u.search.includes('sort=name'));
    await expectRows(b, expected.hits);
    // Exact: the saved-views menu may still be open, and its "Apply view …" holds the name too.
    await b.getByRole('button', { name: 'With e-mail, A to Z', exact: true }).click();
    expect(await b.getByRole('button', { name: 'Delete With e-mail, A to Z' }).count()).toBe(0);
  });

  it('bulk-tags a shift-click selection and follows the job to the end', async () => {
    const tagSets = (await api(a, 'GET', team('/tag-sets'))).body.tagSets as {
      pipelineUID: string | null;
      tags: { tagID: string; name: string }[];
    }[];
    const coaching = tagSets
      .filter((s) => s.pipelineUID === null)
      .flatMap((s) => s.tags)
      .find((t) => t.name === 'Coaching')!;
    const untagged = await search(
      a,
      { tags: { none: [coaching.tagID] } },
      { field: 'name', direction: 'asc' },
    );
    expect(untagged.hits.length).toBeGreaterThanOrEqual(4);
    const picked = untagged.hits.slice(0, 4);

    await a.goto(
      `${app.url}/contacts/table?tagsNone=${encodeURIComponent(coaching.tagID)}&sort=name&dir=asc`,
    );
    await expectRows(a, untagged.hits);
    await a.getByRole('checkbox', { name: `Select ${picked[0]!.fullName}`, exact: true }).click();
    await a
      .getByRole('checkbox', { name: `Select ${picked[3]!.fullName}`, exact: true })
      .click({ modifiers: ['Shift'] });
    await expect.poll(() => a.getByTestId('selected-count').textContent()).toBe('4 selected');

    await a.getByRole('button', { name: 'Add tags' }).click();
    const dialog = a.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Tags', exact: true }).click();
    await a.getByRole('option', { name: 'Coaching' }).click();
    // Leaving the field closes its list of options.
    await dialog.getByRole('textbox', { name: 'Tags', exact: true }).press('Tab');
    await dialog.getByRole('button', { name: 'Apply to 4 contacts' }).click();

    const progress = a.getByTestId('bulk-progress');
    await progress.waitFor({ timeout: 10_000 });
    await progress.getByText('Tagged 4 contacts.').waitFor({ timeout: 30_000 });
    expect(await progress.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');

    // Every picked contact carries the tag now, and the filtered table lost them.
    const tagged = await search(a, { tags: { all: [coaching.tagID] } });
    const taggedIds = new Set(tagged.hits.map((h) => h.GTID));
    for (const p of picked) expect(taggedIds.has(p.GTID)).toBe(true);
    const rest = await search(
      a,
      { tags: { none: [coaching.tagID] } },
      { field: 'name', direction: 'asc' },
    );
    await expectRows(a, rest.hits);
  });

  it('applies a task template to a selection (issue 8): every picked contact gets its task', async () => {
    const made = await api(a, 'POST', team('/task-templates'), {
      name: 'Welcome call',
      dueInDays: 1,
      dueTime: '11:00',
    });
    expect(made.status).toBe(201);
    const all = await search(a, {}, { field: 'name', direction: 'desc' });
    const picked = all.hits.slice(0, 3);
    await a.goto(`${app.url}/contacts/table?sort=name&dir=desc`);
    await expectRows(a, all.hits);
    await a.getByRole('checkbox', { name: `Select ${picked[0]!.fullName}`, exact: true }).click();
    await a
      .getByRole('checkbox', { name: `Select ${picked[2]!.fullName}`, exact: true })
      .click({ modifiers: ['Shift'] });
    await expect.poll(() => a.getByTestId('selected-count').textContent()).toBe('3 selected');
    await a.getByRole('button', { name: 'Apply task template' }).click();
    const dialog = a.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Task template' }).click();
    await a.getByRole('option', { name: 'Welcome call' }).click();
    await dialog.getByRole('button', { name: 'Apply to 3 contacts' }).click();
    const progress = a.getByTestId('bulk-progress');
    await progress.getByText('Applied the template to 3 contacts.').waitFor({ timeout: 30_000 });
    for (const p of picked) {
      const tasks = (await api(a, 'GET', team(`/contacts/${p.GTID}/tasks`))).body.tasks as {
        name: string;
        dueTime: string;
      }[];
      // Exactly one from the template (a demo contact may have the demo's own tasks too).
      expect(
        tasks.filter((t) => t.name === 'Welcome call').map((t) => [t.name, t.dueTime]),
      ).toEqual([['Welcome call', '11:00']]);
    }
  });

  it('keeps every toolbar action on screen at 1,360 and 1,024 px wide', async () => {
    try {
      for (const width of [1360, 1024]) {
        await a.setViewportSize({ width, height: 900 });
        await a.goto(`${app.url}/contacts/table`);
        await a.locator('[data-testid=contacts-table] [role=row][data-gtid]').first().waitFor();
        const toolbar = a.getByTestId('table-toolbar');
        const bar = (await toolbar.boundingBox())!;
        expect(bar.x + bar.width).toBeLessThanOrEqual(width);
        const controls = [
          toolbar.getByRole('textbox', { name: 'Pipeline' }),
          toolbar.getByRole('textbox', { name: 'Search contacts' }),
          toolbar.getByRole('button', { name: 'Filters' }),
          toolbar.getByRole('button', { name: /Saved views/ }),
          toolbar.getByRole('button', { name: 'Export CSV' }),
          toolbar.getByRole('button', { name: 'Columns' }),
          toolbar.getByRole('button', { name: 'New contact' }),
        ];
        for (const control of controls) {
          const box = (await control.boundingBox())!;
          // Whole, inside the toolbar and the window (not cut off at the edge).
          expect(box.x).toBeGreaterThanOrEqual(bar.x);
          expect(box.x + box.width).toBeLessThanOrEqual(bar.x + bar.width);
          expect(box.y + box.height).toBeLessThanOrEqual(bar.y + bar.height);
        }
        // And they work: the columns menu opens, and the new contact form.
        await toolbar.getByRole('button', { name: 'Columns' }).click();
        const columns = a.getByRole('dialog', { name: 'Columns' });
        await columns.getByRole('button', { name: 'Reset columns' }).waitFor();
        await toolbar.getByRole('button', { name: 'Columns' }).click();
        await columns.waitFor({ state: 'hidden' });
        await toolbar.getByRole('button', { name: 'New contact' }).click();
        const adding = a.getByRole('dialog', { name: 'New contact' });
        await adding.waitFor();
        await a.keyboard.press('Escape');
        await adding.waitFor({ state: 'hidden' });
      }
    } finally {
      await a.setViewportSize({ width: 1600, height: 900 });
    }
  });

  it('scrolls a wide table sideways with the names in view; a resized column keeps its width', async () => {
    try {
      await a.setViewportSize({ width: 1440, height: 900 });
      const pipelines = (await api(a, 'GET', team('/pipelines'))).body.pipelines as {
        groupUID: string;
        isDefault: boolean;
      }[];
      const main = pipelines.find((p) => p.isDefault)!.groupUID;
      await a.goto(`${app.url}/contacts/table/${encodeURIComponent(main)}`);
      const table = a.getByTestId('contacts-table');
      const firstRow = table.locator('[role=row][data-gtid]').first();
      await firstRow.waitFor();
      const filters = a.getByTestId('table-toolbar').getByRole('button', { name: 'Filters' });
      if ((await filters.getAttribute('aria-expanded')) !== 'true') await filters.click();
      await a.getByRole('region', { name: 'Filters' }).waitFor();

      // Every column comes whole into view by scrolling sideways; the names stay in view.
      const frame = await table.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, right: r.left + el.clientWidth };
      });
      const headers = table.getByRole('columnheader');
      const labels = await headers.allInnerTexts();
      expect(labels).toEqual(
        expect.arrayContaining(['Name', 'Status', 'Deal value', 'Last activity']),
      );
      const nameLink = firstRow.getByRole('link');
      for (let i = 0; i < labels.length; i++) {
        const header = headers.nth(i);
        await header.evaluate((el) => el.scrollIntoView({ block: 'nearest', inline: 'nearest' }));
        const box = (await header.boundingBox())!;
        expect(box.x, labels[i]).toBeGreaterThanOrEqual(frame.left - 1);
        expect(box.x + box.width, labels[i]).toBeLessThanOrEqual(frame.right + 1);
        const name = (await nameLink.boundingBox())!;
        expect(name.x, `the name with ${labels[i]} in view`).toBeGreaterThanOrEqual(frame.left);
        // On top, not under the cells scrolling past.
        const onTop = await nameLink.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const hit = document.elementFromPoint(r.left + 4, r.top + r.height / 2);
          return hit !== null && el.contains(hit);
        });
        expect(onTop, `the name is covered with ${labels[i]} in view`).toBe(true);
      }
      expect(await table.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);

      // A column widens by dragging its edge and by the arrow keys, and keeps that width.
      await table.evaluate((el) => el.scrollTo({ left: 0 }));
      const email = headers.filter({ hasText: /^E-mail$/ });
      const start = (await email.boundingBox())!.width;
      const handle = table.getByRole('separator', { name: 'Resize E-mail' });
      const h = (await handle.boundingBox())!;
      await a.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
      await a.mouse.down();
      await a.mouse.move(h.x + h.width / 2 + 40, h.y + h.height / 2, { steps: 4 });
      await a.mouse.move(h.x + h.width / 2 + 80, h.y + h.height / 2, { steps: 4 });
      await a.mouse.up();
      await expect.poll(async () => (await email.boundingBox())!.width).toBeCloseTo(start + 80, -1);
      const dragged = (await email.boundingBox())!.width;
      await handle.focus();
      await a.keyboard.press('ArrowRight');
      await expect.poll(async () => (await email.boundingBox())!.width).toBe(dragged + 16);
      await a.reload();
      await firstRow.waitFor();
      expect((await email.boundingBox())!.width).toBe(dragged + 16);
      await handle.dblclick();
      await expect.poll(async () => (await email.boundingBox())!.width).toBe(start);
    } finally {
      await a.setViewportSize({ width: 1600, height: 900 });
    }
  });

  it('keeps "New contact" whole on a phone, and nothing sticks out sideways', async () => {
    try {
      await a.setViewportSize({ width: 390, height: 844 });
      await a.goto(`${app.url}/contacts/table`);
      await a.locator('[data-testid=contacts-table] [role=row][data-gtid]').first().waitFor();
      const button = a.getByTestId('table-toolbar').getByRole('button', { name: 'New contact' });
      const box = (await button.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(await a.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await button.click();
      const adding = a.getByRole('dialog', { name: 'New contact' });
      await adding.waitFor();
      await a.keyboard.press('Escape');
      await adding.waitFor({ state: 'hidden' });
    } finally {
      await a.setViewportSize({ width: 1600, height: 900 });
    }
  });

  it('fits the toolbar in three short rows on a phone, every action still there by name', async () => {
    try {
      await a.setViewportSize({ width: 390, height: 844 });
      await a.goto(`${app.url}/contacts/table`);
      await a.locator('[data-testid=contacts-table] [role=row][data-gtid]').first().waitFor();
      const toolbar = a.getByTestId('table-toolbar');
      // Three rows of 30 px buttons with their gaps and padding; four rows left a third of
      // the screen to the contacts.
      expect((await toolbar.boundingBox())!.height).toBeLessThanOrEqual(140);
      for (const name of ['Filters', /^Saved views/, 'Export CSV', 'Columns', 'New contact']) {
        const button = toolbar.getByRole('button', { name });
        const box = (await button.boundingBox())!;
        expect(box.x, String(name)).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, String(name)).toBeLessThanOrEqual(390);
      }
      await toolbar.getByRole('button', { name: 'Columns' }).click();
      await a.getByRole('checkbox', { name: 'E-mail' }).waitFor();
      await a.keyboard.press('Escape');
      // The header above it keeps its last control, the account menu, whole too.
      const account = (await a.getByRole('button', { name: 'Account menu' }).boundingBox())!;
      expect(account.x + account.width).toBeLessThanOrEqual(390);
    } finally {
      await a.setViewportSize({ width: 1600, height: 900 });
    }
  });

  it('words a delete of every match truthfully when the total is only a bound (10,000+)', async () => {
    // The search service bounds totals over 10,000 ("10,000+"); the demo team is smaller, so
    // its answers are marked bounded here.
    await a.route('**/v2', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { total: unknown } };
      body.data.total = { value: 10_000, relation: 'gte' };
      await route.fulfill({ response, json: body });
    });
    try {
      await a.goto(`${app.url}/contacts/table`);
      await expect.poll(() => a.getByTestId('table-total').textContent()).toBe('10,000+ contacts');
      await a.getByRole('checkbox', { name: 'Select every contact on screen' }).click();
      await a.getByRole('button', { name: 'Select all 10,000+ matching' }).click();
      await expect
        .poll(() => a.getByTestId('selected-count').textContent())
        .toBe('All contacts matching this filter (10,000+) selected');
      await a
        .getByRole('toolbar', { name: 'Bulk actions' })
        .getByRole('button', { name: 'Delete' })
        .click();
      const dialog = a.getByRole('dialog', { name: 'Delete contacts · all matching (10,000+)' });
      await dialog
        .getByText(
          'Delete all contacts matching this filter (10,000+)? Their notes, deals and history go with them.',
          { exact: false },
        )
        .waitFor();
      // Never a count that reads as "only these 10,000".
      expect(await dialog.getByText(/10,000 contacts/).count()).toBe(0);
      await dialog.getByRole('button', { name: 'Delete all matching (10,000+)' }).waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
    } finally {
      await a.unroute('**/v2');
    }
  });

  it("shows the pipeline's answers in their own column, chosen in the Columns menu", async () => {
    const pipelines = (await api(a, 'GET', team('/pipelines'))).body.pipelines as {
      groupUID: string;
    }[];
    const groupUID = pipelines[0]!.groupUID;
    const byName = { field: 'name', direction: 'asc' };
    const before = await search(a, { pipelineUID: groupUID }, byName);
    const target = before.hits[0]!;
    const answer = 'About 12,000 a year, approved by finance in March after the pilot';
    const saved = await api(
      a,
      'PUT',
      team(`/contacts/${encodeURIComponent(target.GTID)}/pipelines/${groupUID}/answers`),
      {
        answers: [
          { question: 'Budget?', answer },
          { question: 'Decision maker', answer: 'Priya Raman' },
          { question: 'Timeline?', answer: '  ' },
        ],
      },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // The search service carries them (blank answers left out), and not without a pipeline.
    const hits = (await search(a, { pipelineUID: groupUID }, byName)).hits;
    expect(hits.find((h) => h.GTID === target.GTID)!.answers).toEqual([
      { questionUID: null, question: 'Budget?', answer },
      { questionUID: null, question: 'Decision maker', answer: 'Priya Raman' },
    ]);
    expect((await search(a, {})).hits.every((h) => h.answers.length === 0)).toBe(true);

    // No pipeline chosen: no answers column.
    await a.goto(`${app.url}/contacts/table`);
    await expectRows(a, (await search(a, {})).hits);
    expect(await a.getByRole('columnheader', { name: 'Answers' }).count()).toBe(0);

    await a.goto(`${app.url}/contacts/table/${groupUID}?sort=name&dir=asc`);
    await expectRows(a, hits);
    const headers = await a.getByRole('columnheader').allTextContents();
    const col = headers.findIndex((h) => h.trim() === 'Answers');
    expect(col, headers.join(' | ')).toBeGreaterThan(0);
    const cellOf = (GTID: string) =>
      a.locator(`[role=row][data-gtid="${GTID}"] [role=gridcell]`).nth(col + 1);
    const cell = cellOf(target.GTID);
    await expect.poll(() => cell.textContent()).toBe(`${answer} · Priya Raman`);
    // The answers alone, on one line, cut with an ellipsis; the tooltip pairs each with its
    // question, in full.
    const span = cell.locator('span[title]');
    expect(await span.getAttribute('title')).toBe(`Budget? ${answer}\nDecision maker: Priya Raman`);
    const box = await cell.boundingBox();
    expect(box!.height).toBeLessThanOrEqual(40);
    expect(await span.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    // A contact with no answer in this pipeline: a calm dash.
    const none = hits.slice(0, 12).find((h) => h.answers.length === 0);
    if (none) expect(await cellOf(none.GTID).textContent()).toBe('—');

    // The Columns menu hides and shows it; the layout is remembered.
    await a.getByRole('button', { name: 'Columns' }).click();
    const option = a.getByRole('checkbox', { name: 'Answers (pipeline)' });
    expect(await option.isChecked()).toBe(true);
    await option.click();
    await expect.poll(() => a.getByRole('columnheader', { name: 'Answers' }).count()).toBe(0);
    await a.reload();
    await expectRows(a, hits);
    expect(await a.getByRole('columnheader', { name: 'Answers' }).count()).toBe(0);
    await a.getByRole('button', { name: 'Columns' }).click();
    await a.getByRole('checkbox', { name: 'Answers (pipeline)' }).click();
    await expect.poll(() => a.getByRole('columnheader', { name: 'Answers' }).count()).toBe(1);
    await a.keyboard.press('Escape');
  });

  it('exports the filtered table: the file holds the rows, columns and answers on screen', async () => {
    const pipelines = (await api(a, 'GET', team('/pipelines'))).body.pipelines as {
      groupUID: string;
    }[];
    const groupUID = pipelines[0]!.groupUID;
    const byName = { field: 'name', direction: 'asc' };
    const first = (await search(a, { pipelineUID: groupUID }, byName)).hits[0]!;
    const saved = await api(
      a,
      'PUT',
      team(`/contacts/${encodeURIComponent(first.GTID)}/pipelines/${groupUID}/answers`),
      {
        answers: [
          { question: 'Budget?', answer: 'About 12,000 a year, approved in March' },
          { question: 'Decision maker', answer: '@Priya, CFO' },
        ],
      },
    );
    expect(saved.status).toBe(200);
    const hits = (await search(a, { pipelineUID: groupUID }, byName)).hits;
    const withAnswers = hits.filter((h) => h.answers.length > 0);
    expect(withAnswers.length).toBeGreaterThan(0);
    await a.goto(`${app.url}/contacts/table/${groupUID}?sort=name&dir=asc`);
    await expectRows(a, hits);
    // Hide a column: the file follows the columns chosen.
    const columnsButton = a.getByTestId('table-toolbar').getByRole('button', { name: 'Columns' });
    await columnsButton.click();
    const menu = a.getByRole('dialog', { name: 'Columns' });
    await menu.getByRole('checkbox', { name: 'Phone', exact: true }).click();
    await columnsButton.click();
    await menu.waitFor({ state: 'hidden' });
    await expect.poll(() => a.getByRole('columnheader', { name: 'Phone' }).count()).toBe(0);
    {
      const headers = (await a.getByRole('columnheader').allTextContents())
        .map((h) => h.trim())
        .filter(Boolean);
      const [download] = await Promise.all([
        a.waitForEvent('download'),
        a.getByTestId('table-toolbar').getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      const bytes = await readFile((await download.path())!);
      const [header, ...rows] = parseCsv(bytes.toString('utf8'));
      await a.getByText(/Export ready/).waitFor();

      // Columns: the screen's, in its order; Answers spread over one column per question.
      const questions = [...new Set(withAnswers.flatMap((h) => h.answers.map((x) => x.question)))];
      const CSV_HEADER: Record<string, string> = { Status: 'Status label', Source: 'Sources' };
      const at = headers.indexOf('Answers');
      expect(at).toBeGreaterThan(0);
      const spread = header!.slice(at, at + questions.length);
      expect([...spread].sort()).toEqual([...questions].sort());
      const expected = headers.flatMap((h) => (h === 'Answers' ? spread : [CSV_HEADER[h] ?? h]));
      expect(header).toEqual(expected);
      // The team's questions first, in the team's order; free questions after them.
      expect(spread.slice(-2)).toEqual(['Budget?', 'Decision maker']);
      expect(header).not.toContain('Phone');

      // Rows: every match, in the screen's order, with what the screen shows in each cell.
      expect(rows).toHaveLength(hits.length);
      const col = (name: string) => header!.indexOf(name);
      expect(rows.map((r) => r[col('Name')])).toEqual(hits.map((h) => h.fullName));
      const screen = await a.$$eval('[data-testid=contacts-table] [role=row][data-gtid]', (els) =>
        els.map((r) => r.getAttribute('data-gtid')!),
      );
      const stageCol = headers.indexOf('Stage');
      for (const GTID of screen.slice(0, 10)) {
        const i = hits.findIndex((h) => h.GTID === GTID);
        const cells = a.locator(`[role=row][data-gtid="${GTID}"] [role=gridcell]`);
        expect(rows[i]![col('Stage')]).toBe((await cells.nth(stageCol + 1).textContent())?.trim());
      }
      for (const hit of withAnswers) {
        const row = rows[hits.indexOf(hit)]!;
        for (const q of questions) {
          const answer = hit.answers.find((x) => x.question === q)?.answer ?? '';
          expect(row[col(q)], `${hit.fullName}: ${q}`).toBe(escapeFormula(answer));
        }
      }
      // The row of the contact just answered: its answers under their questions, a cell that
      // would run as a formula escaped.
      expect(rows[0]![col('Budget?')]).toBe('About 12,000 a year, approved in March');
      expect(rows[0]![col('Decision maker')]).toBe("'@Priya, CFO");
    }
  });
});
