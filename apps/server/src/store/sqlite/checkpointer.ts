// WAL checkpoints off the event loop: SQLite's automatic checkpoint runs inside a commit, on the thread that
// commits, and copies up to a thousand pages and syncs the file there (a stall of tens to hundreds of ms under a
// busy disk, seen as the paced bench's p99). The server's connection turns it off; a worker thread checkpoints.
import { Worker } from 'node:worker_threads';

import type Database from 'libsql';

/** A worker that checkpoints the database at `path` every `everyMs`; `stop` ends it. */
export class Checkpointer {
  readonly #worker: Worker;
  #exited = false; // the thread ended (its file was gone when it started)

  constructor(db: Database.Database, path: string, everyMs = 1000) {
    db.exec('PRAGMA wal_autocheckpoint = 0');
    this.#worker = new Worker(new URL('./checkpoint-worker.mjs', import.meta.url), { workerData: { path, everyMs } });
    this.#worker.unref();
    // A checkpoint that fails is retried by the next; the main connection checkpoints at close in any case.
    this.#worker.on('error', () => undefined);
    this.#worker.once('exit', () => (this.#exited = true));
  }

  /** Stops the worker; resolves once its connection is closed. */
  async stop(): Promise<void> {
    if (this.#exited) return;
    await new Promise<void>((resolve) => {
      const done = (): void => resolve();
      this.#worker.once('message', done);
      this.#worker.once('exit', done);
      this.#worker.ref(); // a process closing its store with nothing else to do must wait for the answer
      this.#worker.postMessage('stop');
      setTimeout(done, 2000).unref();
    });
    await this.#worker.terminate();
  }
}
