/**
 * CPU per request, split between the server and the database (Linux /proc; NaN elsewhere).
 * It depends far less on a shared machine's load than latency does, so runs are compared by it.
 * - Embedded PGlite: the database is one worker thread of the server process. The thread notes
 *   its own id (bench/db-thread.mjs, preloaded), its utime + stime is the database's CPU and
 *   the process's minus that the server's.
 * - PostgreSQL: the server's is the process's; the database's is the sum over the backends of
 *   the benchmark's database (pids by pg_stat_activity, this sampler's own pg_backend_pid()
 *   left out), each backend's /proc/<pid>/stat, counted from its first sample (a backend that
 *   appears mid-run counts whole: it was born in the run).
 */
import fs from 'node:fs';
import pg from 'pg';

/** utime + stime in ms of a /proc/.../stat file, or NaN. */
export function statCpuMs(statPath: string): number {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = fs.readFileSync(statPath, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ = 100
  } catch {
    return NaN;
  }
}

export interface CpuSample {
  /** The whole server process (embedded: including the database thread). */
  process: number;
  /** Embedded: the database thread; PostgreSQL: per backend pid. */
  db: Map<string, number>;
}

export interface CpuSplit {
  serverMs: number;
  dbMs: number;
}

/** CPU used between two samples: the server's and the database's. */
export function cpuBetween(before: CpuSample, after: CpuSample, embedded: boolean): CpuSplit {
  let db = 0;
  let known = after.db.size > 0;
  for (const [pid, ms] of after.db) db += ms - (before.db.get(pid) ?? (embedded ? NaN : 0));
  if (!known || Number.isNaN(db)) {
    known = false;
    db = NaN;
  }
  const processMs = after.process - before.process;
  return { serverMs: embedded && known ? processMs - db : processMs, dbMs: db };
}

export interface CpuSampler {
  sample(): Promise<CpuSample>;
  close(): Promise<void>;
}

export function embeddedSampler(pid: number, tidFile: string): CpuSampler {
  return {
    async sample() {
      const db = new Map<string, number>();
      try {
        const tid = fs.readFileSync(tidFile, 'utf8').trim();
        const ms = statCpuMs(`/proc/${pid}/task/${tid}/stat`);
        if (!Number.isNaN(ms)) db.set(tid, ms);
      } catch {
        // No note from the database thread (not Linux): unknown.
      }
      return { process: statCpuMs(`/proc/${pid}/stat`), db };
    },
    async close() {},
  };
}

export async function postgresSampler(pid: number, url: string): Promise<CpuSampler> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    async sample() {
      const { rows } = await client.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      const db = new Map<string, number>();
      for (const r of rows) {
        const ms = statCpuMs(`/proc/${r.pid}/stat`);
        if (!Number.isNaN(ms)) db.set(String(r.pid), ms);
      }
      return { process: statCpuMs(`/proc/${pid}/stat`), db };
    },
    close: () => client.end(),
  };
}
