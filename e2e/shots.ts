import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** Where screenshots go when a run asks for them (`E2E_SCREENSHOTS=<dir>`); none otherwise. */
export const SHOTS = process.env.E2E_SCREENSHOTS;

const VIEWPORTS = [
  ['desktop', { width: 1440, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const;

/**
 * Saves `name` in light and dark at a desktop and a phone viewport, then puts the page back as it
 * was. Open menus and dropdowns stay open: only the viewport and the colour scheme change.
 */
export async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const original = page.viewportSize();
  for (const [size, viewport] of VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForTimeout(250);
      await page.screenshot({ path: join(SHOTS, `${name}-${size}-${scheme}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (original) await page.setViewportSize(original);
}
