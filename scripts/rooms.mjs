#!/usr/bin/env node
/**
 * The rules for the rooms (.dependency-cruiser.cjs), plus one check a file-by-file rule cannot
 * make: no cycle between the server's modules. A cycle between modules/<area> folders may run
 * through different files each way (a.service → b.service, b.repo → a.queries), so the graph is
 * collapsed to one node per module first. The cycles that exist are listed below, each with the
 * reason it stays; any other one fails.
 *
 *   node scripts/rooms.mjs            check (npm run lint runs it)
 *   node scripts/rooms.mjs --table    also print every import between rooms, with counts
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Imports that close a cycle between modules and stay for now, each with why, e.g.
 * `'plans -> boot': 'validation info starts the member sync, which boot owns'`. Each removes
 * one edge before the cycle check; an entry no longer needed fails too, so the list only
 * shrinks. Empty: no cycle between modules today.
 */
const KNOWN_CYCLE_EDGES = {};

const TARGETS = ['apps', 'packages', 'e2e', 'bench', 'scripts'];
const TEST_CODE = /(\.test\.tsx?|fixtures(\.repo)?\.ts|\/test-helpers\.ts)$/;
const MODULE = /^apps\/server\/src\/modules\/([^/]+)\//;

function cruise() {
  const bin = `${root}node_modules/.bin/depcruise`;
  const run = spawnSync(
    bin,
    ['--config', '.dependency-cruiser.cjs', '--output-type', 'json', ...TARGETS],
    {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  if (run.status === null || !run.stdout.startsWith('{')) {
    process.stderr.write(run.stderr || run.stdout);
    process.exit(2);
  }
  return JSON.parse(run.stdout);
}

/** The room a file lives in: a server module or top-level folder, a web feature, a package. */
function roomOf(path) {
  const rules = [
    [/^apps\/server\/src\/modules\/([^/]+)\//, (m) => `server:${m[1]}`],
    [/^apps\/server\/src\/modules\/[^/]+$/, () => 'server:modules'],
    [/^apps\/server\/src\/([^/]+)\//, (m) => `server/${m[1]}`],
    [/^apps\/server\//, () => 'server'],
    [/^apps\/web\/src\/features\/([^/]+)\//, (m) => `web:${m[1]}`],
    [/^apps\/web\/src\/([^/]+)\//, (m) => `web/${m[1]}`],
    [/^apps\/web\//, () => 'web'],
    [/^apps\/extension\//, () => 'extension'],
    [/^packages\/core\//, () => 'core'],
    [/^(e2e|bench|scripts)\//, (m) => m[1]],
  ];
  for (const [pattern, name] of rules) {
    const match = pattern.exec(path);
    if (match) return name(match);
  }
  return null;
}

/** module → module imports of the product's code (tests may reach across to set up rows). */
function moduleGraph(modules) {
  const edges = new Map();
  for (const source of modules) {
    const from = MODULE.exec(source.source)?.[1];
    if (!from || TEST_CODE.test(source.source)) continue;
    for (const dependency of source.dependencies) {
      const to = MODULE.exec(dependency.resolved)?.[1];
      if (!to || to === from) continue;
      const key = `${from} -> ${to}`;
      const files = edges.get(key) ?? [];
      files.push(
        `${source.source.replace(MODULE, '')} → ${dependency.resolved.replace(MODULE, '$1/')}`,
      );
      edges.set(key, files);
    }
  }
  return edges;
}

/** Strongly connected components with more than one module (Tarjan). */
function cycles(edgeKeys) {
  const next = new Map();
  for (const key of edgeKeys) {
    const [from, to] = key.split(' -> ');
    if (!next.has(from)) next.set(from, []);
    if (!next.has(to)) next.set(to, []);
    next.get(from).push(to);
  }
  let index = 0;
  const indexes = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    indexes.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node)) {
      if (!indexes.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node), indexes.get(to)));
      }
    }
    if (low.get(node) === indexes.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of [...next.keys()].sort()) if (!indexes.has(node)) visit(node);
  return found;
}

function printTable(result, edges) {
  const rooms = new Map();
  for (const source of result.modules) {
    const from = roomOf(source.source);
    if (!from || TEST_CODE.test(source.source)) continue;
    for (const dependency of source.dependencies) {
      const to = roomOf(dependency.resolved);
      if (!to || to === from) continue;
      const key = `${from} -> ${to}`;
      const entry = rooms.get(key) ?? { imports: 0, repository: 0 };
      entry.imports += 1;
      if (/(^|\/)([^/]+\.)?repo\.ts$/.test(dependency.resolved)) entry.repository += 1;
      rooms.set(key, entry);
    }
  }
  console.log(
    'Imports between rooms (product code, tests left out): from -> to  imports  (into its repository)',
  );
  for (const [key, entry] of [...rooms].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(
      `  ${key.padEnd(48)} ${String(entry.imports).padStart(4)}${entry.repository ? `  (${entry.repository} into repo)` : ''}`,
    );
  }
  console.log(`\nServer module -> module imports: ${edges.size} pairs`);
  for (const [key, files] of [...edges].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(`  ${key.padEnd(40)} ${files.join(', ')}`);
  }
}

const result = cruise();
const problems = [];

for (const violation of result.summary.violations) {
  if (violation.rule.severity !== 'error') continue;
  problems.push(`${violation.rule.name}: ${violation.from} → ${violation.to}`);
}

const edges = moduleGraph(result.modules);
for (const key of Object.keys(KNOWN_CYCLE_EDGES)) {
  if (!edges.has(key))
    problems.push(`known cycle edge "${key}" is gone: remove it from KNOWN_CYCLE_EDGES`);
}
const remaining = [...edges.keys()].filter((key) => !(key in KNOWN_CYCLE_EDGES));
for (const component of cycles(remaining)) {
  const inside = remaining.filter((key) =>
    key.split(' -> ').every((name) => component.includes(name)),
  );
  problems.push(
    `cycle between modules ${component.join(', ')}:\n${inside.map((key) => `    ${key}: ${edges.get(key).join(', ')}`).join('\n')}`,
  );
}

if (process.argv.includes('--table')) {
  printTable(result, edges);
  const all = cycles([...edges.keys()]);
  console.log(`\nCycles between modules (known exceptions included): ${all.length ? '' : 'none'}`);
  for (const component of all) console.log(`  ${component.join(' ⇄ ')}`);
}

if (problems.length > 0) {
  console.error(
    `Rooms: ${problems.length} problem(s) (rules in .dependency-cruiser.cjs and scripts/rooms.mjs)`,
  );
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log(
  `Rooms: ${result.summary.totalCruised} files, ${result.summary.totalDependenciesCruised} imports, no rule broken, no new cycle between modules.`,
);
