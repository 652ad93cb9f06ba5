/**
 * KPIs as people use them (issue 8), on the production build with the demo team: the owner
 * creates a KPI "entered the Proposal stage" on /dashboard/new-kpi (a missing stage is named on
 * its field first; Enter saves), sees its charts on /dashboard/kpi, then a contact moves into
 * Proposal and the KPI's number goes up on screen without a reload (the realtime stream makes
 * the KPI queries refetch). Then it edits the KPI from its card (the same form, filled in; Escape
 * cancels, Enter saves) and deletes it (a confirmation naming it; Undo re-creates it), while a
 * teammate (a member) sees no edit controls and gets both changes live. With
 * E2E_SCREENSHOTS=<dir> it saves /dashboard/kpi (and the edit form), light and dark.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltApp, type RunningApp } from './app-server';
import { launchBrowser, requireChromium } from './browser';
import { api, joinAsTeammate, signInThroughForm } from './session';

const SHOTS = process.env.E2E_SCREENSHOTS;
const KPI_NAME = 'Proposals this week';
const EDITED = 'Proposals (edited)';
const MATE = { name: 'Kim Member', email: 'kim-kpi@example.test', password: 'kim-member-1' };

describe.skipIf(requireChromium())('KPIs in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let mate: Page;
  let teamUID: string;
  let groupUID: string;
  let proposal: string;
  let GTID: string;

  beforeAll(async () => {
    app = await startBuiltApp();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1360, height: 1000 } });
    await signInThroughForm(page, app.url, 'demo@leadloom.dev', 'leadloom-demo');
    const me = await api(page, 'GET', '/api/me');
    teamUID = (me.body.currentTeam as { teamUID: string }).teamUID;
    const pipelines = await api(page, 'GET', `/api/teams/${teamUID}/pipelines`);
    groupUID = (pipelines.body.pipelines as { groupUID: string; nickName: string }[]).find(
      (p) => p.nickName === 'Facebook Group Leads',
    )!.groupUID;
    const setup = await api(page, 'GET', `/api/teams/${teamUID}/pipelines/${groupUID}`);
    proposal = (setup.body.stages as { stageUID: string; name: string }[]).find(
      (s) => s.name === 'Proposal',
    )!.stageUID;
    const created = await api(page, 'POST', `/api/teams/${teamUID}/contacts`, {
      firstName: 'Kip',
      lastName: 'Kpi',
      pipelineUID: groupUID,
    });
    expect(created.status).toBe(201);
    GTID = (created.body.contact as { GTID: string }).GTID;
  });

  afterAll(async () => {
    await mate?.context().close();
    await browser?.close();
    await app?.stop();
  });

  const card = () => page.getByLabel(`KPI ${KPI_NAME}`);
  const total = async () => Number(await card().getByTestId('kpi-total').innerText());

  it('creates a stage KPI on /dashboard/new-kpi: the missing stage is named, Enter saves', async () => {
    await page.goto(`${app.url}/dashboard/new-kpi`);
    await expect.poll(() => page.title()).toBe('Leadloom 2.0 | New KPI');
    await page.getByLabel('Name').fill(KPI_NAME);
    await page.getByLabel('Name').press('Enter');
    await page.getByText('Choose the stage to count').waitFor();

    await page.getByRole('textbox', { name: 'Pipeline' }).click();
    await page.getByRole('option', { name: 'Facebook Group Leads' }).click();
    await page.getByRole('textbox', { name: 'Stage entered' }).click();
    await page.getByRole('option', { name: 'Proposal' }).click();
    await page.getByLabel('Target per member').fill('5');
    await page.getByLabel('Name').press('Enter');
    await page.getByText(`Created the KPI “${KPI_NAME}”.`).waitFor();
    await page.waitForURL((url) => url.pathname === '/dashboard/kpi');

    // Its charts: per member (with the target line), over time, and the stage funnel.
    await card().getByTestId('kpi-total').waitFor();
    await card().getByText('Per member', { exact: true }).waitFor();
    await card().getByText('Over time (per day)').waitFor();
    await card().getByText('Stage funnel', { exact: true }).waitFor();
    await card().locator('.recharts-reference-line').first().waitFor({ state: 'attached' });
    await card().getByText('Entered “Proposal”').waitFor();
  });

  it('moving a contact into the counted stage raises the number on screen', async () => {
    const before = await total();
    const moved = await api(
      page,
      'PUT',
      `/api/teams/${teamUID}/contacts/${GTID}/pipelines/${groupUID}/stage`,
      { stageUID: proposal },
    );
    expect(moved.status).toBe(200);
    await expect.poll(total, { timeout: 15_000 }).toBe(before + 1);
    // The demo owner's bar carries it too (the only member of the demo team).
    const results = await api(page, 'GET', `/api/teams/${teamUID}/kpis`);
    const kpi = (results.body.kpis as { kpiUID: string; name: string }[]).find(
      (k) => k.name === KPI_NAME,
    )!;
    const r = await api(page, 'GET', `/api/teams/${teamUID}/kpis/${kpi.kpiUID}/results`);
    expect((r.body.members as { total: number }[])[0]!.total).toBe(before + 1);

    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.mouse.move(0, 0);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.waitForTimeout(300);
        await page.screenshot({ path: join(SHOTS, `kpi-${scheme}.png`), fullPage: true });
      }
      await page.emulateMedia({ colorScheme: 'light' });
    }
  });

  it('edits the KPI in the same form, filled in: Escape cancels, Enter saves; a teammate sees it', async () => {
    mate = await (await browser.newContext({ viewport: { width: 1360, height: 1000 } })).newPage();
    await joinAsTeammate(page, mate, app.url, teamUID, MATE, [groupUID]);
    await mate.goto(`${app.url}/dashboard/kpi`);
    const mateCard = (name: string) => mate.getByLabel(`KPI ${name}`);
    await mateCard(KPI_NAME).getByTestId('kpi-total').waitFor();
    // A member reads the KPIs but gets no edit controls.
    expect(await mate.getByRole('button', { name: `Actions for ${KPI_NAME}` }).count()).toBe(0);
    expect(await mate.getByRole('link', { name: 'New KPI' }).count()).toBe(0);

    const openEdit = async () => {
      await page.getByRole('button', { name: `Actions for ${KPI_NAME}` }).click();
      await page.getByRole('menuitem', { name: 'Edit KPI' }).click();
      return page.getByRole('form', { name: 'Edit KPI' });
    };
    let form = await openEdit();
    await expect.poll(() => form.getByLabel('Name').inputValue()).toBe(KPI_NAME);
    expect(await form.getByRole('textbox', { name: 'Stage entered' }).inputValue()).toBe(
      'Proposal',
    );
    expect(await form.getByLabel('Target per member').inputValue()).toBe('5');
    await form.getByLabel('Name').fill('Not kept');
    await form.getByLabel('Name').press('Escape');
    await form.waitFor({ state: 'detached' });
    await card().waitFor();

    form = await openEdit();
    await expect.poll(() => form.getByLabel('Name').inputValue()).toBe(KPI_NAME);
    if (SHOTS) {
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.waitForTimeout(300);
        await page.screenshot({ path: join(SHOTS, `kpi-edit-${scheme}.png`) });
      }
      await page.emulateMedia({ colorScheme: 'light' });
    }
    await form.getByLabel('Target per member').fill('7');
    await form.getByLabel('Name').fill(EDITED);
    await form.getByLabel('Name').press('Enter');
    await page.getByText(`Saved the KPI “${EDITED}”.`).waitFor();
    await form.waitFor({ state: 'detached' });
    await page.getByLabel(`KPI ${EDITED}`).getByText('target 7 per member').waitFor();
    // The teammate's screen follows without a reload.
    await mateCard(EDITED).getByText('target 7 per member').waitFor({ timeout: 15_000 });
  });

  it('deletes the KPI after a confirmation naming it; Undo brings it back; the teammate follows', async () => {
    await page.getByRole('button', { name: `Actions for ${EDITED}` }).click();
    await page.getByRole('menuitem', { name: 'Delete KPI' }).click();
    const dialog = page.getByRole('dialog', { name: `Delete the KPI “${EDITED}”?` });
    await dialog.getByRole('button', { name: 'Delete KPI' }).click();
    await page.getByText(`Deleted the KPI “${EDITED}”.`).waitFor();
    await page.getByLabel(`KPI ${EDITED}`).waitFor({ state: 'detached' });
    await mate.getByLabel(`KPI ${EDITED}`).waitFor({ state: 'detached', timeout: 15_000 });
    const list = async () =>
      ((await api(page, 'GET', `/api/teams/${teamUID}/kpis`)).body.kpis as { name: string }[]).map(
        (k) => k.name,
      );
    expect(await list()).not.toContain(EDITED);

    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByText(`Restored the KPI “${EDITED}”.`).waitFor();
    await page.getByLabel(`KPI ${EDITED}`).getByText('target 7 per member').waitFor();
    await mate.getByLabel(`KPI ${EDITED}`).waitFor({ timeout: 15_000 });
    expect(await list()).toContain(EDITED);
  });
});
