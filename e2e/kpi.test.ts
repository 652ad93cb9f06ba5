/**
 * KPIs as people use them (issue 8), on the production build with the demo team: the owner
 * creates a KPI "entered the Proposal stage" on /dashboard/new-kpi (a missing stage is named on
 * its field first; Enter saves), sees its charts on /dashboard/kpi, then a contact moves into
 * Proposal and the KPI's number goes up on screen without a reload (the realtime stream makes
 * the KPI queries refetch). With E2E_SCREENSHOTS=<dir> it saves /dashboard/kpi, light and dark.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltApp, type RunningApp } from './app-server';
import { launchBrowser, requireChromium } from './browser';
import { api, signInThroughForm } from './session';

const SHOTS = process.env.E2E_SCREENSHOTS;
const KPI_NAME = 'Proposals this week';

describe.skipIf(requireChromium())('KPIs in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
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
    await browser?.close();
    await app?.stop();
  });

  const card = () => page.getByLabel(`KPI ${KPI_NAME}`);
  const total = async () => Number(await card().getByTestId('kpi-total').innerText());

  it('creates a stage KPI on /dashboard/new-kpi: the missing stage is named, Enter saves', async () => {
    await page.goto(`${app.url}/dashboard/new-kpi`);
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
});
