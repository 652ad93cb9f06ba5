import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { assertDataDirFree, dataDirHolder, DataDirInUseError, lockDataDir } from './lock';

const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'leadloom-lock-'));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('lockDataDir', () => {
  it('refuses a folder locked by a live process and frees it on release', () => {
    const dir = tmp();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    release();
    const again = lockDataDir(dir);
    again();
  });

  it('takes over a lock left by a process that is gone', () => {
    const dir = tmp();
    // No process runs with this pid (above the kernel's pid_max default).
    fs.writeFileSync(path.join(dir, 'leadloom.lock'), '4194305');
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'leadloom.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'leadloom.lock'))).toBe(false);
  });
});

describe('dataDirHolder', () => {
  it('names no holder for a free folder or a stale lock, and the live holder otherwise', () => {
    const dir = tmp();
    expect(dataDirHolder(dir)).toBeNull();
    fs.writeFileSync(path.join(dir, 'leadloom.lock'), '4194305');
    expect(dataDirHolder(dir)).toBeNull();
    // The parent of this test process is alive and is not us.
    fs.writeFileSync(path.join(dir, 'leadloom.lock'), String(process.ppid));
    expect(dataDirHolder(dir)).toBe(process.ppid);
    expect(() => assertDataDirFree(dir)).toThrow(/is in use by another Leadloom process/);
  });
});
