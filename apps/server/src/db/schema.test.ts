import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '../..');
const migrations = path.join(serverDir, 'drizzle');
const drizzleKit = path.join(
  path.dirname(createRequire(import.meta.url).resolve('drizzle-kit')),
  'bin.cjs',
);

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}
const readJournal = (dir: string): Journal =>
  JSON.parse(fs.readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')) as Journal;

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('drizzle schema and migrations', () => {
  // The latest snapshot must describe the database the migrations build; else the next
  // `drizzle-kit generate` would re-create tables and indexes that exist.
  it('drizzle-kit generate finds nothing to migrate', async () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'leadloom-drizzle-'));
    dirs.push(work);
    fs.cpSync(migrations, path.join(work, 'drizzle'), { recursive: true });
    const list = () =>
      fs.readdirSync(path.join(work, 'drizzle'), { recursive: true, encoding: 'utf8' }).sort();
    const before = list();

    const { stdout } = await run(
      process.execPath,
      [
        drizzleKit,
        'generate',
        '--dialect=postgresql',
        `--schema=${path.join(serverDir, 'src/db/schema/index.ts')}`,
        // drizzle-kit reads `out` relative to the working directory.
        '--out=./drizzle',
        '--name=unexpected',
      ],
      { cwd: work, timeout: 60_000, env: { ...process.env, NO_COLOR: '1' } },
    );

    const added = list().filter((f) => !before.includes(f));
    const sql = added
      .filter((f) => f.endsWith('.sql'))
      .map((f) => fs.readFileSync(path.join(work, 'drizzle', f), 'utf8'));
    expect({ added, sql }).toEqual({ added: [], sql: [] });
    expect(stdout).toContain('No schema changes');
  }, 90_000);

  // drizzle's migrator applies, on a database that has migrations, only those whose `when` is
  // later than the last one applied: an entry out of order would be skipped there for good.
  it('lists every migration file once, in the order of their times', () => {
    const { entries } = readJournal(migrations);
    const files = fs
      .readdirSync(migrations)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => f.replace(/\.sql$/, ''))
      .sort();
    // (0010 was written before 0009 and is listed, and applied, before it.)
    expect(entries.map((e) => e.tag).sort()).toEqual(files);
    for (let i = 1; i < entries.length; i++) {
      expect(entries[i]!.when, entries[i]!.tag).toBeGreaterThan(entries[i - 1]!.when);
    }
  });
});
