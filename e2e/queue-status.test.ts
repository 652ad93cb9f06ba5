/**
 * The queue status store (apps/web/src/features/queue-status) with Chromium's real localStorage
 * and BroadcastChannel: what tab A sets, tab B of the same origin sees at once, and a reload
 * keeps. The module itself is bundled (esbuild) into a bare page, so this checks the browser
 * APIs the unit test can only fake.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, requireChromium } from './browser';

const root = fileURLToPath(new URL('..', import.meta.url));

async function bundleStore(): Promise<string> {
  const result = await build({
    stdin: {
      contents: `import { browserQueueStatusStore } from './apps/web/src/features/queue-status/queueStatus';
        const store = browserQueueStatusStore();
        let changes = 0;
        store.subscribe(() => changes++);
        Object.assign(window, { queueStatus: { store, changes: () => changes } });`,
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'iife',
    alias: { '@leadloom/core': `${root}packages/core/src/index.ts` },
  });
  return result.outputFiles[0]!.text;
}

interface PageStore {
  queueStatus: {
    store: { get(): unknown; set(platform: string, status: unknown): void };
    changes(): number;
  };
}

describe.skipIf(requireChromium())('queue status across tabs in Chromium', () => {
  let server: Server;
  let url: string;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    const script = await bundleStore();
    server = createServer((request, response) => {
      if (request.url === '/store.js') {
        response.setHeader('content-type', 'text/javascript');
        response.end(script);
        return;
      }
      response.setHeader('content-type', 'text/html');
      response.end('<!doctype html><title>queue</title><script src="/store.js"></script>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    browser = await launchBrowser();
    context = await browser.newContext();
  });

  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  async function open(): Promise<Page> {
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => 'queueStatus' in globalThis);
    return page;
  }

  it('tab B sees tab A update at once, and a reload keeps it', async () => {
    const tabA = await open();
    const tabB = await open();
    await tabA.evaluate(() =>
      (globalThis as unknown as PageStore).queueStatus.store.set('instagram', {
        error: 'Instagram asks for a checkpoint',
        location: '/direct/inbox',
      }),
    );
    await expect
      .poll(() => tabB.evaluate(() => (globalThis as unknown as PageStore).queueStatus.store.get()))
      .toMatchObject({
        instagram: { error: 'Instagram asks for a checkpoint', location: '/direct/inbox' },
        facebook: { error: null, location: null },
      });
    expect(
      await tabB.evaluate(() => (globalThis as unknown as PageStore).queueStatus.changes()),
    ).toBe(1);
    await tabB.reload();
    await tabB.waitForFunction(() => 'queueStatus' in globalThis);
    expect(
      await tabB.evaluate(() => (globalThis as unknown as PageStore).queueStatus.store.get()),
    ).toMatchObject({ instagram: { location: '/direct/inbox' } });
  });
});
