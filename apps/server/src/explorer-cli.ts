// `pnpm explorer-backfill`: adds the finished games already stored (before the explorer existed, or missed while the
// index's store failed) to the explorer's index, with the server's own settings (DATA_DIR, or REDIS_URL). Games
// already counted count nothing twice, so it may run again at any time; with SQLite, run it while the server is
// stopped (one process holds the data folder).
import { openBackend } from './backend.js';
import { loadConfig } from './config.js';
import { backfill } from './explorer/explorer-recorder.js';

try {
  const config = loadConfig();
  const backend = openBackend(config, {
    onError: (error, what) => process.stderr.write(`${what}: ${String(error)}\n`),
  });
  const started = Date.now();
  const { read, added } = await backfill(backend.store.listFinished(), backend.explorer);
  process.stdout.write(
    `explorer backfill: ${read} finished games read, ${added} added in ${Date.now() - started} ms\n`,
  );
  await backend.close();
} catch (error) {
  process.stderr.write(`explorer backfill failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
