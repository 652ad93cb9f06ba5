/**
 * Pipeline setup as people use it (issue 5), on the production build: the owner creates a
 * pipeline with stages (the placeholder "Set Stage..." comes first), adds and edits a stage,
 * reorders stages and pipelines with the keyboard, sees the new stages on the board, deletes a
 * stage with contacts (they move, and the confirmation says how many), and hits the plan's
 * pipeline limit with its message. A member sees the setup read-only.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltApp, type RunningApp } from './app-server';
import { launchBrowser, requireChromium } from './browser';
import { startSmtpReceiver, type SmtpReceiver } from './smtp';
import { api, signInThroughForm } from './session';
import { shoot } from './shots';

const DEMO = { email: 'demo@leadloom.dev', password: 'leadloom-demo' };
const MATE = { name: 'Sam Setup', email: 'sam@example.test', password: 'sam-setup-1' };

interface StageAnswer {
  stageUID: string;
  name: string;
  count: number;
  placeholder: boolean;
}

describe.skipIf(requireChromium())('pipeline setup in the browser', () => {
  let app: RunningApp;
  let smtp: SmtpReceiver;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let page: Page;
  let teamUID: string;
  let webinarUID: string;

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
    contexts.push(context);
    return context.newPage();
  }

  const stagesOf = async (groupUID: string) =>
    (
      (await api(page, 'GET', `/api/teams/${teamUID}/pipelines/${groupUID}`)).body
        .stages as StageAnswer[]
    ).map((s) => s.name);

  /** Picks up the n-th drag handle with the keyboard, moves it up `steps` places and drops it. */
  async function keyboardMoveUp(n: number, steps: number) {
    await page.getByRole('button', { name: 'Drag to reorder' }).nth(n).focus();
    await page.keyboard.press('Space');
    for (let i = 0; i < steps; i++) {
      await page.waitForTimeout(150);
      await page.keyboard.press('ArrowUp');
    }
    await page.waitForTimeout(150);
    await page.keyboard.press('Space');
  }

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    app = await startBuiltApp({ SMTP_URL: smtp.url });
    browser = await launchBrowser();
    page = await newPage();
    await signInThroughForm(page, app.url, DEMO.email, DEMO.password);
    teamUID = ((await api(page, 'GET', '/api/me')).body as { teamUID: string }).teamUID;
  });

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    await app?.stop();
    await smtp?.close();
  });

  it('creates a pipeline with stages; the placeholder comes first', async () => {
    await page.goto(`${app.url}/setup/pipelines`);
    await page.waitForURL(/\/setup\/pipelines\/[^/]+\/stages$/);
    await page.getByRole('button', { name: 'New pipeline' }).click();
    const dialog = page.getByRole('dialog', { name: 'New pipeline' });
    await dialog.getByLabel('Name').fill('Webinar Signups');
    for (const stage of ['Registered', 'Attended']) {
      await dialog.getByLabel('Stages').fill(stage);
      await dialog.getByLabel('Stages').press('Enter');
    }
    await dialog.getByRole('button', { name: 'Create pipeline' }).click();
    await page.getByRole('heading', { name: 'Webinar Signups' }).waitFor();
    webinarUID = decodeURIComponent(page.url().split('/setup/pipelines/')[1]!.split('/')[0]!);
    expect(await stagesOf(webinarUID)).toEqual(['Set Stage...', 'Registered', 'Attended']);
    await page.getByRole('button', { name: 'Locked: always first' }).waitFor();
  });

  it('adds a stage, edits one through its URL, and reorders them with the keyboard', async () => {
    await page.getByLabel('New stage name').fill('Bought');
    await page.getByLabel('New stage name').press('Enter');
    await page.getByText('Stage "Bought" added.').waitFor();

    await page.getByRole('button', { name: 'Edit Attended' }).click();
    await page.waitForURL(/\/stages\/[^/]+$/);
    const editor = page.getByRole('form', { name: 'Edit Attended' });
    await editor.getByLabel('Name').fill('Attended live');
    await editor.getByLabel('Description').fill('Stayed to the end');
    await editor.getByLabel('Description').press('Enter');
    await page.getByText('Stage "Attended live" saved.').waitFor();
    await page.waitForURL(/\/stages$/);

    await keyboardMoveUp(2, 2); // "Bought" to the top (after the locked placeholder)
    await page.getByText('Stage order saved.').waitFor();
    await expect
      .poll(() => stagesOf(webinarUID))
      .toEqual(['Set Stage...', 'Bought', 'Registered', 'Attended live']);
  });

  it('shows the new pipeline and its stages on the board', async () => {
    await page.goto(`${app.url}/contacts/pipeline/${webinarUID}`);
    await page.getByLabel(/^Bought: 0 contacts$/).waitFor();
    await page.getByLabel(/^Attended live: 0 contacts$/).waitFor();
  });

  it('deletes a stage with contacts: the confirmation names them and they move', async () => {
    const pipelines = (await api(page, 'GET', `/api/teams/${teamUID}/pipelines`)).body
      .pipelines as { groupUID: string; isDefault: boolean }[];
    const main = pipelines.find((p) => p.isDefault)!.groupUID;
    const before = (await api(page, 'GET', `/api/teams/${teamUID}/pipelines/${main}`)).body
      .stages as StageAnswer[];
    const doomed = before.find((s) => !s.placeholder && s.count > 0)!;
    const placeholder = before.find((s) => s.placeholder)!;

    await page.goto(`${app.url}/setup/pipelines/${main}/stages`);
    await page.getByRole('button', { name: `Delete ${doomed.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Delete stage "${doomed.name}"?` });
    const inStage = doomed.count === 1 ? '1 contact is' : `${doomed.count} contacts are`;
    await dialog.getByText(`${inStage} in this stage`).waitFor();
    await dialog.getByRole('button', { name: `Delete and move ${doomed.count} contact` }).click();
    await page.getByText(`moved to "Set Stage..."`).waitFor();
    const after = (await api(page, 'GET', `/api/teams/${teamUID}/pipelines/${main}`)).body
      .stages as StageAnswer[];
    expect(after.map((s) => s.name)).not.toContain(doomed.name);
    expect(after.find((s) => s.placeholder)!.count).toBe(placeholder.count + doomed.count);
  });

  it('orders pipelines with the keyboard on the order screen, and the order sticks', async () => {
    await page.goto(`${app.url}/setup/pipelines-order`);
    await page.getByRole('link', { name: 'Webinar Signups' }).waitFor();
    await keyboardMoveUp(2, 2);
    await page.getByText('Pipeline order saved.').waitFor();
    const order = async () =>
      (
        (await api(page, 'GET', `/api/teams/${teamUID}/pipelines`)).body.pipelines as {
          nickName: string;
        }[]
      ).map((p) => p.nickName);
    await expect.poll(order).toEqual(['Webinar Signups', 'Facebook Group Leads', 'Instagram DMs']);
    await page.reload();
    await expect
      .poll(() => page.getByLabel('Pipelines in order').getByRole('link').allInnerTexts())
      .toEqual(['Webinar Signups', 'Facebook Group Leads', 'Instagram DMs']);
  });

  it("a new pipeline asks none of the team's questions until it picks some; the group's pipeline keeps its own", async () => {
    const groupQuestion = 'What brought you to the group?';
    const picked = 'What is your biggest challenge with getting clients right now?';
    const created = await api(page, 'POST', `/api/teams/${teamUID}/contacts`, {
      firstName: 'Quinn',
      lastName: 'Questions',
      pipelineUID: webinarUID,
    });
    expect(created.status).toBe(201);
    const gtid = (created.body.contact as { GTID: string }).GTID;
    const answersTab = `${app.url}/contact/${gtid}/answers/${webinarUID}`;
    await page.goto(answersTab);
    await page
      .getByText('Webinar Signups asks no questions yet.')
      .or(page.getByLabel(groupQuestion))
      .waitFor({ timeout: 20_000 });
    expect(await page.getByLabel(groupQuestion).count()).toBe(0);

    // The pipeline picks one question of the team's bank.
    await page.goto(`${app.url}/setup/pipelines/${webinarUID}/questions`);
    const ask = (question: string, pipeline: string) =>
      page.getByRole('checkbox', { name: `Ask "${question}" in ${pipeline}` });
    await ask(groupQuestion, 'Webinar Signups').waitFor();
    expect(await ask(groupQuestion, 'Webinar Signups').isChecked()).toBe(false);
    await ask(picked, 'Webinar Signups').check();
    await expect
      .poll(async () => {
        const detail = await api(page, 'GET', `/api/teams/${teamUID}/pipelines/${webinarUID}`);
        return (detail.body.pipeline as { questions: string[] }).questions.length;
      })
      .toBe(1);
    await shoot(page, 'pipeline-questions');

    // The Facebook group's pipeline still asks all of its questions.
    const pipelines = (await api(page, 'GET', `/api/teams/${teamUID}/pipelines`)).body
      .pipelines as { groupUID: string; nickName: string }[];
    const facebook = pipelines.find((p) => p.nickName === 'Facebook Group Leads')!.groupUID;
    await page.goto(`${app.url}/setup/pipelines/${facebook}/questions`);
    await ask(groupQuestion, 'Facebook Group Leads').waitFor();
    expect(await ask(groupQuestion, 'Facebook Group Leads').isChecked()).toBe(true);

    await page.goto(answersTab);
    await page.getByLabel(picked).waitFor({ timeout: 20_000 });
    expect(await page.getByLabel(groupQuestion).count()).toBe(0);
  });

  it('shows the plan limit message when the tier has no pipeline left', async () => {
    for (let i = 0; i < 7; i++) {
      const res = await api(page, 'POST', `/api/teams/${teamUID}/pipelines`, {
        nickName: `Extra ${i}`,
      });
      expect(res.status).toBe(201);
    }
    await page.goto(`${app.url}/setup/pipelines`);
    await page.getByRole('button', { name: 'New pipeline' }).click();
    const dialog = page.getByRole('dialog', { name: 'New pipeline' });
    await dialog.getByLabel('Name').fill('One too many');
    await dialog.getByRole('button', { name: 'Create pipeline' }).click();
    await dialog
      .getByText(
        'Your plan includes 10 pipelines and all are in use. Delete a pipeline or upgrade your plan.',
      )
      .waitFor();
  });

  it('a member sees the setup read-only', async () => {
    await page.goto(`${app.url}/profile/team`);
    await page.getByRole('button', { name: 'Invite member' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite a member' });
    await invite.getByLabel(/^E-mail/).fill(MATE.email);
    await invite.getByRole('checkbox', { name: 'All pipelines' }).uncheck();
    await invite.getByRole('checkbox', { name: 'Webinar Signups' }).check();
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await invite.waitFor({ state: 'hidden' });
    const [link] = await smtp.waitFor(
      MATE.email,
      /https?:\/\/[^\s"<>]+\/login\/invite\/[A-Za-z0-9_-]+/,
    );
    const mate = await newPage();
    await mate.goto(link!);
    await mate.getByLabel(/^Your name/).fill(MATE.name);
    await mate.getByRole('button', { name: 'Accept invitation' }).click();
    await mate.waitForURL(/\/password-reset\?.*initial=true/, { timeout: 20_000 });
    await mate.getByLabel(/^New password/).fill(MATE.password);
    await mate.getByLabel(/^Confirm new password/).fill(MATE.password);
    await mate.getByRole('button', { name: 'Save password' }).click();
    await mate.waitForURL(/\/accept-terms/, { timeout: 20_000 });
    await mate.getByRole('button', { name: 'I accept' }).click();
    await mate.waitForURL(/\/contacts\/pipeline/, { timeout: 20_000 });

    await mate.goto(`${app.url}/setup/pipelines/${webinarUID}/stages`);
    await mate.getByText('You can look at the setup; team owners and admins change it.').waitFor();
    await mate.getByText('Bought').first().waitFor();
    for (const name of ['New pipeline', 'Delete pipeline', 'Add stage', 'Drag to reorder']) {
      expect(await mate.getByRole('button', { name }).count(), name).toBe(0);
    }
    expect(await mate.getByRole('button', { name: /^Edit / }).count()).toBe(0);

    // A pipeline the member was not given is not there for them: the screen falls back to theirs.
    const pipelines = (await api(page, 'GET', `/api/teams/${teamUID}/pipelines`)).body
      .pipelines as { groupUID: string; nickName: string }[];
    const hidden = pipelines.find((p) => p.nickName === 'Facebook Group Leads')!.groupUID;
    expect((await api(mate, 'GET', `/api/teams/${teamUID}/pipelines/${hidden}`)).status).toBe(404);
    await mate.goto(`${app.url}/setup/pipelines/${hidden}/stages`);
    await mate.waitForURL(new RegExp(`/setup/pipelines/${webinarUID}/stages$`));
  });

  it('shows toasts clear of the header controls, and the same toast again counts up on it', async () => {
    await page.goto(`${app.url}/setup/pipelines/${webinarUID}/stages`);
    const header = page.locator('.mantine-AppShell-header');
    const controls = header.locator('button, a, input');
    await header.getByRole('button', { name: /^Notifications/ }).waitFor();
    const controlBoxes = await controls.evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return {
          name: el.getAttribute('aria-label') ?? el.textContent,
          x: r.x,
          y: r.y,
          w: r.width,
          h: r.height,
        };
      }),
    );
    expect(controlBoxes.length).toBeGreaterThanOrEqual(5);
    const toasts = page.locator('.mantine-Notification-root');
    const addStage = async (name: string) => {
      await page.getByLabel('New stage name').fill(name);
      await page.getByLabel('New stage name').press('Enter');
      await expect
        .poll(() => page.getByLabel('New stage name').inputValue(), { timeout: 15_000 })
        .toBe('');
    };

    // Three stages in a row: three toasts, none over search, notifications, help or the menu.
    for (const name of ['Call booked', 'Demo given', 'Closed']) await addStage(name);
    await toasts.filter({ hasText: 'Stage "Closed" added.' }).waitFor();
    await expect.poll(() => toasts.count()).toBeGreaterThanOrEqual(3);
    for (const toast of await toasts.all()) {
      const t = (await toast.boundingBox())!;
      for (const c of controlBoxes) {
        const apart =
          t.x + t.width <= c.x || c.x + c.w <= t.x || t.y + t.height <= c.y || c.y + c.h <= t.y;
        expect(apart, `a toast covers the header's ${c.name}`).toBe(true);
      }
    }

    // Nor over the extension warning's bar at the bottom (this browser has no extension): they
    // sit above it, its link free. A toast slides in from below: judged where it comes to rest.
    const bar = (await page.locator('[data-extension-warning]').boundingBox())!;
    const lowestToastEdge = async () => {
      const boxes = await Promise.all((await toasts.all()).map((t) => t.boundingBox()));
      return Math.max(...boxes.map((b) => (b ? b.y + b.height : Infinity)));
    };
    await expect
      .poll(lowestToastEdge, { message: "a toast covers the extension warning's bar" })
      .toBeLessThanOrEqual(bar.y);

    // The same toast three times is one toast saying so.
    for (let i = 0; i < 3; i++) await addStage('Follow-up');
    const repeated = toasts.filter({ hasText: 'Stage "Follow-up" added.' });
    await repeated.filter({ hasText: '×3' }).waitFor();
    expect(await repeated.count()).toBe(1);
  });

  it("fits a phone: the pipeline's name, Default, Delete and every stage's name show whole", async () => {
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${app.url}/setup/pipelines`);
      await page.waitForURL(/\/setup\/pipelines\/[^/]+\/stages$/);
      await page.getByRole('button', { name: 'Delete pipeline' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      const del = (await page.getByRole('button', { name: 'Delete pipeline' }).boundingBox())!;
      expect(del.x + del.width).toBeLessThanOrEqual(390);
      // Text cut short with an ellipsis, or by a one-line clamp, in the pipeline's pane.
      const cut = await page.locator('main').evaluate((main) =>
        Array.from(main.querySelectorAll<HTMLElement>('*'))
          .filter((el) => {
            const s = getComputedStyle(el);
            if (!el.textContent?.trim() || el.getClientRects().length === 0) return false;
            return (
              (s.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1) ||
              (s.webkitLineClamp !== 'none' && el.scrollHeight > el.clientHeight + 1)
            );
          })
          .map((el) => el.textContent!.trim()),
      );
      expect(cut).toEqual([]);
    } finally {
      await page.setViewportSize({ width: 1360, height: 900 });
    }
  });
});
