/**
 * One line of the quick benchmark table (`npm run bench -- all --quick`) and how lines are
 * compared: by CPU per request of the server and of the database, which a shared machine's
 * load changes far less than latency. Pure: no I/O, so a unit test feeds it synthetic tables.
 */
export interface BenchLine {
  /** Stable key, e.g. `board-read` or `search/palette: 1-3 chars`. */
  id: string;
  /** The figure as printed, e.g. `p95 38.1 ms, 147 req/s`. */
  figure: string;
  /** Requests the CPU figures are averaged over. */
  requests: number;
  /** CPU per request, ms: the server's (embedded: the process minus the database thread). */
  serverCpuMs: number;
  /** CPU per request, ms: the database's; NaN where it cannot be read. */
  dbCpuMs: number;
  /** A raised goal this line tracks (judged at full size; at quick size it only informs). */
  goal?: string;
  /** Requests that failed: the only thing that fails a quick run. */
  errors: number;
}

/** Server + database CPU per request (the database's left out where unknown). */
export function cpuPerRequest(line: Pick<BenchLine, 'serverCpuMs' | 'dbCpuMs'>): number {
  return line.serverCpuMs + (Number.isNaN(line.dbCpuMs) ? 0 : line.dbCpuMs);
}

function median(values: number[]): number {
  const s = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/**
 * The median line of several runs, figure by figure (the figure text of the median run by CPU).
 * Lines missing from a run are taken from the runs that have them.
 */
export function medianTable(runs: BenchLine[][]): BenchLine[] {
  const ids = [...new Set(runs.flatMap((r) => r.map((l) => l.id)))];
  return ids.map((id) => {
    const lines = runs.flatMap((r) => r.filter((l) => l.id === id));
    const byCpu = [...lines].sort((a, b) => cpuPerRequest(a) - cpuPerRequest(b));
    const mid = byCpu[Math.floor((byCpu.length - 1) / 2)]!;
    return {
      ...mid,
      serverCpuMs: median(lines.map((l) => l.serverCpuMs)),
      dbCpuMs: median(lines.map((l) => l.dbCpuMs)),
      requests: median(lines.map((l) => l.requests)),
      errors: Math.max(...lines.map((l) => l.errors)),
    };
  });
}

/** More than this much more CPU per request is a regression. */
export const WORSE_BY = 0.2;
/**
 * Below this difference (ms per request) nothing is flagged: /proc counts CPU in 10 ms ticks,
 * so a line of few requests cannot resolve less.
 */
export const MIN_DIFF_MS = 0.05;

export interface Comparison {
  id: string;
  ref: BenchLine | undefined;
  work: BenchLine | undefined;
  /** (work − ref) / ref of CPU per request; NaN when either side is missing. */
  change: number;
  flagged: boolean;
}

/** Line by line: flagged only when the work's CPU per request is more than 20 % above ref's. */
export function compareTables(ref: BenchLine[], work: BenchLine[]): Comparison[] {
  const ids = [...new Set([...ref.map((l) => l.id), ...work.map((l) => l.id)])];
  return ids.map((id) => {
    const r = ref.find((l) => l.id === id);
    const w = work.find((l) => l.id === id);
    const before = r ? cpuPerRequest(r) : NaN;
    const after = w ? cpuPerRequest(w) : NaN;
    const change = before > 0 ? (after - before) / before : NaN;
    const flagged = change > WORSE_BY && after - before > MIN_DIFF_MS;
    return { id, ref: r, work: w, change, flagged };
  });
}

const cpu = (n: number) => (Number.isNaN(n) ? '-' : n.toFixed(2));

/** The quick table: one line per figure, CPU per request beside it, goals after. */
export function formatTable(lines: BenchLine[], baseline?: BenchLine[]): string {
  const vs = baseline ? compareTables(baseline, lines) : [];
  const rows = lines.map((l) => {
    const c = vs.find((x) => x.id === l.id);
    return [
      l.id,
      l.figure,
      String(l.requests),
      cpu(l.serverCpuMs),
      cpu(l.dbCpuMs),
      c && !Number.isNaN(c.change)
        ? `${c.change >= 0 ? '+' : ''}${(c.change * 100).toFixed(0)} %${c.flagged ? ' WORSE' : ''}`
        : baseline
          ? 'new'
          : '',
      l.errors ? `${l.errors} errors` : '',
    ];
  });
  const head = ['benchmark', 'figure', 'requests', 'server ms/req', 'db ms/req'];
  if (baseline) head.push('CPU vs baseline');
  const cols = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const fmt = (r: string[]) =>
    r
      .slice(0, head.length)
      .map((c, i) => (i >= 2 ? c.padStart(cols[i]!) : c.padEnd(cols[i]!)))
      .join('  ') + (r[head.length] ? `  ${r[head.length]}` : '');
  const out = [fmt(head), cols.map((n) => '-'.repeat(n)).join('  '), ...rows.map(fmt)];
  const goals = lines.filter((l) => l.goal);
  if (goals.length) {
    out.push('', 'goals (judged at full size; not failing a quick run):');
    for (const l of goals) out.push(`  goal ${l.id}: ${l.goal}`);
  }
  return out.join('\n');
}

/** Side by side: ref and work CPU per request, the change, and the flag. */
export function formatComparison(rows: Comparison[], refName: string): string {
  const body = rows.map((c) => [
    c.id,
    c.ref?.figure ?? '-',
    c.work?.figure ?? '-',
    c.ref ? `${cpu(c.ref.serverCpuMs)} + ${cpu(c.ref.dbCpuMs)}` : '-',
    c.work ? `${cpu(c.work.serverCpuMs)} + ${cpu(c.work.dbCpuMs)}` : '-',
    Number.isNaN(c.change) ? '' : `${c.change >= 0 ? '+' : ''}${(c.change * 100).toFixed(0)} %`,
    c.flagged ? 'WORSE' : '',
  ]);
  const head = [
    'benchmark',
    `figure ${refName}`,
    'figure working tree',
    'CPU/req ref (server + db)',
    'CPU/req work',
    'change',
    '',
  ];
  const cols = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  return [head, cols.map((n) => '-'.repeat(n)), ...body]
    .map((r) =>
      r
        .map((c, i) => c.padEnd(cols[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** Handed to a benchmark run as part of the quick set: reduced size, lines collected. */
export interface Quick {
  collect(line: BenchLine): void;
}

/** A line's CPU per request from a run's split. */
export function perRequest(
  cpu: { serverMs: number; dbMs: number },
  requests: number,
): Pick<BenchLine, 'serverCpuMs' | 'dbCpuMs' | 'requests'> {
  return {
    requests,
    serverCpuMs: cpu.serverMs / Math.max(1, requests),
    dbCpuMs: cpu.dbMs / Math.max(1, requests),
  };
}
