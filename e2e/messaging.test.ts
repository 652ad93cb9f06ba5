/**
 * Message templates as people use them (issue 8), on the production build with the demo team:
 * at /setup/messaging the owner writes a template with variables, a fallback and spintax, sees
 * an unknown variable refused as they type, sees the preview filled for a contact, and saves;
 * on the contact page "Message" fills the same template for that contact (the very text the
 * preview showed) and "Mark as sent" logs a message activity on the timeline.
 * With E2E_SCREENSHOTS=<dir> it saves the setup screen and the composer.
 */
import { fillTemplate, templateSeed } from '@leadloom/core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltApp, type RunningApp } from './app-server';
import { launchBrowser, requireChromium } from './browser';
import { api, signInThroughForm } from './session';

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
});
