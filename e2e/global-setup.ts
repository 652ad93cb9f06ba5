// Seeds one data folder before the browser suites (migrations and the demo team, as a first
// `npm start` does) and lets each suite's server start on a copy of it: copying takes about a
// second, while migrating and seeding a fresh embedded database takes most of a server's start.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEMPLATE_ENV } from './data-template';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const demoScript = join(repoRoot, 'apps/server/dist/demo.js');

export default async function setup(): Promise<() => void> {
  // Without a build the suites fail on their own with the message that says to build.
  if (!existsSync(demoScript)) return () => {};
  const dir = mkdtempSync(join(tmpdir(), 'leadloom-e2e-template-'));
  const child = spawn(process.execPath, [demoScript], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0)
    throw new Error(`seeding the browser suites' data folder failed (${code}):\n${output}`);
  process.env[TEMPLATE_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
