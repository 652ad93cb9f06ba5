/**
 * SPEC §6 gating of the message queue as a person meets it, on the production build: queueing
 * one message to several contacts from the table's bulk "Queue a message" is bulk messaging.
 * A team whose plan has Facebook below pro is told it needs Facebook Pro in its plan; a team
 * whose bulk-messaging flag a super admin switched off in /admin is told the flag is off and who
 * switches it on. The answer stays in the form, and nothing is queued either way; with the plan
 * and the flag back, the same form queues one message per contact.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltApp, SUPER_ADMIN_START_MS, type RunningApp } from './app-server';
import { launchBrowser, requireChromium } from './browser';
import { api, signInThroughForm } from './session';
import { shoot } from './shots';

const DEMO_TEAM = 'Demo Outreach Team';
const FLAG = 'facebook_bulk_messaging_access';
const MARK = 'Gatekeeper';

/** The demo team's subscription with Facebook at `level` (the seed's is pro). */
const subscription = (level: string) => ({
  status: 'trialing',
  tier: { value: 3, name: 'pro' },
  includedContacts: 25000,
  includedSeats: 6,
  platforms: { facebook: { level }, instagram: { level: 'pro' }, linkedin: { level: 'basic' } },
});

describe.skipIf(requireChromium())('bulk messaging is gated by the plan and the flag', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let teamUID: string;
  let gtids: string[];

  /** Every item of the demo user's send and review queues for the test's contacts. */
  async function queuedItems(): Promise<unknown[]> {
    const items: unknown[] = [];
    for (const box of ['review', 'sending']) {
      const res = await api(page, 'GET', `/api/teams/${teamUID}/outreach/items?box=${box}`);
      items.push(...(res.body.items as { GTID: string }[]).filter((i) => gtids.includes(i.GTID)));
    }
    return items;
  }

  /** Selects the two contacts in the table and applies "Queue a message" on Facebook. */
  async function queueFromTable() {
    await page.goto(`${app.url}/contacts/table?q=${MARK}&sort=name&dir=asc`);
    await page.getByRole('checkbox', { name: `Select Ada ${MARK}`, exact: true }).click();
    await page.getByRole('checkbox', { name: `Select Ben ${MARK}`, exact: true }).click();
    await expect.poll(() => page.getByTestId('selected-count').textContent()).toBe('2 selected');
    await page.getByRole('button', { name: 'Queue a message' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Message' }).fill('Hi {{firstName}}, a quick hello.');
    await dialog.getByRole('button', { name: 'Apply to 2 contacts' }).click();
    return dialog;
  }

  beforeAll(async () => {
    app = await startBuiltApp({}, { superAdmins: ['demo@leadloom.dev'] });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInThroughForm(page, app.url, 'demo@leadloom.dev', 'leadloom-demo');
    teamUID = ((await api(page, 'GET', '/api/me')).body.currentTeam as { teamUID: string }).teamUID;
    gtids = [];
    for (const [first, handle] of [
      ['Ada', 'ada.gate'],
      ['Ben', 'ben.gate'],
    ] as const) {
      const res = await api(page, 'POST', `/api/teams/${teamUID}/contacts`, {
        firstName: first,
        lastName: MARK,
        profiles: { facebook: `https://www.facebook.com/${handle}` },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      gtids.push((res.body.contact as { GTID: string }).GTID);
    }
  }, SUPER_ADMIN_START_MS);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('a plan with Facebook below pro: the form names the plan, and nothing is queued', async () => {
    const set = await api(
      page,
      'PUT',
      `/api/admin/teams/${teamUID}/subscription`,
      subscription('basic'),
    );
    expect(set.status, JSON.stringify(set.body)).toBe(200);

    const dialog = await queueFromTable();
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain(
      'Messaging several people at once on Facebook needs Facebook Pro in your plan.',
    );
    await shoot(page, 'gated-plan');
    expect(await queuedItems()).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('the bulk-messaging flag switched off in /admin: the form names the flag, nothing is queued', async () => {
    expect(
      (await api(page, 'PUT', `/api/admin/teams/${teamUID}/subscription`, subscription('pro')))
        .status,
    ).toBe(200);
    // The super admin switches the flag off for the demo team, as a person does.
    await page.goto(`${app.url}/admin/flags`);
    const toggle = page
      .getByRole('group', { name: `Flag ${FLAG}` })
      .getByRole('switch', { name: `${FLAG} for ${DEMO_TEAM}` });
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click({ force: true });
    await expect
      .poll(async () => {
        const flags = (await api(page, 'GET', `/api/admin/teams/${teamUID}`)).body;
        return JSON.stringify(flags);
      })
      .toContain(`"${FLAG}":false`);

    const dialog = await queueFromTable();
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain(
      'Bulk messaging on Facebook is switched off for this team. Ask Leadloom support to switch it on.',
    );
    await shoot(page, 'gated-flag');
    expect(await queuedItems()).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // With the flag back on, the same form queues one message per contact.
    expect(
      (await api(page, 'PUT', `/api/admin/teams/${teamUID}/flags`, { flags: { [FLAG]: true } }))
        .status,
    ).toBe(200);
    const again = await queueFromTable();
    await page
      .getByTestId('bulk-progress')
      .getByText('Queued a message to 2 contacts.')
      .waitFor({ timeout: 30_000 });
    await expect.poll(() => again.isVisible()).toBe(false);
    await expect.poll(async () => (await queuedItems()).length).toBe(2);
  });
});
