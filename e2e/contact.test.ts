/**
 * Issue 5 as a person does it on the demo team: create a contact from a column's "+", drag its
 * card to another stage, open it, see the stage change in its timeline, add a note; and an
 * unknown contact shows the not-found state.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltApp, type RunningApp } from './app-server';
import { launchBrowser, requireChromium } from './browser';
import { api, signInThroughForm } from './session';
import { shoot } from './shots';

interface BoardBody {
  stages: { stageUID: string; name: string; idx: number; contacts: { GTID: string }[] }[];
}

describe.skipIf(requireChromium())('contacts: create, drag, contact page, notes', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let teamUID: string;
  let groupUID: string;

  beforeAll(async () => {
    app = await startBuiltApp();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1800, height: 900 } });
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

  const column = (name: string) =>
    page.getByRole('region', { name: new RegExp(`^${name}: \\d+ contacts$`) });

  async function stageOf(GTID: string) {
    const answer = await api(page, 'GET', `/api/teams/${teamUID}/contacts/${GTID}`);
    const pipelines = answer.body.pipelines as { groupUID: string; stage: { name: string } }[];
    return pipelines.find((p) => p.groupUID === groupUID)?.stage.name;
  }

  let GTID = '';

  it('creates a contact in a stage from the column "+": first in its column, in view and lit, still first after a reload', async () => {
    await page.goto(`${app.url}/contacts/pipeline`);
    await column('Contacted').waitFor();
    // The user is down the column when they add: the new card must still be found at once.
    const body = column('Contacted').locator('[data-stage-body]');
    await body.locator('a[href^="/contact/"]').first().waitFor();
    const scrolled = await body.evaluate((el) => {
      el.scrollTo({ top: el.scrollHeight });
      return el.scrollHeight > el.clientHeight;
    });
    expect(scrolled).toBe(true);
    await page.getByRole('button', { name: 'New contact in Contacted' }).click();
    const dialog = page.getByRole('dialog', { name: 'New contact' });
    await dialog.getByLabel('First name').fill('Robin');
    await dialog.getByLabel('Last name').fill('Okafor');
    await dialog.getByLabel('E-mail').fill('robin@okafor.example');
    expect(await dialog.getByRole('textbox', { name: 'Stage' }).inputValue()).toBe('Contacted');
    await dialog.getByRole('button', { name: 'Create contact' }).click();
    await page.getByText('Contact created').waitFor();
    const card = column('Contacted').getByRole('link', { name: /Robin Okafor/ });
    await card.waitFor();
    GTID = decodeURIComponent((await card.getAttribute('href'))!.split('/').pop()!);
    expect(await stageOf(GTID)).toBe('Contacted');

    // First in its column, lit, and scrolled into view within the column.
    const firstCard = () =>
      column('Contacted').locator('a[href^="/contact/"]').first().getAttribute('href');
    expect(await firstCard()).toBe(`/contact/${GTID}`);
    expect(await card.getAttribute('data-new')).not.toBeNull();
    await card.getByText('New', { exact: true }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: 'The new contact is first in Contacted.' })
      .waitFor();
    await expect
      .poll(() =>
        card.evaluate((el) => {
          const box = el.getBoundingClientRect();
          const frame = el.closest('[data-stage-body]')!.getBoundingClientRect();
          return box.top >= frame.top && box.bottom <= frame.bottom;
        }),
      )
      .toBe(true);
    const board = await api(page, 'GET', `/api/teams/${teamUID}/pipelines/${groupUID}/board`);
    const contacted = (board.body as unknown as BoardBody).stages.find(
      (s) => s.name === 'Contacted',
    )!;
    expect(contacted.contacts[0]!.GTID).toBe(GTID);

    // A reload shows it first too (the server placed it), no longer lit.
    await page.reload();
    await column('Contacted').locator('a[href^="/contact/"]').first().waitFor();
    expect(await firstCard()).toBe(`/contact/${GTID}`);
    expect(await card.getAttribute('data-new')).toBeNull();
  });

  it('drags the card to another stage without opening it', async () => {
    // The modal's closing overlay would take the pointer.
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const card = column('Contacted').getByRole('link', { name: /Robin Okafor/ });
    await card.scrollIntoViewIfNeeded();
    const from = (await card.boundingBox())!;
    const to = (await column('Proposal').boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2 + 4, { steps: 3 });
    await page.mouse.move(to.x + to.width / 2, to.y + 80, { steps: 15 });
    await page.mouse.up();
    await column('Proposal')
      .getByRole('link', { name: /Robin Okafor/ })
      .waitFor();
    expect(page.url()).toMatch(/\/contacts\/pipeline/);
    await expect.poll(() => stageOf(GTID)).toBe('Proposal');

    const board = await api(page, 'GET', `/api/teams/${teamUID}/pipelines/${groupUID}/board`);
    const proposal = (board.body as unknown as BoardBody).stages.find(
      (s) => s.name === 'Proposal',
    )!;
    expect(proposal.contacts.map((c) => c.GTID)).toContain(GTID);
  });

  it('opens the contact page with the stage change in its activity, and adds a note', async () => {
    await column('Proposal')
      .getByRole('link', { name: /Robin Okafor/ })
      .click();
    await page.waitForURL(new RegExp(`/contact/${GTID}$`));
    await page.getByRole('heading', { name: 'Robin Okafor' }).waitFor();
    await page.getByText('Robin moved to Proposal (from Contacted)').waitFor();
    // The stage history of the pipeline lists the move.
    await page
      .getByRole('button', { name: 'Delete the Proposal entry from the stage history' })
      .waitFor();

    await page.getByRole('tab', { name: 'Notes' }).click();
    await page.waitForURL(new RegExp(`/contact/${GTID}/notes/`));
    await page.getByLabel('New note').fill('Wants the proposal by Friday.');
    await page.getByLabel('New note').press('Control+Enter');
    await page.getByText('Wants the proposal by Friday.').waitFor();

    await page.getByRole('tab', { name: 'Activity' }).click();
    await page.getByText('Note added', { exact: true }).waitFor();
    await shoot(page, 'contact-page');
    const notes = await api(page, 'GET', `/api/teams/${teamUID}/contacts/${GTID}/notes`);
    expect((notes.body.notes as { text: string }[]).map((n) => n.text)).toEqual([
      'Wants the proposal by Friday.',
    ]);
  });

  it('on a phone, Message and the status go under the name, not over it nor off the screen', async () => {
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${app.url}/contact/${GTID}`);
      const name = page.getByRole('heading', { name: 'Robin Okafor' });
      await name.waitFor();
      const title = (await name.boundingBox())!;
      const message = (await page.getByRole('button', { name: 'Message' }).boundingBox())!;
      const status = (await page.getByPlaceholder('Set a status').boundingBox())!;
      for (const [what, box] of [
        ['Message', message],
        ['the status', status],
      ] as const) {
        expect(box.y, `${what} is under the name`).toBeGreaterThanOrEqual(title.y + title.height);
        expect(box.x + box.width, `${what} is on the screen`).toBeLessThanOrEqual(390);
      }
    } finally {
      await page.setViewportSize({ width: 1800, height: 900 });
    }
  });

  it('says so for a contact that does not exist', async () => {
    await page.goto(`${app.url}/contact/no-such-contact-1`);
    await page.getByText('This contact does not exist or you cannot see it').waitFor();
  });
});
