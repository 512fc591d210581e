// The WAL checkpointer's thread (store/checkpointer.ts): its own connection to the database copies the log into
// the file every `everyMs`, PASSIVE (it never waits for, nor blocks, the server's writes), so the copy and its
// fsync never stop the event loop that answers moves. Plain JavaScript, so it starts the same under tsx and node.
import { parentPort, workerData } from 'node:worker_threads';

import Database from 'libsql';

const { path, everyMs } = workerData;
let db;
try {
  db = new Database(path);
  db.exec('PRAGMA busy_timeout = 0');
} catch {
  // The folder went away before this thread started (a store closed at once): nothing to checkpoint.
  process.exit(0);
}
const checkpoint = () => {
  try {
    db.exec('PRAGMA wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or failing: the log stays, the next round (or the main connection at close) copies it.
  }
};
const timer = setInterval(checkpoint, everyMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.postMessage('stopped');
});
