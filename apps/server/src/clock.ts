import { readFileSync } from 'node:fs';

/** Milliseconds since the epoch, like `Date.now`. */
export type Clock = () => number;

/**
 * The server's clock for calendar rules: each person's "today" for tasks (views, the badge, the
 * next day of a repeat, templates' "in N days") and the home dashboard's week and streak.
 * Sessions, tokens, jobs and database timestamps keep the real time whatever this says.
 *
 * In a deployment it is `Date.now`, full stop. Browser tests that must see a day in another
 * season (a task due at 23:30 across a daylight-saving change) start the server with
 * `LEADLOOM_TEST_CLOCK_FILE=<path>` AND `NODE_ENV=test` (config.ts refuses the first without the
 * second, so it cannot be switched on by accident in production, where NODE_ENV is
 * `production`). Then now = the real now + the number of milliseconds written in that file (read
 * at every call; a missing or empty file = 0), and the server warns at start that the test clock
 * is on. The test moves the page's clock to the same instant with Playwright's `page.clock`.
 */
export function serverClock(testClockFile: string | undefined): Clock {
  if (!testClockFile) return Date.now;
  return () => Date.now() + readOffset(testClockFile);
}

function readOffset(file: string): number {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  if (text === '') return 0;
  const offset = Number(text);
  if (!Number.isFinite(offset)) {
    throw new Error(`LEADLOOM_TEST_CLOCK_FILE ${file}: not a number of milliseconds: ${text}`);
  }
  return offset;
}
