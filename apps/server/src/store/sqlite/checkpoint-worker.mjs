// The WAL checkpointer's thread (store/checkpointer.ts): its own connection to the database copies the log into
// the file every `everyMs`, PASSIVE (it never waits for, nor blocks, the server's writes), so the copy and its
// fsync never stop the event loop that answers moves. Plain JavaScript, so it starts the same under tsx and node.
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

import Database from 'libsql';

const { path, everyMs } = workerData;
let db;
try {
  // mode=rw: the file must exist. This thread may start after the database was deleted under the server; opening
  // the path plainly would then make a new empty database there, which the server's file check would take for a
  // file put in the old one's place (and a start after it for the data folder).
  db = new Database(`${pathToFileURL(path).href}?mode=rw`);
  db.exec('PRAGMA busy_timeout = 0');
} catch {
  // The file or its folder went away before this thread started (deleted, or a store closed at once): nothing
  // to checkpoint.
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
