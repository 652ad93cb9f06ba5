/**
 * The companion extension in a real Chromium: the app page reaches the background through
 * `externally_connectable`, other origins do not, and the popup reflects the session.
 *
 * The suite builds its own copy of the extension (into a temp folder, via scripts/build.mjs)
 * rather than using apps/extension/dist: the build's APP_ORIGIN must carry this run's server port,
 * because Chromium matches the port of an `externally_connectable` pattern (checked below).
 */
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EXTENSION_ID } from '@leadloom/core';
import type { Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchWithExtension, requireChromium, type ExtensionBrowser } from './browser';
import { buildExtension } from './extension-build';

const repoRoot = new URL('..', import.meta.url);
const extensionVersion = (
  JSON.parse(readFileSync(new URL('apps/extension/package.json', repoRoot), 'utf8')) as {
    version: string;
  }
).version;

/**
 * A stand-in for the web app: one HTML page on 127.0.0.1, reached as localhost or by IP, plus the
 * calls the background makes (DESIGN §4): the exchange of the one-time token `one-time-token` for
 * session `s1`, the session check with `Bearer s1`, and its end (DELETE, or `ended` set by a test
 * as the app's sign-out would).
 */
async function startPageServer(): Promise<{ server: Server; port: number; sessions: Sessions }> {
  const sessions: Sessions = { ended: false, deletes: 0, leases: 0 };
  const server = createServer((request, response) => {
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'POST' && request.url === '/api/extension/session') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const { token } = JSON.parse(body || '{}') as { token?: string };
        if (token === 'one-time-token') json(200, { sessionToken: 's1', uid: 'u1' });
        else json(401, { error: { status: 'unauthenticated', message: 'bad token' } });
      });
      return;
    }
    if (request.method === 'DELETE' && request.url === '/api/extension/session') {
      if (request.headers.authorization === 'Bearer s1') {
        sessions.ended = true;
        sessions.deletes += 1;
      }
      response.writeHead(204).end();
      return;
    }
    if (request.url === '/api/auth/token') {
      if (request.headers.authorization === 'Bearer s1' && !sessions.ended)
        json(200, { token: 'jwt' });
      else json(401, {});
      return;
    }
    // The queue processor's lease (docs/api.md): one Facebook message, then "wait".
    if (request.method === 'POST' && request.url === '/api/outreach/facebook/lease') {
      if (request.headers.authorization !== 'Bearer jwt') return json(401, {});
      sessions.leases += 1;
      if (sessions.leases === 1) {
        return json(200, {
          item: {
            teamUID: 't1',
            itemUID: 'item-1',
            GTID: 'g1',
            platform: 'facebook',
            recipient: 'https://www.facebook.com/dana.example',
            text: 'Hello Dana',
            idempotencyKey: 'k1',
            leaseId: 'lease-1',
            leaseExpiresAt: new Date(Date.now() + 300_000).toISOString(),
            resumed: false,
          },
          wait: null,
        });
      }
      return json(200, {
        item: null,
        wait: { reason: 'spacing', until: new Date(Date.now() + 90_000).toISOString() },
      });
    }
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end('<!doctype html><title>Leadloom</title><p>app</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, sessions };
}

interface Sessions {
  /** The app ended session s1 (its sign-out, or the extension's DELETE). */
  ended: boolean;
  deletes: number;
  /** Leases the queue processor asked for. */
  leases: number;
}

/** The part of `chrome.windows` the queue-processor test reads from an extension page. */
interface ChromeWindows {
  getAll(options: { populate: boolean }): Promise<
    Array<{
      id?: number;
      type?: string;
      state?: string;
      width?: number;
      tabs?: Array<{ url?: string; pendingUrl?: string }>;
    }>
  >;
  remove(windowId: number): Promise<void>;
}

type Reach = { reachable: true; answer: unknown } | { reachable: false; reason: string };

/** Sends one message from the page the way the web app does, reporting whether it got through. */
function sendFromPage(page: Page, message: unknown): Promise<Reach> {
  return page.evaluate(
    async ([id, body]) => {
      type Runtime = { sendMessage?: (id: string, message: unknown) => Promise<unknown> };
      const runtime = (globalThis as { chrome?: { runtime?: Runtime } }).chrome?.runtime;
      if (!runtime?.sendMessage) return { reachable: false, reason: 'no chrome.runtime' } as const;
      try {
        return { reachable: true, answer: await runtime.sendMessage(id, body) } as const;
      } catch (error) {
        return { reachable: false, reason: String(error) } as const;
      }
    },
    [EXTENSION_ID, message] as const,
  );
}

