import { cpSync, existsSync } from 'node:fs';

/** Set by global-setup.ts to the seeded folder every suite's server starts from a copy of. */
export const TEMPLATE_ENV = 'LEADLOOM_E2E_DATA_TEMPLATE';

/**
 * Fills an empty data folder with a copy of the seeded template, when there is one: the server
 * then starts as it would on its second run, with the demo team already there. Returns whether it
 * did (without it the server migrates and seeds on its own, as a first `npm start` does).
 */
export function copyDataTemplate(dataDir: string): boolean {
  const template = process.env[TEMPLATE_ENV];
  if (!template || !existsSync(template)) return false;
  cpSync(template, dataDir, { recursive: true });
  return true;
}
