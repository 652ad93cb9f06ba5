import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAppClock, realClock } from './clock';
import { loadConfig } from './config';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const near = (v: number, expected: number) => expect(Math.abs(v - expected)).toBeLessThan(1_000);

describe('the app clock', () => {
  const dir = mkdtempSync(join(tmpdir(), 'leadloom-clock-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is Date.now itself, with no test control, outside NODE_ENV=test', () => {
    for (const nodeEnv of ['production', 'development'] as const) {
      const clock = createAppClock({ nodeEnv, testClockFile: undefined });
      expect(clock.now).toBe(Date.now);
      expect(clock.test).toBeUndefined();
    }
    // The config's default NODE_ENV is production: a deployment's clock cannot be moved.
    expect(createAppClock(loadConfig({})).test).toBeUndefined();
    expect(createAppClock(loadConfig({ NODE_ENV: 'development' })).test).toBeUndefined();
    expect(realClock.test).toBeUndefined();
  });

  it('refuses a test clock file outside NODE_ENV=test, even past the config', () => {
    expect(() =>
      createAppClock({ nodeEnv: 'production', testClockFile: join(dir, 'offset') }),
    ).toThrow(/tests only \(NODE_ENV=test\)/);
  });

  it('at(offset) is now plus the offset, as a Date', () => {
    const clock = createAppClock({ nodeEnv: 'test', testClockFile: undefined });
    near(clock.at().getTime(), Date.now());
    near(clock.at(30 * 60_000).getTime(), Date.now() + 30 * 60_000);
  });

  it('adds the offset in the file, read at every call; no file or an empty one is 0', () => {
    const file = join(dir, 'offset');
    const clock = createAppClock({ nodeEnv: 'test', testClockFile: file });
    near(clock.now(), Date.now());
    writeFileSync(file, String(-30 * DAY));
    near(clock.now(), Date.now() - 30 * DAY);
    writeFileSync(file, '3600000\n');
    near(clock.now(), Date.now() + HOUR);
    writeFileSync(file, '');
    near(clock.now(), Date.now());
    writeFileSync(file, 'soon');
    expect(() => clock.now()).toThrow(/not a number of milliseconds: soon/);
  });

  it('moves in process with NODE_ENV=test: advance, set and reset, on top of the file', () => {
    const file = join(dir, 'offset-2');
    writeFileSync(file, String(HOUR));
    const clock = createAppClock({ nodeEnv: 'test', testClockFile: file });
    clock.test!.advance(2 * DAY);
    near(clock.now(), Date.now() + HOUR + 2 * DAY);
    near(clock.at(HOUR).getTime(), Date.now() + 2 * HOUR + 2 * DAY);
    clock.test!.advance(-DAY);
    near(clock.now(), Date.now() + HOUR + DAY);
    const newYear = Date.UTC(2031, 0, 1);
    clock.test!.set(newYear);
    near(clock.now(), newYear);
    clock.test!.reset();
    near(clock.now(), Date.now() + HOUR);
    expect(() => clock.test!.advance(Number.NaN)).toThrow(/not a number/);
  });
});
