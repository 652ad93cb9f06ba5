/**
 * The app's content security policy in a real Chromium. The app's pages run no script but its
 * own files, and the harness (csp.ts) sees what the policy refuses.
 *
 * Who may frame the app: a page of an extension whose id the server allows
 * (EXTENSION_IDS) shows /bex/sidebar in a frame; a page on another origin may frame neither it nor
 * any other screen, and the extension may frame only its own screens.
 *
 * The test extension is generated here with a fresh key, and its id computed the way Chrome does
 * (sha256 of the public key); Chrome giving it that id is checked by opening its page by that id.
 */
import { createHash, generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extensionIdFromSha256Hex } from '@leadloom/core';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltApp, type RunningApp } from './app-server';
import {
  launchBrowser,
  launchWithExtension,
  requireChromium,
  type ExtensionBrowser,
} from './browser';
import { takeCspViolations } from './csp';

/** An unpacked MV3 extension with one page that frames `frames` (name → address). */
async function writeTestExtension(frames: Record<string, string>) {
  const { publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const id = extensionIdFromSha256Hex(createHash('sha256').update(publicKey).digest('hex'));
  const dir = await mkdtemp(join(tmpdir(), 'leadloom-frame-extension-'));
  const manifest = {
    manifest_version: 3,
    name: 'Leadloom frame test',
    version: '1.0',
    key: publicKey.toString('base64'),
  };
  await writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest));
  await writeFile(join(dir, 'frames.html'), framesPage(frames));
  return { id, dir };
}

function framesPage(frames: Record<string, string>): string {
  const iframes = Object.entries(frames)
    .map(([name, src]) => `<iframe name="${name}" src="${src}" width="600" height="400"></iframe>`)
    .join('\n');
  return `<!doctype html><meta charset="utf-8"><title>frames</title>\n${iframes}\n`;
}

/** A page on its own localhost port that frames the given addresses. */
async function startFramingSite(frames: Record<string, string>) {
  const server = createServer((_request, response) => {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(framesPage(frames));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://localhost:${(server.address() as AddressInfo).port}/` };
}

function frameNamed(page: Page, name: string): Frame {
  const frame = page.frames().find((f) => f.name() === name);
  if (!frame) throw new Error(`no frame named ${name}`);
  return frame;
}

/**
 * Whether the app runs in the frame: its own document, whose code has set the screen's title
 * ("Leadloom 2.0 | {screen}"; index.html alone says "Leadloom 2.0").
 */
async function showsTheApp(page: Page, name: string, appUrl: string): Promise<boolean> {
  const frame = frameNamed(page, name);
  if (!frame.url().startsWith(appUrl)) return false;
  await expect.poll(() => frame.title(), { timeout: 30_000 }).toMatch(/^Leadloom 2\.0 \| /);
  return true;
}

/** Chromium replaces a refused frame's document with its error page. */
async function refused(page: Page, name: string): Promise<boolean> {
  await expect
    .poll(() => frameNamed(page, name).url(), { timeout: 30_000 })
    .toMatch(/^chrome-error:/);
  return true;
}

describe.skipIf(requireChromium())('the security policy in Chromium', () => {
  let app: RunningApp;
  let extension: { id: string; dir: string };
  let withExtension: ExtensionBrowser;

  beforeAll(async () => {
    // The id is only known once the key exists, and the server must allow it: write the
    // extension first (its frames' addresses need the port, so it is rewritten below).
    extension = await writeTestExtension({});
    app = await startBuiltApp({ EXTENSION_IDS: extension.id });
    await writeFile(
      join(extension.dir, 'frames.html'),
      framesPage({ sidebar: `${app.url}/bex/sidebar`, login: `${app.url}/login` }),
    );
    withExtension = await launchWithExtension(extension.dir);
  });
  afterAll(async () => {
    await withExtension?.cleanup();
    await app?.stop();
    if (extension) await rm(extension.dir, { recursive: true, force: true });
  });

  it('refuses inline script and requests to other origins, and the harness records each refusal', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(`${app.url}/login`);
      await page.getByLabel(/^E-mail/).waitFor();
      await page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.inlineRan = true';
        document.head.append(script);
        // Refused before it leaves: no request to another origin.
        void fetch('http://127.0.0.1:9/').catch(() => undefined);
      });
      const refusals: string[] = [];
      const refused = () => {
        refusals.push(...takeCspViolations().map((v) => `${v.effectiveDirective} ${v.blockedURI}`));
        return [...refusals].sort();
      };
      await expect
        .poll(refused, { timeout: 10_000 })
        .toEqual(['connect-src http://127.0.0.1:9/', 'script-src-elem inline']);
      expect(await page.evaluate(() => 'inlineRan' in window)).toBe(false);
    } finally {
      await browser.close();
    }
  });

  it("the allowed extension's page shows /bex/sidebar in a frame, but not another screen", async () => {
    const page = await withExtension.context.newPage();
    // Chrome gave the extension the id computed from its key: its page opens under that id.
    await page.goto(`chrome-extension://${extension.id}/frames.html`);
    expect(await showsTheApp(page, 'sidebar', app.url)).toBe(true);
    expect(await refused(page, 'login')).toBe(true);
    await page.close();
  });

  it('a page of another origin frames neither /bex/sidebar nor another screen', async () => {
    const site = await startFramingSite({
      sidebar: `${app.url}/bex/sidebar`,
      login: `${app.url}/login`,
    });
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(site.url);
      expect(await refused(page, 'sidebar')).toBe(true);
      expect(await refused(page, 'login')).toBe(true);
    } finally {
      await browser.close();
      await new Promise((resolve) => site.server.close(resolve));
    }
  });
});
