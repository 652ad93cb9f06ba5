import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverClock } from './clock';

describe('serverClock', () => {
  const dir = mkdtempSync(join(tmpdir(), 'leadloom-clock-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is Date.now itself without a test clock file', () => {
    expect(serverClock(undefined)).toBe(Date.now);
  });

  it('adds the offset in the file, read at every call; no file or an empty one is 0', () => {
    const file = join(dir, 'offset');
    const clock = serverClock(file);
    const near = (v: number, expected: number) =>
      expect(Math.abs(v - expected)).toBeLessThan(1_000);
    near(clock(), Date.now());
    writeFileSync(file, String(-30 * 86_400_000));
    near(clock(), Date.now() - 30 * 86_400_000);
    writeFileSync(file, '3600000\n');
    near(clock(), Date.now() + 3_600_000);
    writeFileSync(file, '');
    near(clock(), Date.now());
    writeFileSync(file, 'soon');
    expect(() => clock()).toThrow(/not a number of milliseconds: soon/);
  });
});
