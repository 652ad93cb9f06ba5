/**
 * The admin area in the browser (issue 4 "Admin area, the rest"), on the production build:
 * - a signed-up owner (not super) who opens /admin or /admin/users lands on the pipeline route
 *   (SPEC §2);
 * - a super admin sees every admin tab render its content, adds a training video and an
 *   announcement and finds both in GET /api/settings/public, and switches a feature flag;
 * - the mail log shows a reset mail with its link's token masked (as text, not a link);
 * - the analytics tab lists real events, and its filter, limit and refresh send the calls of
 *   the agreed contract (checked against a routed answer).
 *
 * With E2E_SCREENSHOTS=<dir> it also saves each of the new tabs in light and dark.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltApp, SUPER_ADMIN_START_MS, type RunningApp } from './app-server';
import { launchBrowser, requireChromium } from './browser';
import { api } from './session';

const DEMO = { email: 'demo@leadloom.dev', password: 'leadloom-demo' };
const OWNER = {
  name: 'Nora Nonsuper',
  email: 'nora@plain.test',
  password: 'nora-owner-1',
  team: 'Plain Team',
};
const SHOTS = process.env.E2E_SCREENSHOTS;

describe.skipIf(requireChromium())('the admin area in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let owner: Page;
  let demo: Page;

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    contexts.push(context);
    return context.newPage();
  }

  async function shoot(page: Page, name: string) {
    if (!SHOTS) return;
    mkdirSync(SHOTS, { recursive: true });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: join(SHOTS, `admin-${name}-${scheme}.png`), fullPage: true });
    }
    await page.emulateMedia({ colorScheme: 'light' });
  }

  async function openTab(tab: string, content: Locator) {
    await demo.goto(`${app.url}/admin/${tab}`);
    await expect.poll(() => demo.getByRole('tab', { selected: true }).textContent()).toBeTruthy();
    await content.first().waitFor({ timeout: 15_000 });
  }

  beforeAll(async () => {
    app = await startBuiltApp({}, { superAdmins: [DEMO.email] });
    browser = await launchBrowser();
    owner = await newPage();
    demo = await newPage();
  }, SUPER_ADMIN_START_MS);

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await app?.stop();
  });

  it('sends a signed-up owner who is not super from /admin to the pipeline', async () => {
    await owner.goto(`${app.url}/login/signup`);
    await owner.getByLabel(/^Your name/).fill(OWNER.name);
    await owner.getByLabel(/^E-mail/).fill(OWNER.email);
    await owner.getByLabel(/^Password/).fill(OWNER.password);
    await owner.getByLabel(/^Team name/).fill(OWNER.team);
    await owner.getByRole('button', { name: 'Create account' }).click();
    await owner.waitForURL(/\/accept-terms/, { timeout: 20_000 });
    await owner.getByRole('button', { name: 'I accept' }).click();
    await owner.waitForURL(/\/contacts\/pipeline/, { timeout: 20_000 });

    for (const path of ['/admin', '/admin/users', '/admin/videos']) {
      await owner.goto(`${app.url}${path}`);
      await owner.waitForURL(/\/contacts\/pipeline/, { timeout: 20_000 });
      expect(await owner.getByRole('tab', { name: 'Users' }).count()).toBe(0);
    }
    // The server agrees: the admin calls do not exist for them.
    expect((await api(owner, 'GET', '/api/admin/flags')).status).toBe(404);
    expect((await api(owner, 'GET', '/api/admin/settings/trainingVideos')).status).toBe(404);
  });

  it('shows a super admin every admin tab with its content', async () => {
    await demo.goto(`${app.url}/login`);
    await demo.getByLabel(/^E-mail/).fill(DEMO.email);
    await demo.getByLabel(/^Password/).fill(DEMO.password);
    await demo.getByRole('button', { name: 'Sign in' }).click();
    await demo.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });

    await openTab('users', demo.getByRole('table', { name: 'Users' }).getByText(DEMO.email));
    await openTab('teams', demo.getByRole('table', { name: 'Teams' }).getByText(OWNER.team));
    await openTab(
      'mail',
      demo.getByRole('table', { name: 'Outgoing mail' }).or(demo.getByText('No mail yet')),
    );
    await openTab(
      'flags',
      demo.getByRole('group', { name: 'Flag facebook_auto_responder_access' }),
    );
    await shoot(demo, 'flags');
    await openTab('videos', demo.getByRole('button', { name: 'Add video' }));
    await shoot(demo, 'videos-empty');
    // The demo install's own announcement (written by the demo seed while none is set).
    await openTab('announcements', demo.getByRole('button', { name: 'Add announcement' }));
    await demo.getByRole('group', { name: 'announcement 1' }).waitFor();
    expect(await demo.getByLabel('Title of announcement 1').inputValue()).toBe(
      'Welcome to the Leadloom demo',
    );
    await shoot(demo, 'announcements-demo');

    // Signing in recorded a landing event (boot work) on our own server; the tab lists it.
    const events = demo.getByRole('table', { name: 'Analytics events' });
    await openTab('analytics', events);
    await events
      .getByRole('row')
      .filter({ hasText: 'landing' })
      .filter({ hasText: DEMO.email })
      // The team shows by name (the event carries only its id).
      .filter({ hasText: 'Demo Outreach Team' })
      .first()
      .waitFor();
    await shoot(demo, 'analytics');
  });

  it("shows a reset mail in the mail log with its link's token masked, as text", async () => {
    const found = await api(demo, 'GET', `/api/admin/users?q=${encodeURIComponent(OWNER.email)}`);
    const [nora] = found.body.users as { uid: string }[];
    expect((await api(demo, 'POST', `/api/admin/users/${nora!.uid}/reset-password`)).status).toBe(
      200,
    );
    const log = demo.getByRole('table', { name: 'Outgoing mail' });
    await openTab('mail', log.getByText(OWNER.email));
    await log
      .getByRole('row')
      .filter({ hasText: OWNER.email })
      .first()
      .getByRole('button', { name: 'Reset your Leadloom password' })
      .click();
    const text = demo.getByRole('dialog').getByTestId('mail-text');
    await text.getByText(/password-reset\?token=••••••/).waitFor();
    // The masked link leads nowhere, so it is no link; nothing in the dialog carries a token.
    expect(await text.getByRole('link').count()).toBe(0);
    expect(await demo.getByRole('dialog').innerHTML()).not.toMatch(/token=(?!••••••)/);
    await shoot(demo, 'mail-masked');
    await demo.keyboard.press('Escape');
  });

  it('shows analytics events of the agreed shape, filtered by name and limited', async () => {
    // Answers in the shape of GET /api/admin/analytics (docs/api.md), whoever serves it, so the
    // table, the filter and the limit are checked whether or not the server endpoint is here yet.
    const events = [
      {
        id: 'e2',
        uid: 'u1',
        email: 'demo@leadloom.dev',
        teamUID: 'team-demo',
        name: 'identify',
        properties: { plan: 'pro', seats: 3 },
        createdAt: '2026-11-21T06:00:02.000Z',
      },
      {
        id: 'e1',
        uid: 'u1',
        email: 'demo@leadloom.dev',
        teamUID: 'team-demo',
        name: 'landing',
        properties: { path: '/contacts/pipeline', note: 'x'.repeat(300) },
        createdAt: '2026-11-21T06:00:01.000Z',
      },
    ];
    const asked: URL[] = [];
    await demo.route('**/api/admin/analytics?*', async (route) => {
      const url = new URL(route.request().url());
      asked.push(url);
      const name = url.searchParams.get('name');
      const limit = Number(url.searchParams.get('limit'));
      await route.fulfill({
        json: { events: events.filter((e) => !name || e.name === name).slice(0, limit) },
      });
    });
    try {
      await demo.goto(`${app.url}/admin/analytics`);
      const table = demo.getByRole('table', { name: 'Analytics events' });
      await table.getByText('identify').waitFor();
      expect(await table.locator('tbody tr').count()).toBe(2);
      await table.getByText('{"plan":"pro","seats":3}').waitFor();
      // Long properties are cut to one line.
      expect(await table.getByText(/^\{"path":"\/contacts\/pipeline".*…$/).count()).toBe(1);
      expect(asked.at(-1)?.searchParams.get('limit')).toBe('100');
      await shoot(demo, 'analytics-events');

      await demo.getByLabel('Filter by event name').fill('landing');
      await expect.poll(() => asked.at(-1)?.searchParams.get('name')).toBe('landing');
      await expect.poll(() => table.locator('tbody tr').count()).toBe(1);

      await demo.getByLabel('Filter by event name').fill('nothing-like-this');
      await demo.getByText('No event is named "nothing-like-this".').waitFor();

      await demo.getByLabel('Filter by event name').fill('');
      await demo.getByLabel('Number of events').first().click();
      await demo.getByRole('option', { name: 'Last 50', exact: true }).click();
      // The cleared filter arrives after the search box's debounce; the last call has both.
      await expect.poll(() => asked.at(-1)?.search).toBe('?limit=50');

      const before = asked.length;
      await demo.getByRole('button', { name: 'Refresh' }).click();
      await expect.poll(() => asked.length).toBeGreaterThan(before);
    } finally {
      await demo.unroute('**/api/admin/analytics?*');
    }
  });

  it('publishes a training video and an announcement to the public settings', async () => {
    await demo.goto(`${app.url}/admin/videos`);
    await demo.getByRole('button', { name: 'Add video' }).click();
    await demo.getByLabel('Title of video 1').fill('Getting started');
    await demo.getByLabel('URL of video 1').fill('javascript:alert(1)');
    await demo.getByRole('button', { name: 'Save' }).click();
    // The server names the field; the message sits under that row's URL.
    await demo
      .getByRole('table', { name: 'Training videos' })
      .getByText('Video URL must start with http:// or https://')
      .waitFor();
    expect(await demo.getByLabel('URL of video 1').getAttribute('aria-invalid')).toBe('true');
    await shoot(demo, 'videos-error');
    expect(await demo.getByLabel('Title of video 1').getAttribute('aria-invalid')).not.toBe('true');
    await demo.getByLabel('URL of video 1').fill('https://videos.example/intro');
    await demo.getByLabel('Description of video 1').fill('Five minutes around the board.');
    await demo.getByRole('button', { name: 'Add video' }).click();
    await demo.getByLabel('Title of video 2').fill('Pipelines');
    await demo.getByLabel('URL of video 2').fill('https://videos.example/pipelines');
    await demo.getByRole('button', { name: 'Move video 2 up' }).click();
    await demo.getByRole('button', { name: 'Save' }).click();
    await demo.getByText('The training videos are saved.').waitFor();
    await shoot(demo, 'videos');

    await demo.goto(`${app.url}/admin/announcements`);
    await demo.getByRole('button', { name: 'Add announcement' }).click();
    await demo.getByLabel('Title of announcement 1').fill('Board 2.0 is here');
    await demo.getByLabel('Text of announcement 1').fill('Drag cards between stages.');
    await demo.getByLabel('Link of announcement 1').fill('leadloom news');
    await demo.getByRole('button', { name: 'Save' }).click();
    // The server's `announcements.0.link` lands on the first card's link.
    await demo
      .getByRole('group', { name: 'announcement 1' })
      .getByText('Announcement link must start with http:// or https://')
      .waitFor();
    expect(await demo.getByLabel('Link of announcement 1').getAttribute('aria-invalid')).toBe(
      'true',
    );
    await demo.getByLabel('Link of announcement 1').fill('https://leadloom.dev/news');
    // The preview shows the card as the dashboard will.
    await demo.getByText('Read more').waitFor();
    await demo.getByRole('button', { name: 'Save' }).click();
    await demo.getByText('The announcements are saved.').waitFor();
    await shoot(demo, 'announcements');

    const pub = (await api(owner, 'GET', '/api/settings/public')).body as {
      trainingVideos: { title: string; url: string; description: string }[];
      dashboardData: { announcements: { title: string; text: string; link?: string }[] };
    };
    expect(pub.trainingVideos).toEqual([
      { title: 'Pipelines', url: 'https://videos.example/pipelines', description: '' },
      {
        title: 'Getting started',
        url: 'https://videos.example/intro',
        description: 'Five minutes around the board.',
      },
    ]);
    expect(pub.dashboardData.announcements).toEqual([
      expect.objectContaining({
        title: 'Board 2.0 is here',
        text: 'Drag cards between stages.',
        link: 'https://leadloom.dev/news',
        publishedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
      }),
      // Added at the top; the demo's stays below it.
      expect.objectContaining({ title: 'Welcome to the Leadloom demo' }),
    ]);
  });

  it("switches a flag on for one team and keeps the team's other flags", async () => {
    const teams = (await api(demo, 'GET', `/api/admin/teams?q=${encodeURIComponent(OWNER.team)}`))
      .body.teams as { teamUID: string }[];
    const teamUID = teams[0]!.teamUID;
    expect(
      (await api(demo, 'PUT', `/api/admin/teams/${teamUID}/flags`, { flags: { 'dev-x': true } }))
        .status,
    ).toBe(200);

    await demo.goto(`${app.url}/admin/flags`);
    const card = demo.getByRole('group', { name: 'Flag instagram_bulk_messaging_access' });
    await card.getByLabel('Turn instagram_bulk_messaging_access on for a team').click();
    await demo.getByRole('option', { name: new RegExp(OWNER.team) }).click();
    await card.getByLabel(`instagram_bulk_messaging_access for ${OWNER.team}`).waitFor();
    await demo.getByRole('group', { name: 'Flag dev-x' }).getByText('never enabled').waitFor();

    const detail = await api(demo, 'GET', `/api/admin/flags`);
    const flags = detail.body.flags as {
      name: string;
      teams: { teamUID: string; enabled: boolean }[];
    }[];
    const of = (name: string) =>
      flags.find((f) => f.name === name)?.teams.find((t) => t.teamUID === teamUID);
    expect(of('instagram_bulk_messaging_access')).toMatchObject({ enabled: true });
    expect(of('dev-x')).toMatchObject({ enabled: true });
    await shoot(demo, 'flags-set');
  });
});
