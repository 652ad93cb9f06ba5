import { readFileSync } from 'node:fs';

/** Milliseconds since the epoch, like `Date.now`. */
export type Clock = () => number;

/**
 * The app clock: the one "now" of everything that schedules or waits. Calendar rules read it
 * (each person's "today" for tasks and KPIs, a task's "in N days", the home dashboard's week and
 * streak), and so does every time the app computes to act later: an outbox row's `deliver_after`
 * (a sync's delayBy), a notification's snooze, a trial's end, and later the outreach engine's
 * waits, workflows' pauses, retries and leases. Each such time is computed here and STORED (a
 * timestamp column, a parameter of the statement), never left to SQL's `now()` or to a job
 * queue's own delay (`jobs.send` refuses pg-boss's delay options), so moving this clock in a test
 * moves all of them together.
 *
 * Real time on purpose, whatever this says: sessions, sign-in tokens, invitation and sign-up
 * links, auth throttles and bans (a credential's life must never depend on a clock a test can
 * move), measurements (durations, logs), and record stamps (`created_at`, `updated_at`, the
 * change log's retention, which compares with them).
 *
 * In a deployment it is `Date.now`, full stop: `test` is undefined unless NODE_ENV=test.
 */
export interface AppClock {
  /** Now, in ms since the epoch (a plain function: pass it as a value). */
  readonly now: Clock;
  /** Now plus `offsetMs`, as the Date a due time is stored as. */
  at(offsetMs?: number): Date;
  /** Moves the clock; present only with NODE_ENV=test. */
  readonly test: TestClock | undefined;
}

/**
 * Test control of the app clock. It keeps running with real time; these move it by an offset
 * that adds to LEADLOOM_TEST_CLOCK_FILE's (browser tests write that file instead, from outside
 * the server's process).
 */
export interface TestClock {
  /** Jumps ahead by `ms` (negative goes back). */
  advance(ms: number): void;
  /** Makes now `epochMs` (then it runs on from there). */
  set(epochMs: number): void;
  /** Back to the real time (plus the file's offset). */
  reset(): void;
}

export interface ClockOptions {
  nodeEnv: 'development' | 'production' | 'test';
  /**
   * Browser tests that must see a day in another season (a task due at 23:30 across a
   * daylight-saving change) start the server with `LEADLOOM_TEST_CLOCK_FILE=<path>` AND
   * `NODE_ENV=test`: now = the real now + the number of milliseconds written in that file (read
   * at every call; a missing or empty file = 0), and the server warns at start that the test
   * clock is on. The test moves the page's clock to the same instant with Playwright's
   * `page.clock`.
   */
  testClockFile: string | undefined;
}

/** Real time, with no test control: one-off commands and anything outside the server. */
export const realClock: AppClock = Object.freeze({
  now: Date.now,
  at: (offsetMs = 0) => new Date(Date.now() + offsetMs),
  test: undefined,
});

/**
 * The server's app clock. Only NODE_ENV=test makes one that can be moved (config.ts also refuses
 * LEADLOOM_TEST_CLOCK_FILE without it; this refuses it again, so no path around the config can
 * move a deployment's clock).
 */
export function createAppClock(opts: ClockOptions): AppClock {
  if (opts.nodeEnv !== 'test') {
    if (opts.testClockFile) {
      throw new Error('LEADLOOM_TEST_CLOCK_FILE moves the clock in tests only (NODE_ENV=test)');
    }
    return realClock;
  }
  const file = opts.testClockFile;
  let offset = 0;
  const moved = () => Date.now() + (file ? readOffset(file) : 0);
  const now: Clock = () => moved() + offset;
  return Object.freeze({
    now,
    at: (offsetMs = 0) => new Date(now() + offsetMs),
    test: Object.freeze({
      advance(ms: number) {
        if (!Number.isFinite(ms)) throw new Error(`advance: not a number of milliseconds: ${ms}`);
        offset += ms;
      },
      set(epochMs: number) {
        if (!Number.isFinite(epochMs)) throw new Error(`set: not a time in ms: ${epochMs}`);
        offset = epochMs - moved();
      },
      reset() {
        offset = 0;
      },
    }),
  });
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
