/**
 * Identity, teams and plans as people use them (issue "Identity, teams, members, plans"), on the
 * production build with a real SMTP receiver on loopback:
 * - sign-up gives a new team on trial;
 * - a super admin sets plans in /admin;
 * - an owner invites a teammate limited to one pipeline; the mail arrives; the teammate accepts,
 *   chooses a first password, accepts the terms and lands in the team, seeing only that pipeline
 *   (the other answers 404 in the UI and the API);
 * - an invitation beyond the seat quota is refused with a clear message;
 * - one person in two teams works in two tabs, and each tab writes to its own team only.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltApp, SUPER_ADMIN_START_MS, type RunningApp } from './app-server';
import { launchBrowser, requireChromium } from './browser';
import { startSmtpReceiver, type SmtpReceiver } from './smtp';
import { api, signInThroughForm } from './session';
import { shoot } from './shots';

const DEMO = { email: 'demo@leadloom.dev', password: 'leadloom-demo', team: 'Demo Outreach Team' };
const OWNER = {
  name: 'Olivia Owner',
  email: 'olivia@acme.test',
  password: 'acme-owner-1',
  team: 'Acme Outreach',
};
const MATE = { name: 'Milo Mate', email: 'milo@example.test', password: 'milo-mate-1' };

describe.skipIf(requireChromium())('sign-up, plans, invitations and teams in the browser', () => {
  let app: RunningApp;
  let smtp: SmtpReceiver;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let owner: Page;
  let demo: Page;
  let mate: Page;

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    contexts.push(context);
    return context.newPage();
  }

  const signIn = (page: Page, email: string, password: string) =>
    signInThroughForm(page, app.url, email, password);

  async function teamUIDOf(page: Page, name: string): Promise<string> {
    const me = (await api(page, 'GET', '/api/me')).body as {
      teams: { teamUID: string; name: string }[];
    };
    return me.teams.find((t) => t.name === name)!.teamUID;
  }

  async function setSeats(teamName: string, seats: number) {
    await demo.goto(`${app.url}/admin/teams`);
    await demo.getByLabel('Search teams').fill(teamName);
    await demo.getByRole('button', { name: `Open team ${teamName}` }).click();
    const seatsInput = demo.getByLabel('Included seats');
    await seatsInput.fill(String(seats));
    await demo.getByRole('button', { name: 'Save plan' }).click();
    await expect
      .poll(async () => {
        const teams = (await api(demo, 'GET', `/api/admin/teams?q=${encodeURIComponent(teamName)}`))
          .body.teams as { teamUID: string }[];
        const detail = await api(demo, 'GET', `/api/admin/teams/${teams[0]!.teamUID}`);
        return (detail.body.subscription as { includedSeats?: number }).includedSeats;
      })
      .toBe(seats);
    await demo.keyboard.press('Escape');
  }

  async function invite(
    page: Page,
    email: string,
    opts: { role?: 'Admin'; pipeline?: string } = {},
  ) {
    await page.goto(`${app.url}/profile/team`);
    await page.getByRole('button', { name: 'Invite member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a member' });
    await dialog.getByLabel(/^E-mail/).fill(email);
    if (opts.role) {
      await dialog.getByLabel('Role').click();
      await page.getByRole('option', { name: opts.role }).click();
    }
    if (opts.pipeline) {
      await dialog.getByRole('checkbox', { name: 'All pipelines' }).uncheck();
      await dialog.getByRole('checkbox', { name: opts.pipeline }).check();
    }
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('table', { name: 'Pending invitations' }).getByText(email).waitFor();
  }

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    app = await startBuiltApp({ SMTP_URL: smtp.url }, { superAdmins: [DEMO.email] });
    browser = await launchBrowser();
    owner = await newPage();
    demo = await newPage();
    mate = await newPage();
  }, SUPER_ADMIN_START_MS);

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await app?.stop();
    await smtp?.close();
  });

  it('signs up a new team on a trial and asks for the terms first', async () => {
    await owner.goto(`${app.url}/login/signup`);
    await owner.getByLabel(/^Your name/).fill(OWNER.name);
    await owner.getByLabel(/^E-mail/).fill(OWNER.email);
    await owner.getByLabel(/^Password/).fill(OWNER.password);
    await owner.getByLabel(/^Team name/).fill(OWNER.team);
    await owner.getByRole('button', { name: 'Create account' }).click();
    // With mail on, the account is made from the mailed link.
    await owner.getByText(`we sent a link to ${OWNER.email} to finish signing up`).waitFor();
    const [link] = await smtp.waitFor(
      OWNER.email,
      /http:\/\/\S+\/login\/signup\/confirm\?token=[\w-]+/,
    );
    await owner.goto(link);
    await owner.waitForURL(/\/accept-terms/, { timeout: 20_000 });
    await owner.getByRole('button', { name: 'I accept' }).click();
    await owner.waitForURL(/\/contacts\/pipeline/, { timeout: 20_000 });
    await owner.getByRole('button', { name: new RegExp(`Current team: ${OWNER.team}`) }).waitFor();

    await owner.goto(`${app.url}/profile/billing`);
    await expect.poll(() => owner.getByLabel('Subscription status').innerText()).toMatch(/trial/i);
    const billing = await api(
      owner,
      'GET',
      `/api/teams/${await teamUIDOf(owner, OWNER.team)}/billing`,
    );
    expect(billing.body).toMatchObject({ status: 'trialing', allowsUse: true });
  });

  it('lets a super admin set plans in /admin', async () => {
    await signIn(demo, DEMO.email, DEMO.password);
    await setSeats(DEMO.team, 2); // quota: 2 − 1 = one teammate
    await setSeats(OWNER.team, 3); // quota: two teammates
  });

  it('the invite dialog gives every pipeline by default and warns when none is chosen', async () => {
    await demo.goto(`${app.url}/profile/team`);
    await demo.getByRole('button', { name: 'Invite member' }).click();
    const dialog = demo.getByRole('dialog', { name: 'Invite a member' });
    const all = dialog.getByRole('checkbox', { name: 'All pipelines' });
    await all.waitFor();
    expect(await all.isChecked()).toBe(true);
    for (const name of ['Facebook Group Leads', 'Instagram DMs']) {
      expect(await dialog.getByRole('checkbox', { name }).isChecked(), name).toBe(true);
    }
    expect(await dialog.getByText('No pipelines chosen').count()).toBe(0);

    await all.uncheck();
    await dialog.getByText('No pipelines chosen').waitFor();
    await dialog
      .getByText(/will see no board until an owner or admin gives them a pipeline/)
      .waitFor();
    await shoot(demo, 'invite-dialog-no-pipelines');
    // One pipeline back: the warning goes, "All pipelines" shows a partial choice.
    await dialog.getByRole('checkbox', { name: 'Instagram DMs' }).check();
    await dialog.getByText('No pipelines chosen').waitFor({ state: 'detached' });
    expect(await all.isChecked()).toBe(false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('invites a teammate limited to one pipeline, and refuses an invitation beyond the seats', async () => {
    await invite(demo, MATE.email, { pipeline: 'Instagram DMs' });
    await expect.poll(() => demo.getByTestId('seats').innerText()).toMatch(/1 of 1/);
    await expect(demo.getByRole('button', { name: 'Invite member' }).isDisabled()).resolves.toBe(
      true,
    );
    await demo.getByText('All seats are taken').waitFor();

    const refused = await api(
      demo,
      'POST',
      `/api/teams/${await teamUIDOf(demo, DEMO.team)}/invitations`,
      {
        email: 'one-too-many@example.test',
        role: 'member',
        pipelines: [],
      },
    );
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      error: {
        status: 'resource-exhausted',
        message: expect.stringMatching(/includes 1 team member.*seats are taken/),
      },
    });
  });

  it('the teammate accepts from the e-mail, chooses a first password, accepts the terms and lands in the team', async () => {
    const [link] = await smtp.waitFor(
      MATE.email,
      /https?:\/\/[^\s"<>]+\/login\/invite\/[A-Za-z0-9_-]+/,
    );
    await mate.goto(link);
    await mate.getByLabel(/^Your name/).fill(MATE.name);
    await mate.getByRole('button', { name: 'Accept invitation' }).click();
    await mate.waitForURL(/\/password-reset\?.*initial=true/, { timeout: 20_000 });
    await mate.getByLabel(/^New password/).fill(MATE.password);
    await mate.getByLabel(/^Confirm new password/).fill(MATE.password);
    await mate.getByRole('button', { name: 'Save password' }).click();
    await mate.waitForURL(/\/accept-terms/, { timeout: 20_000 });
    await mate.getByRole('button', { name: 'I accept' }).click();
    await mate.waitForURL(/\/contacts\/pipeline/, { timeout: 20_000 });
    await mate.getByRole('button', { name: new RegExp(`Current team: ${DEMO.team}`) }).waitFor();
  });

  it('a member limited to one pipeline sees only it; the other answers 404 in the UI and the API', async () => {
    const teamUID = await teamUIDOf(mate, DEMO.team);
    const visible = (await api(mate, 'GET', `/api/teams/${teamUID}/pipelines`)).body.pipelines as {
      nickName: string;
    }[];
    expect(visible.map((p) => p.nickName)).toEqual(['Instagram DMs']);
    await mate.getByLabel(/^Followed: \d+ contacts$/).waitFor();
    expect(await mate.getByLabel(/^New Lead: \d+ contacts$/).count()).toBe(0);

    const all = (await api(demo, 'GET', `/api/teams/${teamUID}/pipelines`)).body.pipelines as {
      groupUID: string;
      nickName: string;
    }[];
    const hidden = all.find((p) => p.nickName === 'Facebook Group Leads')!;
    const viaApi = await api(
      mate,
      'GET',
      `/api/teams/${teamUID}/pipelines/${hidden.groupUID}/board`,
    );
    expect(viaApi.status).toBe(404);
    await mate.goto(`${app.url}/contacts/pipeline/${hidden.groupUID}`);
    await mate.getByText('Pipeline not found').waitFor();
  });

  it('one person in two teams works in two tabs, each writing to its own team', async () => {
    // Olivia invites Dana (who owns the demo team) as an admin of Acme; Dana accepts signed in.
    await invite(owner, DEMO.email, { role: 'Admin' });
    const [link] = await smtp.waitFor(
      DEMO.email,
      /https?:\/\/[^\s"<>]+\/login\/invite\/[A-Za-z0-9_-]+/,
    );
    await demo.goto(link);
    await demo.getByRole('button', { name: 'Accept invitation' }).click();
    await expect
      .poll(async () => ((await api(demo, 'GET', '/api/me')).body.teams as unknown[]).length)
      .toBe(2);

    const demoTab = demo;
    const acmeTab = await demo.context().newPage();
    await demoTab.goto(`${app.url}/profile/team`);
    await demoTab.getByRole('button', { name: /Current team: / }).click();
    await demoTab.getByRole('menuitem', { name: new RegExp(DEMO.team) }).click();
    await acmeTab.goto(`${app.url}/profile/team`);
    await acmeTab.getByRole('button', { name: /Current team: / }).click();
    await acmeTab.getByRole('menuitem', { name: new RegExp(OWNER.team) }).click();
    await acmeTab
      .getByRole('button', { name: new RegExp(`Current team: ${OWNER.team}`) })
      .waitFor();

    // Each tab keeps its own team across a reload, whatever the other chose last.
    await demoTab.reload();
    await demoTab.getByRole('button', { name: new RegExp(`Current team: ${DEMO.team}`) }).waitFor();

    // A write from the Acme tab lands in Acme only.
    await invite(acmeTab, 'new-hire@acme.test');
    const acmeUID = await teamUIDOf(acmeTab, OWNER.team);
    const demoUID = await teamUIDOf(demoTab, DEMO.team);
    const emails = async (teamUID: string) =>
      (
        (await api(demoTab, 'GET', `/api/teams/${teamUID}/members`)).body.invitations as {
          email: string;
        }[]
      ).map((i) => i.email);
    expect(await emails(acmeUID)).toContain('new-hire@acme.test');
    expect(await emails(demoUID)).not.toContain('new-hire@acme.test');
    await demoTab.goto(`${app.url}/profile/team`);
    await demoTab.getByRole('table', { name: 'Team members' }).waitFor();
    expect(await demoTab.getByText('new-hire@acme.test').count()).toBe(0);
    await acmeTab.close();
  });
});
