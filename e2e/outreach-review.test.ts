/**
 * The review queue in front of the real extension (SPEC §4): a teammate queues messages from the
 * demo user's account; they wait in the demo user's review queue, and with the demo user's
 * processor open and the server's clock past every gap nothing reaches the fixture Facebook.
 * The demo user approves one in /messages as a person does (it arrives once), edits another
 * before approving it (the edited text arrives), and rejects a third (it never arrives).
 *
 * With E2E_SCREENSHOTS=<dir> it also saves the review queue, the composer, queue setup and the
 * extension's popup while a processor runs, at a desktop and a phone size, light and dark.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXTENSION_ID, type GetStatusAnswer } from '@leadloom/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltApp, type RunningApp } from './app-server';
import {
  launchBrowser,
  launchWithExtension,
  requireChromium,
  type ExtensionBrowser,
} from './browser';
import { buildExtension } from './extension-build';
import { DANA, SAM, startPlatformSites, type PlatformSites } from './platform-sites';
import {
  ANY_TIME,
  SPEED,
  recordExtension,
  reportFailures,
  signInWithExtension,
  toExtension,
  zoneAtNoon,
  type FlightRecorder,
} from './outreach-harness';
import { api, joinAsTeammate } from './session';
import { shoot } from './shots';

const MATE = { name: 'Rita Reviewer', email: 'rita.mate@example.test', password: 'rita-mate-1' };

interface Item {
  itemUID: string;
  GTID: string;
  status: string;
  text: string;
  createdByUID: string;
  queuedToUID: string;
}

describe.skipIf(requireChromium())(
  'the review queue holds teammates’ messages until approved',
  () => {
    let app: RunningApp;
    let sites: PlatformSites;
    let extDir: string;
    let ext: ExtensionBrowser;
    let mateBrowser: Browser;
    let page: Page;
    let mate: Page;
    let teamUID: string;
    let demoUID: string;
    let clockDir: string;
    let clockFile: string;
    let clockOffset = 0;
    let recorder: FlightRecorder | undefined;
    reportFailures(() => recorder);
    let danaGTID = '';

    /** The popup in light and dark, at its own width. */
    async function popupShots(popup: Page, name: string) {
      const dir = process.env.E2E_SCREENSHOTS;
      if (!dir) return;
      mkdirSync(dir, { recursive: true });
      for (const scheme of ['light', 'dark'] as const) {
        await popup.emulateMedia({ colorScheme: scheme });
        await popup.locator('main').screenshot({ path: join(dir, `${name}-${scheme}.png`) });
      }
      await popup.emulateMedia({ colorScheme: 'light' });
    }

    function advanceClock(ms: number) {
      clockOffset += ms;
      writeFileSync(clockFile, String(clockOffset));
    }

    async function contact(fullName: string, profile: string): Promise<string> {
      const res = await api(page, 'POST', `/api/teams/${teamUID}/contacts`, {
        fullName,
        profiles: { facebook: profile },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return (res.body.contact as { GTID: string }).GTID;
    }

    /** The demo user's item, from whichever of their boxes holds it. */
    async function item(itemUID: string): Promise<Item | undefined> {
      for (const box of ['review', 'sending', 'history']) {
        const res = await api(page, 'GET', `/api/teams/${teamUID}/outreach/items?box=${box}`);
        const found = (res.body.items as Item[]).find((i) => i.itemUID === itemUID);
        if (found) return found;
      }
      return undefined;
    }

    const facebookProcessor = async () =>
      ((await toExtension(page, { type: 'get_status' })) as GetStatusAnswer).platforms.facebook;

    const texts = () => sites.arrivals().map((a) => a.text);

    beforeAll(async () => {
      clockDir = mkdtempSync(join(tmpdir(), 'leadloom-e2e-clock-'));
      clockFile = join(clockDir, 'offset-ms');
      [app, sites] = await Promise.all([
        startBuiltApp({ LEADLOOM_TEST_CLOCK_FILE: clockFile, NODE_ENV: 'test' }),
        startPlatformSites(),
      ]);
      extDir = await buildExtension(app.url, SPEED);
      ext = await launchWithExtension(extDir, sites.chromiumArgs);
      recorder = recordExtension(ext);
      page = await ext.context.newPage();
      await page.setViewportSize({ width: 1440, height: 900 });
      await signInWithExtension(page, app.url);
      const noon = await api(page, 'PATCH', '/api/me', { timeZone: zoneAtNoon() });
      expect(noon.status).toBe(200);
      const me = await api(page, 'GET', '/api/me');
      demoUID = (me.body as { uid: string }).uid;
      teamUID = (me.body.currentTeam as { teamUID: string }).teamUID;
      const limits = await api(page, 'PUT', '/api/outreach/facebook/limits', { limits: ANY_TIME });
      expect(limits.status, JSON.stringify(limits.body)).toBe(200);

      // The teammate, in a browser of their own.
      mateBrowser = await launchBrowser();
      mate = await (await mateBrowser.newContext()).newPage();
      await joinAsTeammate(page, mate, app.url, teamUID, MATE, [], 'admin');
    }, 240_000);

    afterAll(async () => {
      await mateBrowser?.close();
      await ext?.cleanup();
      await sites?.close();
      await app?.stop();
      if (extDir) await rm(extDir, { recursive: true, force: true });
      if (clockDir) rmSync(clockDir, { recursive: true, force: true });
    });

    it('sends nothing before approval; approved once, edited as edited, rejected never', async () => {
      const toDana = 'Hi Dana 👋\nRita said you might like the new garden plans.';
      const toSam = 'Hi Sam, Rita here on behalf of Dana Demo.';
      const samEdited = 'Hello Sam 🌱\nDana here: the garden plans are ready.\nTalk soon,';
      const toLee = 'Hi Lee, a message Dana will not want to send.';
      const people = [
        [await contact('Dana Fixture', DANA.facebook.profile), toDana],
        [await contact('Sam Fixture', SAM.facebook.profile), toSam],
        [await contact('Lee Fixture', 'https://www.facebook.com/lee.fixture'), toLee],
      ] as const;

      // The teammate queues one message to each, from the demo user's account.
      const queued: Item[] = [];
      for (const [GTID, text] of people) {
        const res = await api(mate, 'POST', `/api/teams/${teamUID}/outreach/items`, {
          platform: 'facebook',
          GTIDs: [GTID],
          text,
          queuedToUID: demoUID,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        queued.push(...(res.body.items as Item[]));
      }
      expect(queued.map((i) => [i.status, i.queuedToUID])).toEqual([
        ['pending', demoUID],
        ['pending', demoUID],
        ['pending', demoUID],
      ]);
      const [forDana, forSam, forLee] = queued as [Item, Item, Item];

      // The processor runs, the clock is well past every gap: it asks, and finds nothing to send.
      advanceClock(2 * 3_600_000);
      await toExtension(page, {
        type: 'open_queue_processor',
        url: `${app.url}/queue/facebook`,
        platform: 'facebook',
        offset: 0,
      });
      await expect
        .poll(
          async () => texts().length > 0 || (await facebookProcessor()).waitReason === 'empty',
          { timeout: 20_000 },
        )
        .toBe(true);
      expect(texts()).toEqual([]);
      // Its idle poll is two seconds at this speed: long enough for two more asks.
      await page.waitForTimeout(5_000);
      expect(texts()).toEqual([]);
      expect((await item(forDana.itemUID))?.status).toBe('pending');

      // The demo user approves the message to Dana in the review screen.
      await page.goto(`${app.url}/messages`);
      const row = (text: string) =>
        page.getByTestId('queue-item').filter({ hasText: text.split('\n')[0]! });
      await row(toLee).waitFor();
      await expect.poll(() => page.getByTestId('queue-item').count()).toBe(3);
      await expect.poll(() => row(toDana).textContent()).toContain(`by ${MATE.name}`);
      await shoot(page, 'review-queue');
      await row(toDana).getByRole('button', { name: 'Approve' }).click();
      await page.getByText('Approved 1 message.').waitFor();
      await expect
        .poll(() => item(forDana.itemUID).then((i) => i?.status), { timeout: 30_000 })
        .toBe('sent');
      expect(texts()).toEqual([toDana]);

      // Sam's, edited first, then approved; Lee's rejected.
      await row(toSam).getByRole('button', { name: 'Edit' }).click();
      await page.getByRole('textbox', { name: 'Message to Sam Fixture' }).fill(samEdited);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await row(samEdited).waitFor();
      await row(samEdited).getByRole('button', { name: 'Approve' }).click();
      // Judged by the items, not by a toast: Dana's toast may still be showing, and the
      // processor window that approval wakes may have the screen meanwhile.
      await expect.poll(() => item(forSam.itemUID).then((i) => i?.status)).toBe('approved');
      await row(toLee).getByRole('button', { name: 'Reject' }).click();
      await expect.poll(() => item(forLee.itemUID).then((i) => i?.status)).toBe('rejected');
      await page.getByText('Nothing to review').waitFor();

      // Past the gap after Dana's: Sam's goes out with the edited text.
      advanceClock(31_000);
      await expect
        .poll(() => item(forSam.itemUID).then((i) => i?.status), { timeout: 30_000 })
        .toBe('sent');
      // Past every gap again, and time for any other send, were there one.
      advanceClock(3_600_000);
      await page.waitForTimeout(5_000);
      expect(sites.arrivals()).toEqual([
        { platform: 'facebook', thread: DANA.facebook.threadId, text: toDana },
        { platform: 'facebook', thread: SAM.facebook.threadId, text: samEdited },
      ]);
      expect((await item(forSam.itemUID))?.text).toBe(samEdited);
      expect((await item(forLee.itemUID))?.status).toBe('rejected');
      danaGTID = people[0][0];
    }, 120_000);

    it('the popup lists the running processor, and why it is paused', async () => {
      const popup = await ext.context.newPage();
      await popup.setViewportSize({ width: 300, height: 420 });
      await popup.goto(`chrome-extension://${EXTENSION_ID}/popup.html`);
      await popup.getByText('Signed in', { exact: true }).waitFor();
      const sending = popup.getByRole('region', { name: 'Sending' });
      const facebook = sending.getByRole('listitem').filter({ hasText: 'Facebook' });
      // Everything went out: the processor runs and has nothing due.
      await expect
        .poll(() => facebook.textContent(), { timeout: 20_000 })
        .toBe('FacebookNothing queued');
      await popupShots(popup, 'popup-running');

      // Paused in the app with a message due: the processor hears it at its next ask, and the
      // popup says why; nothing goes out.
      expect((await api(page, 'POST', '/api/outreach/facebook/pause')).status).toBe(200);
      const queued = await api(page, 'POST', `/api/teams/${teamUID}/outreach/items`, {
        platform: 'facebook',
        GTIDs: [danaGTID],
        text: 'One more, while paused.',
      });
      expect(queued.body.items).toMatchObject([{ status: 'approved' }]);
      await expect
        .poll(() => facebook.textContent(), { timeout: 20_000 })
        .toBe('FacebookPaused until you resume. You paused sending.');
      await popupShots(popup, 'popup-paused');
      await popup.close();
      expect(texts()).toHaveLength(2);
    }, 60_000);

    it('Sent lists what went out as sent; queue setup says Facebook is paused', async () => {
      await page.goto(`${app.url}/messages/sent`);
      const rows = page.getByTestId('queue-item');
      await rows.first().waitFor();
      // Dana's and Sam's (as edited) sent; Lee's rejected; Sam's first text nowhere.
      const shown = async () =>
        (await rows.allTextContents())
          .map((row) =>
            row.includes('Sent')
              ? `sent: ${row}`
              : row.includes('Rejected')
                ? `rejected: ${row}`
                : row,
          )
          .sort();
      await expect
        .poll(shown)
        .toEqual([
          expect.stringMatching(/^rejected: Lee Fixture.*Dana will not want to send/s),
          expect.stringMatching(/^sent: Dana Fixture.*Rita said you might like/s),
          expect.stringMatching(/^sent: Sam Fixture.*Dana here: the garden plans are ready/s),
        ]);
      await shoot(page, 'messages-sent');
      await page.goto(`${app.url}/setup/queue/facebook`);
      await page.getByText('You paused sending.').first().waitFor();
      await page.getByRole('button', { name: 'Resume' }).first().waitFor();
      await shoot(page, 'queue-setup');

      await page.goto(`${app.url}/contact/${danaGTID}`);
      await page.getByRole('button', { name: 'Message' }).click();
      await page
        .getByRole('textbox', { name: 'Message to send' })
        .fill('Hi Dana 👋\nThe garden plans are ready: shall we walk through them on Thursday?');
      await shoot(page, 'composer');
      await page.keyboard.press('Escape');
    }, 120_000);
  },
);
