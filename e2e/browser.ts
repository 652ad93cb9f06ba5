/**
 * Browser-test harness: Debian's Chromium driven by playwright-core (never `npx playwright
 * install`, DESIGN §2). Suites call `requireChromium()` to decide whether they can run.
 */
import { accessSync, constants } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { watchCspViolations } from './csp';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** The flags that work in this environment and in CI (DESIGN §2). */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumAvailable(): boolean {
  try {
    accessSync(CHROMIUM_PATH, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

let skipNoticePrinted = false;

/**
 * Returns true when the suite should skip: for `describe.skipIf(requireChromium())`. Outside CI a
 * missing Chromium skips with one line of explanation; under CI (`CI` set) it throws, failing the
 * run, because a browser suite that silently did not run is not a passing one (DESIGN §9).
 */
export function requireChromium(): boolean {
  if (chromiumAvailable()) return false;
  const reason = `Chromium not found at ${CHROMIUM_PATH} (set CHROMIUM_PATH or apt-get install chromium)`;
  if (process.env.CI) throw new Error(`${reason}; browser suites must run under CI.`);
  if (!skipNoticePrinted) {
    skipNoticePrinted = true;
    process.stderr.write(`Skipping browser suites: ${reason}.\n`);
  }
  return true;
}

/**
 * Every context of the returned browser (`browser.newPage()` makes one too) records its pages'
 * content-security-policy violations (csp.ts), which fail the suite.
 */
export async function launchBrowser(): Promise<Browser> {
  // headless: false stops Playwright adding its own --headless; ours (--headless=new) is in args.
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: false,
    args: [...CHROMIUM_ARGS],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await watchCspViolations(context);
    return context;
  };
  return browser;
}

export interface ExtensionBrowser {
  context: BrowserContext;
  /** Closes the browser and deletes its temporary profile. */
  cleanup: () => Promise<void>;
}

/**
 * A persistent context (extensions need one) on a fresh profile with the unpacked extension
 * loaded; it records content-security-policy violations like launchBrowser's contexts.
 * `extraArgs`: more Chromium flags, such as platform-sites.ts's host mapping.
 */
export async function launchWithExtension(
  extDir: string,
  extraArgs: readonly string[] = [],
): Promise<ExtensionBrowser> {
  const dir = resolve(extDir);
  const userDataDir = await mkdtemp(join(tmpdir(), 'leadloom-chromium-'));
  try {
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      headless: false,
      // Playwright passes --disable-extensions by default; it would veto --load-extension.
      ignoreDefaultArgs: ['--disable-extensions'],
      args: [
        ...CHROMIUM_ARGS,
        `--disable-extensions-except=${dir}`,
        `--load-extension=${dir}`,
        // Headless Chromium clamps windows to an 800×600 screen; the queue processor's window
        // must be at least 1024 px wide.
        '--screen-info={0,0 1600x1000}',
        ...extraArgs,
      ],
    });
    await watchCspViolations(context);
    return {
      context,
      cleanup: async () => {
        await context.close().catch(() => undefined);
        await rm(userDataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(userDataDir, { recursive: true, force: true });
    throw error;
  }
}
