// Runs embedded PostgreSQL (PGlite) in its own thread, so a long query never blocks the app's
// event loop, and serves it over the PostgreSQL wire protocol on a loopback port (DESIGN §3).
// Plain JavaScript on purpose: it is started as a worker both from source (tsx, vitest) and from
// the production bundle, and a worker does not inherit a TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const { dataDir } = workerData;

try {
  const db = await PGlite.create(dataDir ?? undefined, { extensions: { pg_trgm, btree_gin } });
  // One live connection is all the app uses; the spare slots only absorb pg-pool's reconnect
  // after a failed query (with 1, an SQL error made the next unrelated query fail).
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 4 });
  await server.start();
  const port = Number(server.getServerConn().split(':').pop());
  parentPort.postMessage({ type: 'ready', port });
  parentPort.on('message', async (msg) => {
    if (msg?.type !== 'stop') return;
    try {
      await server.stop();
      await db.close();
    } finally {
      parentPort.postMessage({ type: 'stopped' });
    }
  });
} catch (error) {
  parentPort.postMessage({
    type: 'error',
    message: error instanceof Error ? error.message : String(error),
  });
}
