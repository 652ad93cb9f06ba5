/**
 * `npm run bench -- compare [REF] [--only a,b] [--runs N]`: the quick set for REF (default: the
 * commit in bench/baseline.json) and for the working tree, side by side on this machine.
 * REF is checked out in a git worktree (under the system's temp folder, kept for the next
 * compare) that shares this checkout's node_modules, and built there once. Each benchmark runs
 * REF, working tree, REF, working tree… (interleaved, so a change in the machine's load hits
 * both alike), three times each by default; the median of each side is compared, and a figure
 * is flagged only when its CPU per request (server + database) is more than 20 % worse. Both
 * sides are measured by this checkout's harness (BENCH_APP_ROOT points it at REF's build).
 * The working tree must be built (`npm run build`). Exits non-zero when something is flagged.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareTables, formatComparison, medianTable, type BenchLine } from './figures';
import { QUICK_SET, readBaseline } from './quick-set';

const here = path.dirname(fileURLToPath(import.meta.url));
const workRoot = path.resolve(here, '..');

function git(args: string[], cwd = workRoot): string {
  return execFileSync('git', args, { cwd, stdio: ['ignore', 'pipe', 'inherit'] })
    .toString()
    .trim();
}

function run(cmd: string, args: string[], cwd: string, env = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
    p.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}`)),
    );
  });
}

/** A built checkout of `sha` sharing this checkout's node_modules. */
async function refCheckout(sha: string): Promise<string> {
  const dir = path.join(os.tmpdir(), `leadloom-compare-${sha.slice(0, 12)}`);
  if (!fs.existsSync(path.join(dir, '.git'))) {
    fs.rmSync(dir, { recursive: true, force: true });
    // A checkout removed by hand (or by a tmp cleaner) stays registered until pruned.
    git(['worktree', 'prune']);
    git(['worktree', 'add', '--detach', dir, sha]);
  }
  for (const nm of ['node_modules', 'apps/server/node_modules', 'apps/web/node_modules']) {
    const from = path.join(workRoot, nm);
    const to = path.join(dir, nm);
    if (!fs.existsSync(from)) continue;
    // existsSync follows links: a dangling link from an earlier run reads as missing.
    const link = fs.lstatSync(to, { throwIfNoEntry: false });
    if (link?.isSymbolicLink() && !fs.existsSync(to)) fs.unlinkSync(to);
    if (!fs.existsSync(to)) fs.symlinkSync(from, to, 'dir');
  }
  const built = path.join(dir, 'apps/server/dist/main.js');
  if (!fs.existsSync(built) || !fs.existsSync(path.join(dir, 'apps/web/dist/index.html'))) {
    process.stdout.write(`Building ${sha.slice(0, 12)} in ${dir}...\n`);
    await run('npm', ['run', 'build', '--silent'], dir);
  }
  return dir;
}

/** One quick benchmark in a fresh process, measuring `appRoot`'s build; its lines. */
async function quickLines(name: string, appRoot: string): Promise<BenchLine[]> {
  const out = path.join(os.tmpdir(), `leadloom-compare-${process.pid}-${name}.json`);
  try {
    await run(
      process.execPath,
      ['--import', 'tsx', 'bench/run.ts', 'all', '--quick', '--only', name, '--json', out],
      workRoot,
      { ...process.env, BENCH_APP_ROOT: appRoot },
    ).catch(() => {}); // errors are in its lines
    const lines = JSON.parse(fs.readFileSync(out, 'utf8')) as BenchLine[];
    return lines.map((l) => ({
      ...l,
      serverCpuMs: l.serverCpuMs ?? NaN,
      dbCpuMs: l.dbCpuMs ?? NaN,
    }));
  } catch {
    return [];
  } finally {
    fs.rmSync(out, { force: true });
  }
}

export async function compareCommand(args: string[]): Promise<boolean> {
  const flag = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const positional = args.filter(
    (a, i) => !a.startsWith('--') && !['--only', '--runs'].includes(args[i - 1] ?? ''),
  );
  const refName = positional[0] ?? readBaseline()?.commit;
  if (!refName) throw new Error('No REF given and no commit in bench/baseline.json.');
  if (!fs.existsSync(path.join(workRoot, 'apps/server/dist/main.js'))) {
    throw new Error('Run `npm run build` first: the working tree is measured on its build.');
  }
  const sha = git(['rev-parse', '--verify', `${refName}^{commit}`]);
  const only = flag('--only')?.split(',') ?? Object.keys(QUICK_SET);
  const runs = Number(flag('--runs') ?? 3);
  const refDir = await refCheckout(sha);

  const refRuns: BenchLine[][] = Array.from({ length: runs }, () => []);
  const workRuns: BenchLine[][] = Array.from({ length: runs }, () => []);
  const started = performance.now();
  for (const name of only) {
    for (let r = 0; r < runs; r++) {
      process.stdout.write(`\n### ${name}: ${sha.slice(0, 12)} (run ${r + 1}/${runs})\n`);
      refRuns[r]!.push(...(await quickLines(name, refDir)));
      process.stdout.write(`\n### ${name}: working tree (run ${r + 1}/${runs})\n`);
      workRuns[r]!.push(...(await quickLines(name, workRoot)));
    }
  }
  const rows = compareTables(medianTable(refRuns), medianTable(workRuns));
  const flagged = rows.filter((r) => r.flagged);
  process.stdout.write(
    [
      '',
      `compare: ${refName} (${sha.slice(0, 12)}) vs the working tree, quick set, interleaved, ` +
        `median of ${runs}, ${os.cpus().length} CPUs, ${((performance.now() - started) / 60_000).toFixed(1)} min`,
      'CPU per request in ms (server + database); flagged when more than 20 % worse',
      formatComparison(rows, sha.slice(0, 12)),
      '',
      flagged.length
        ? `${flagged.length} figure(s) more than 20 % worse in CPU per request: ${flagged.map((r) => r.id).join(', ')}`
        : 'No figure more than 20 % worse in CPU per request.',
      '',
    ].join('\n'),
  );
  return flagged.length === 0;
}
