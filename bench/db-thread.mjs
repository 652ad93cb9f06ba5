// Preloaded into the benchmarked server (`node --import bench/db-thread.mjs`): in the embedded
// database's worker thread (the one started with a `dataDir` in its workerData) it notes the
// thread's own id from /proc/thread-self in BENCH_DB_THREAD_FILE, so the bench can read that
// thread's CPU (/proc/<pid>/task/<tid>/stat: utime + stime) and split the process's CPU into
// the database's and the server's. A preload rather than a line in the worker, so the same hook
// measures an older commit's server too (`npm run bench -- compare`). Plain JavaScript: it
// runs before any TypeScript loader.
import fs from 'node:fs';
import { isMainThread, workerData } from 'node:worker_threads';

const file = process.env.BENCH_DB_THREAD_FILE;
if (
  file &&
  !isMainThread &&
  workerData &&
  typeof workerData === 'object' &&
  'dataDir' in workerData
) {
  try {
    const tid = fs.readlinkSync('/proc/thread-self').split('/').pop();
    fs.writeFileSync(file, String(tid));
  } catch {
    // Not Linux: the database's CPU stays unknown (NaN) and the server's is the whole process.
  }
}
