/**
 * Sign-up with mail on (SMTP_URL), on the production build with a real SMTP receiver on loopback:
 * the form answers a new and a registered address with the same "check your mail" screen and
 * signs nobody in; the new address's link makes the account and lands on the board after the
 * terms, the registered address's owner gets a notice instead.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltApp, type RunningApp } from './app-server';
import { launchBrowser, requireChromium } from './browser';
import { startSmtpReceiver, type SmtpReceiver } from './smtp';
import { api } from './session';

const DEMO = { email: 'demo@leadloom.dev', name: 'Demo' };
const NEW = { name: 'Nora Newcomer', email: 'nora@newco.test', password: 'nora-pass-1' };

describe.skipIf(requireChromium())('sign-up with mail in the browser', () => {
  let app: RunningApp;
  let smtp: SmtpReceiver;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    contexts.push(context);
    return context.newPage();
  }

  /** Fills and sends the sign-up form; answers the screen's text with the address masked. */
  async function signUpThroughForm(page: Page, name: string, email: string): Promise<string> {
    await page.goto(`${app.url}/login/signup`);
    await page.getByLabel(/^Your name/).fill(name);
    await page.getByLabel(/^E-mail/).fill(email);
    await page.getByLabel(/^Password/).fill(NEW.password);
    await page.getByLabel(/^Team name/).fill('Newco');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page
      .getByText(`Check your mail: we sent a link to ${email} to finish signing up.`)
      .waitFor();
    return (await page.locator('body').innerText()).replaceAll(email, '<address>');
  }

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    app = await startBuiltApp({ SMTP_URL: smtp.url });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await app?.stop();
    await smtp?.close();
  });

  it('shows the same screen for a registered address and mails its owner a notice', async () => {
    const fresh = await newPage();
    const known = await newPage();
    const freshScreen = await signUpThroughForm(fresh, NEW.name, NEW.email);
    const knownScreen = await signUpThroughForm(known, 'Someone Else', DEMO.email);
    expect(knownScreen).toBe(freshScreen);
    // Nobody is signed in by the form.
    for (const page of [fresh, known]) {
      expect(await page.evaluate(async () => (await fetch('/api/auth/token')).status)).toBe(401);
    }
    const [notice] = await smtp.waitFor(DEMO.email, /Someone tried to sign up[\s\S]*/);
    expect(notice).toContain(`${app.url}/login`);
    expect(notice).toContain(`${app.url}/password-reset`);
    expect(notice).not.toMatch(/signup\/confirm/);
  });

  it('makes the account from the mailed link and lands on the board after the terms', async () => {
    const [link] = await smtp.waitFor(
      NEW.email,
      /http:\/\/\S+\/login\/signup\/confirm\?token=[\w-]+/,
    );
    const page = await newPage();
    await page.goto(link);
    await page.waitForURL(/\/accept-terms/, { timeout: 20_000 });
    await page.getByRole('button', { name: 'I accept' }).click();
    await page.waitForURL(/\/contacts\/pipeline/, { timeout: 20_000 });
    await page.getByRole('button', { name: /Current team: Newco/ }).waitFor();
    expect((await api(page, 'GET', '/api/me')).body).toMatchObject({
      name: NEW.name,
      email: NEW.email,
    });

    // The link works once: opened again, it says so instead of making anything.
    const again = await newPage();
    await again.goto(link);
    await again.getByText('This sign-up link was already used. Sign in instead.').waitFor();
  });
});
