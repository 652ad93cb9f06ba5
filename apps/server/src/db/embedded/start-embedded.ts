import { Worker } from 'node:worker_threads';

export interface EmbeddedServer {
  /** A connection string for the one `pg` connection the app opens. */
  connectionString: string;
  stop(): Promise<void>;
}

/**
 * Starts PGlite in a worker thread behind pglite-socket. `dataDir` undefined = in memory
 * (tests); otherwise the folder holds the database files and survives restarts.
 */
export async function startEmbeddedPostgres(dataDir: string | undefined): Promise<EmbeddedServer> {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: { dataDir },
  });
  const port = await new Promise<number>((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    worker.once('error', onError);
    worker.on('message', function onMessage(msg: { type: string; port?: number; message?: string }) {
      if (msg.type === 'ready' && msg.port) {
        worker.off('message', onMessage);
        worker.off('error', onError);
        resolve(msg.port);
      } else if (msg.type === 'error') {
        reject(new Error(`embedded database failed to start: ${msg.message}`));
      }
    });
  });
  let stopped: Promise<void> | undefined;
  return {
    connectionString: `postgres://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        const done = () => {
          void worker.terminate().then(() => resolve());
        };
        worker.on('message', (msg: { type: string }) => {
          if (msg.type === 'stopped') done();
        });
        worker.once('error', done);
        worker.postMessage({ type: 'stop' });
        // PGlite flushes on close; give it time, but never hang a shutdown forever.
        setTimeout(done, 10_000).unref();
      });
      return stopped;
    },
  };
}
