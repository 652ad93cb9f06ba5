import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyDataTemplate } from './data-template';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const serverMain = join(repoRoot, 'apps/server/dist/main.js');
const webIndex = join(repoRoot, 'apps/web/dist/index.html');
const demoScript = join(repoRoot, 'apps/server/dist/demo.js');
const adminScript = join(repoRoot, 'apps/server/dist/admin.js');

export interface RunningApp {
  url: string;
  port: number;
  dataDir: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * Hook timeout for a start with `superAdmins`: the demo seed and the admin command each open the
 * data folder before the server does.
 */
export const SUPER_ADMIN_START_MS = 240_000;

/** One of the built commands (`npm run demo`, `npm run admin`) on the app's data folder. */
async function runCommand(script: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`${script} ${args.join(' ')} exited ${code}:\n${output}`);
}

/**
 * Starts the production build (`npm run build`) as `npm start` would, on a fresh embedded data
 * folder, and resolves once it prints that it is running.
 */
export async function startBuiltApp(
  extraEnv: Record<string, string> = {},
  /** Accounts made super admins before start, as an operator does (the demo account is seeded first). */
  opts: { superAdmins?: string[] } = {},
): Promise<RunningApp> {
  for (const f of [serverMain, webIndex, adminScript]) {
    if (!existsSync(f))
      throw new Error(`${f} is missing: run \`npm run build\` before the browser suites.`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'leadloom-e2e-data-'));
  const seeded = copyDataTemplate(dataDir);
  // A port found free can be taken by another process before the server binds it (Chromium and
  // other suites' servers pick ports too); a bind that loses that race is retried on a new port.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const url = `http://localhost:${port}`;
    const env = {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      ...extraEnv,
    };
    if (attempt === 1 && opts.superAdmins?.length) {
      if (!seeded) await runCommand(demoScript, [], env);
      for (const email of opts.superAdmins) await runCommand(adminScript, ['grant', email], env);
    }
    try {
      const child = await spawnServer(env);
      return running(child, url, port, dataDir);
    } catch (err) {
      if (!(err instanceof PortTaken) || attempt >= 5) throw err;
    }
  }
}

class PortTaken extends Error {}

/** Starts the built server and resolves once it prints that it is running. */
async function spawnServer(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child: ChildProcess = spawn(process.execPath, [serverMain], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const notReady = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server not ready after 90 s:\n${output}`));
    }, 90_000);
    const onData = (d: Buffer) => {
      output += d.toString();
      if (output.includes('Leadloom is running')) {
        clearTimeout(notReady);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    child.once('exit', (code, signal) => {
      clearTimeout(notReady);
      const msg = `server exited (${code}) before it was ready:\n${output}`;
      reject(output.includes('EADDRINUSE') ? new PortTaken(msg) : new Error(msg));
      // After it was ready (the reject above is then a no-op): a server that dies mid-suite
      // says why, instead of leaving only "connection refused" in the tests after it.
      if (code !== 0 && signal !== 'SIGTERM')
        process.stderr.write(`\nserver exited (${code ?? signal}):\n${output.slice(-20_000)}\n`);
    });
  });
  return child;
}

function running(child: ChildProcess, url: string, port: number, dataDir: string): RunningApp {
  return {
    url,
    port,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
