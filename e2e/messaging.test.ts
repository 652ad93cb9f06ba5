/**
 * Message templates as people use them (issue 8), on the production build with the demo team:
 * at /setup/messaging the owner writes a template with variables, a fallback and spintax, sees
 * an unknown variable refused as they type, sees the preview filled for a contact, and saves;
 * on the contact page "Message" fills the same template for that contact (the very text the
 * preview showed) and "Mark as sent" logs a message activity on the timeline. The outreach queue:
 * the composer queues a message exactly as written (emoji, lines, braces), Messages shows it in
 * the owner's queue; a teammate's message for the owner waits in "To review" until approved;
 * the sending limits are saved per platform.
 * With E2E_SCREENSHOTS=<dir> it saves the setup screen, the composer and the queue screens.
 */
import { fillTemplate, templateSeed } from '@leadloom/core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltApp, type RunningApp } from './app-server';
import { launchBrowser, requireChromium } from './browser';
import { api, joinAsTeammate, signInThroughForm } from './session';

const SHOTS = process.env.E2E_SCREENSHOTS;
const BODY = '{Hello|Hi|Hey} {{firstName|there}}, {{lastName|friend}}! {{senderFirstName}} here.';

describe.skipIf(requireChromium())('message templates in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let teamUID: string;
  let GTID: string;
  /** What the template gives Pia: the demo owner is Dana Demo; Pia has no last name. */
  let expected: string;

  beforeAll(async () => {
    app = await startBuiltApp();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
    await signInThroughForm(page, app.url, 'demo@leadloom.dev', 'leadloom-demo');
    const me = await api(page, 'GET', '/api/me');
    teamUID = (me.body.currentTeam as { teamUID: string }).teamUID;
    const created = await api(page, 'POST', `/api/teams/${teamUID}/contacts`, {
      firstName: 'Pia',
      emailAddress: 'pia@preview.example',
    });
    expect(created.status).toBe(201);
    GTID = (created.body.contact as { GTID: string }).GTID;
    expected = fillTemplate(
      BODY,
      { firstName: 'Pia', lastName: '', senderFirstName: 'Dana', senderName: 'Dana Demo' },
      templateSeed(BODY, GTID),
    ).text;
    expect(expected).toMatch(/^(Hello|Hi|Hey) Pia, friend! Dana here\.$/);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('writes a template: unknown variables are named as you type, the preview is filled for a contact', async () => {
    await page.goto(`${app.url}/setup/messaging`);
    await page.getByRole('button', { name: 'New template' }).click();
    await page.getByLabel('Name').fill('Friendly hello');
    const message = page.getByLabel('Message', { exact: true });
    const problems = page.locator('#template-problems [role=alert]');
    await message.fill('Hi {{firstname}}');
    await expect
      .poll(() => problems.allTextContents())
      .toContainEqual(
        expect.stringContaining('Unknown variable {{firstname}} (did you mean {{firstName}}?).'),
      );
    expect(await page.getByRole('button', { name: 'Save template' }).isDisabled()).toBe(true);

    await message.fill(BODY);
    await expect.poll(() => problems.count()).toBe(0);
    const picker = page.getByRole('textbox', { name: 'Preview for contact' });
    await picker.click();
    await picker.fill('Pia');
    await page.getByRole('option', { name: 'Pia', exact: true }).click();
    await expect.poll(() => page.getByTestId('template-preview').textContent()).toBe(expected);
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: join(SHOTS, 'setup-messaging.png') });
    }

    await message.press('Control+Enter');
    await page.getByText('Saved the template “Friendly hello”.').waitFor();
    const list = await api(page, 'GET', `/api/teams/${teamUID}/message-templates`);
    const saved = (list.body.templates as { name: string; body: string }[]).find(
      (t) => t.name === 'Friendly hello',
    );
    expect(saved?.body).toBe(BODY);
  });

  it('the composer fills the template for the contact as previewed, and "sent" is logged', async () => {
    await page.goto(`${app.url}/contact/${GTID}`);
    await page.getByRole('button', { name: 'Message' }).click();
    await page.getByRole('textbox', { name: 'Template' }).click();
    await page.getByRole('option', { name: 'Friendly hello' }).click();
    const text = page.getByRole('textbox', { name: 'Message to send' });
    await expect.poll(() => text.inputValue()).toBe(expected);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'message-composer.png') });
    await page.getByRole('button', { name: 'Mark as sent' }).click();
    await page.getByText('Logged the message to Pia.').waitFor();
    // The timeline shows it, and the activity holds the text sent.
    await page.getByText(expected).first().waitFor();
    const activities = await api(page, 'GET', `/api/teams/${teamUID}/contacts/${GTID}/activities`);
    const message = (activities.body.activities as { type: string; note?: string }[]).find(
      (a) => a.type === 'message',
    );
    expect(message?.note).toBe(expected);
  });
  it('queues a message from the contact page; a teammate’s waits for review; limits are saved', async () => {
    const me = await api(page, 'GET', '/api/me');
    const ownerUID = (me.body as { uid: string }).uid;
    const created = await api(page, 'POST', `/api/teams/${teamUID}/contacts`, {
      firstName: 'Lea',
      lastName: 'Lake',
      profiles: { facebook: 'https://www.facebook.com/lea.lake' },
    });
    expect(created.status).toBe(201);
    const lea = (created.body.contact as { GTID: string }).GTID;
    const written = 'Hi Lea 👋\nSee you {soon} | bye';

    await page.goto(`${app.url}/contact/${lea}`);
    await page.getByRole('button', { name: 'Message' }).click();
    await page.getByRole('textbox', { name: 'Message to send' }).fill(written);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'queue-composer.png') });
    await page.getByRole('button', { name: 'Queue message' }).click();
    await page.getByText('Queued for Lea Lake on Facebook: it goes out from your queue.').waitFor();

    // Exactly as written: the braces and the bar are text, not template syntax.
    const queued = await api(page, 'GET', `/api/teams/${teamUID}/outreach/items?box=sending`);
    const mine = (queued.body.items as { GTID: string; text: string; status: string }[]).filter(
      (i) => i.GTID === lea,
    );
    expect(mine).toEqual([expect.objectContaining({ text: written, status: 'approved' })]);
    await page.goto(`${app.url}/messages/queue`);
    await page.getByTestId('queue-item').filter({ hasText: 'See you {soon} | bye' }).waitFor();

    // A teammate queues a message from the owner's account: it waits for the owner's review.
    const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
    const mate = await context.newPage();
    await joinAsTeammate(
      page,
      mate,
      app.url,
      teamUID,
      {
        name: 'Milo Mate',
        email: 'milo.mate@example.com',
        password: 'milo-mate-password',
      },
      [],
      'admin',
    );
    const fromMate = await api(mate, 'POST', `/api/teams/${teamUID}/outreach/items`, {
      platform: 'facebook',
      GTIDs: [lea],
      text: 'Hello {{firstName}}, Milo here for Dana',
      queuedToUID: ownerUID,
    });
    expect(fromMate.status).toBe(201);
    await context.close();

    await page.goto(`${app.url}/messages/review`);
    const pending = page
      .getByTestId('queue-item')
      .filter({ hasText: 'Hello Lea, Milo here for Dana' });
    await pending.waitFor();
    await expect.poll(() => pending.textContent()).toContain('by Milo Mate');
    // The navigation says there is something to review, wherever the owner is.
    const navBadge = page.getByRole('navigation').getByLabel('1 to review');
    await navBadge.waitFor();
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'messages-review.png') });
    await pending.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Approved 1 message.').waitFor();
    await page.getByText('Nothing to review').waitFor();
    await navBadge.waitFor({ state: 'detached' });
    await page.goto(`${app.url}/messages/queue`);
    await page.getByTestId('queue-item').filter({ hasText: 'Milo here for Dana' }).waitFor();
    if (SHOTS) {
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: join(SHOTS, `messages-queue-${scheme}.png`) });
      }
      await page.emulateMedia({ colorScheme: 'light' });
    }

    // The processor window the extension opens shows what goes out next.
    await page.goto(`${app.url}/queue/facebook`);
    await page.getByRole('heading', { name: 'Facebook queue processor' }).waitFor();
    await page.getByText('Milo here for Dana').waitFor();
    expect(await page.title()).toBe('Leadloom 2.0 | Queue Processor - Facebook');
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'queue-processor.png') });

    // The owner's limits for Facebook: saved, and the status counts by them.
    await page.goto(`${app.url}/setup/queue/facebook`);
    const hourly = page.getByRole('textbox', { name: /Messages an hour/ });
    await hourly.fill('4');
    await page.getByRole('button', { name: 'Save limits' }).click();
    await page.getByText('Saved your Facebook limits.').waitFor();
    const status = await api(page, 'GET', '/api/outreach/status');
    const fb = (
      status.body.platforms as { platform: string; limits: { hourlySends: number } }[]
    ).find((p) => p.platform === 'facebook');
    expect(fb?.limits.hourlySends).toBe(4);
    await hourly.fill('21');
    // Past the hard ceiling: named at once, and nothing can be saved.
    await page.getByText('At most 20').waitFor();
    expect(await page.getByRole('button', { name: 'Save limits' }).isDisabled()).toBe(true);
    if (SHOTS) {
      await hourly.fill('4');
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: join(SHOTS, `queue-setup-${scheme}.png`), fullPage: true });
      }
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: join(SHOTS, 'queue-setup-phone-dark.png'), fullPage: true });
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(`${app.url}/messages/queue`);
      await page.getByTestId('queue-item').first().waitFor();
      await page.screenshot({ path: join(SHOTS, 'messages-queue-phone.png'), fullPage: true });
      await page.setViewportSize({ width: 1360, height: 900 });
    }
  });
});
