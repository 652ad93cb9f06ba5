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
  const server = new PGLiteSocketServer({
    db: batchedMessages(db),
    host: '127.0.0.1',
    port: 0,
    maxConnections: 4,
  });
  await server.start();
  // pglite-socket writes each piece of PGlite's output as it comes (a syscall per protocol
  // message: a query's parse, bind, row, complete and ready answers are five), which made the
  // socket writes the biggest cost of a small query in this thread and a 'data' event each on
  // the app's side. Corked until the current call into PGlite has returned (it answers
  // synchronously), one call's answers go out as one write. Order is kept.
  server.server?.on('connection', coalesceWrites);
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

/** Makes a socket's writes of one synchronous run one write (see above). */
function coalesceWrites(socket) {
  const write = socket.write;
  let corked = false;
  socket.write = function (...args) {
    if (!corked) {
      corked = true;
      socket.cork();
      queueMicrotask(() => {
        corked = false;
        socket.uncork();
      });
    }
    return write.apply(socket, args);
  };
}

/** Parse, Bind, Describe, Execute and Close: answered at the next Sync at the latest. */
const HELD = new Set([0x50, 0x42, 0x44, 0x45, 0x43]);

/**
 * pglite-socket hands PGlite one protocol message at a time, each a call into PGlite of its
 * own: a query's Parse, Bind, Describe, Execute and Sync were five. PGlite takes several
 * messages in one call (with PostgreSQL's semantics: after an error, what follows up to the
 * Sync is skipped), and a server may hold its answers to an extended-protocol query until the
 * Sync, so these messages are held and handed over with the next message that is not one of
 * them (the Sync, a Flush, a simple query): one call per query, about 40% less of PGlite's
 * work for a small one. A startup message (first byte 0: a length) drops what a connection
 * that went away left held.
 */
function batchedMessages(db) {
  let held = [];
  const execProtocolRawStream = async (message, options) => {
    if (HELD.has(message[0])) {
      held.push(message);
      return;
    }
    if (message[0] === 0) held = [];
    else if (held.length > 0) {
      message = Buffer.concat([...held, message]);
      held = [];
    }
    return db.execProtocolRawStream(message, options);
  };
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'execProtocolRawStream') return execProtocolRawStream;
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