describe.skipIf(requireChromium())('companion extension in Chromium', () => {
  let app: { server: Server; port: number; sessions: Sessions };
  let otherPort: { server: Server; port: number };
  let extDir: string;
  let browser: ExtensionBrowser;
  let worker: Worker;
  let page: Page;
  const appUrl = () => `http://localhost:${app.port}/`;

  beforeAll(async () => {
    app = await startPageServer();
    otherPort = await startPageServer();
    extDir = await buildExtension(`http://localhost:${app.port}`);
    browser = await launchWithExtension(extDir);
    worker =
      browser.context.serviceWorkers()[0] ??
      (await browser.context.waitForEvent('serviceworker', { timeout: 15_000 }));
    page = await browser.context.newPage();
    await page.goto(appUrl());
  });

  afterAll(async () => {
    await browser?.cleanup();
    app?.server.close();
    otherPort?.server.close();
    if (extDir) await rm(extDir, { recursive: true, force: true });
  });

  it('loads with the id fixed by the manifest key', () => {
    expect(new URL(worker.url()).host).toBe(EXTENSION_ID);
  });

  it('popup says it is not signed in and links to the app', async () => {
    const popup = await browser.context.newPage();
    await popup.goto(`chrome-extension://${EXTENSION_ID}/popup.html`);
    await expect.poll(() => popup.textContent('#status')).toBe('Not signed in to Leadloom');
    expect(await popup.getAttribute('a#open-app', 'href')).toBe(`http://localhost:${app.port}`);
    expect(await popup.textContent('a#open-app')).toBe('Open Leadloom');
    await popup.close();
  });

  it('check_extension from the app page answers installed, version, not logged in', async () => {
    expect(await sendFromPage(page, { type: 'check_extension' })).toEqual({
      reachable: true,
      answer: { installed: true, version: extensionVersion, loggedIn: false },
    });
  });

  it('answers invalid and unknown messages with the validation error', async () => {
    expect(await sendFromPage(page, { type: 'log_in', token: 'x' })).toEqual({
      reachable: true,
      answer: { ok: false, error: expect.stringMatching(/^uid: /) },
    });
    expect(await sendFromPage(page, { type: 'format_disk' })).toEqual({
      reachable: true,
      answer: { ok: false, error: expect.stringMatching(/^type: /) },
    });
  });

  it('wait_a_bit answers after the delay', async () => {
    const started = Date.now();
    expect(await sendFromPage(page, { type: 'wait_a_bit', delay: 400 })).toEqual({
      reachable: true,
      answer: { ok: true },
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
  });

  it('wait_a_bit longer than a minute answers at once with retryAt', async () => {
    const started = Date.now();
    const reach = await sendFromPage(page, { type: 'wait_a_bit', delay: 3_600_000 });
    expect(reach).toEqual({
      reachable: true,
      answer: { ok: true, retryAt: expect.any(String) },
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    const { retryAt } = (reach as { answer: { retryAt: string } }).answer;
    expect(Date.parse(retryAt) - started).toBeGreaterThanOrEqual(3_600_000 - 1_000);
  });

  it('log_in exchanges the token for a session: check_extension and the popup say signed in', async () => {
    expect(await sendFromPage(page, { type: 'log_in', token: 'used-token', uid: 'u1' })).toEqual({
      reachable: true,
      answer: { ok: false, error: expect.stringContaining('HTTP 401') },
    });
    expect(
      await sendFromPage(page, { type: 'log_in', token: 'one-time-token', uid: 'u1' }),
    ).toEqual({ reachable: true, answer: { ok: true } });
    expect(await sendFromPage(page, { type: 'check_extension' })).toEqual({
      reachable: true,
      answer: { installed: true, version: extensionVersion, loggedIn: true },
    });
    const popup = await browser.context.newPage();
    await popup.goto(`chrome-extension://${EXTENSION_ID}/popup.html`);
    await expect.poll(() => popup.textContent('#status')).toBe('Signed in');
    await popup.close();
  });

  it('the popup asks the app each time it opens: a session the app ended shows signed out', async () => {
    // Signed in (previous test), then the app signs out: its sign-out ends the extension session.
    app.sessions.ended = true;
    const popup = await browser.context.newPage();
    await popup.goto(`chrome-extension://${EXTENSION_ID}/popup.html`);
    await expect.poll(() => popup.textContent('#status')).toBe('Not signed in to Leadloom');
    expect(await sendFromPage(page, { type: 'check_extension' })).toMatchObject({
      answer: { loggedIn: false },
    });
    await popup.close();
  });

  it('log_out ends the session at the app and forgets it; the popup follows', async () => {
    app.sessions.ended = false;
    expect(
      await sendFromPage(page, { type: 'log_in', token: 'one-time-token', uid: 'u1' }),
    ).toEqual({ reachable: true, answer: { ok: true } });
    const popup = await browser.context.newPage();
    await popup.goto(`chrome-extension://${EXTENSION_ID}/popup.html`);
    await expect.poll(() => popup.textContent('#status')).toBe('Signed in');
    expect(await sendFromPage(page, { type: 'log_out' })).toEqual({
      reachable: true,
      answer: { ok: true },
    });
    expect(app.sessions.deletes).toBe(1);
    // Open, the popup follows the storage change in place.
    await expect.poll(() => popup.textContent('#status')).toBe('Not signed in to Leadloom');
    expect(await sendFromPage(page, { type: 'check_extension' })).toMatchObject({
      answer: { loggedIn: false },
    });
    await popup.close();
  });

  it('pages on another host or another port cannot reach the extension', async () => {
    const other = await browser.context.newPage();
    for (const url of [
      `http://127.0.0.1:${app.port}/`,
      // Same host, other port: Chromium honours the port in the manifest pattern.
      `http://localhost:${otherPort.port}/`,
    ]) {
      await other.goto(url);
      // Chromium does not even give such a page chrome.runtime for the extension.
      expect(await sendFromPage(other, { type: 'check_extension' }), url).toEqual({
        reachable: false,
        reason: 'no chrome.runtime',
      });
    }
    await other.close();
  });

  it('open_queue_processor opens one normal window of at least 1024 px per platform, even asked twice; get_status and stop_processor follow', async () => {
    app.sessions.ended = false;
    expect(
      await sendFromPage(page, { type: 'log_in', token: 'one-time-token', uid: 'u1' }),
    ).toMatchObject({ answer: { ok: true } });
    // The platform tab: a trivial page under the real host name (no real site is reached).
    await browser.context.route('https://www.facebook.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Facebook</title>' }),
    );
    const extPage = await browser.context.newPage();
    await extPage.goto(`chrome-extension://${EXTENSION_ID}/popup.html`);
    const processorWindows = () =>
      extPage.evaluate(async () => {
        const { windows } = (globalThis as unknown as { chrome: { windows: ChromeWindows } })
          .chrome;
        const all = await windows.getAll({ populate: true });
        return all
          .filter((w) => w.tabs?.some((t) => t.url?.includes('/queue/')))
          .map((w) => ({
            id: w.id,
            type: w.type,
            state: w.state,
            width: w.width,
            urls: (w.tabs ?? []).map((t) => t.url ?? t.pendingUrl),
          }));
      });

    const open = {
      type: 'open_queue_processor',
      url: `${appUrl()}queue/facebook`,
      platform: 'facebook',
      offset: 0,
    };
    expect(await sendFromPage(page, open)).toEqual({ reachable: true, answer: { ok: true } });
    expect(await sendFromPage(page, open)).toEqual({ reachable: true, answer: { ok: true } });
    // Leased once, the recipient loads in the window's platform tab. (Its content script then
    // gets the job; on this trivial page the sender looks for a composer for 20 s, longer than
    // this test lasts, so the job stays in hand meanwhile.)
    await expect.poll(processorWindows, { timeout: 10_000 }).toEqual([
      {
        id: expect.any(Number),
        type: 'normal',
        state: 'normal',
        width: expect.any(Number),
        urls: [`${appUrl()}queue/facebook`, 'https://www.facebook.com/dana.example'],
      },
    ]);
    const [window] = await processorWindows();
    expect(window?.width).toBeGreaterThanOrEqual(1024);
    expect(app.sessions.leases).toBe(1);

    const status = await sendFromPage(page, { type: 'get_status' });
    expect(status).toMatchObject({
      answer: {
        platforms: {
          facebook: {
            state: 'running',
            sending: { itemUID: 'item-1', recipient: 'https://www.facebook.com/dana.example' },
            lastError: null,
          },
          instagram: { state: 'idle' },
          linkedin: { state: 'idle' },
        },
      },
    });

    // A stopped worker keeps nothing in memory: the state comes back from chrome.storage.
    const cdp = await browser.context.newCDPSession(extPage);
    const stopped = new Promise<void>((resolve) =>
      cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
        if (versions.some((v) => v.runningStatus === 'stopped')) resolve();
      }),
    );
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    await stopped;
    expect(await sendFromPage(page, { type: 'get_status' })).toEqual(status);
    await cdp.detach();

    expect(await sendFromPage(page, { type: 'stop_processor', platform: 'facebook' })).toEqual({
      reachable: true,
      answer: { ok: true },
    });
    await expect.poll(processorWindows, { timeout: 10_000 }).toEqual([]);
    expect(await sendFromPage(page, { type: 'get_status' })).toMatchObject({
      answer: { platforms: { facebook: { state: 'idle', sending: null } } },
    });

    // Opened again, then closed by the user: that platform's processor stops too.
    expect(await sendFromPage(page, open)).toEqual({ reachable: true, answer: { ok: true } });
    await expect.poll(async () => (await processorWindows()).length, { timeout: 10_000 }).toBe(1);
    expect(app.sessions.leases).toBe(2);
    await expect
      .poll(() => sendFromPage(page, { type: 'get_status' }), { timeout: 10_000 })
      .toMatchObject({
        answer: { platforms: { facebook: { state: 'running', waitReason: 'spacing' } } },
      });
    const [again] = await processorWindows();
    await extPage.evaluate(
      (id) =>
        (globalThis as unknown as { chrome: { windows: ChromeWindows } }).chrome.windows.remove(id),
      again?.id ?? -1,
    );
    await expect
      .poll(() => sendFromPage(page, { type: 'get_status' }), { timeout: 10_000 })
      .toMatchObject({ answer: { platforms: { facebook: { state: 'idle' } } } });
    await extPage.close();
  });
});
