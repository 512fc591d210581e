// Starts the server: reads the environment once, listens, and shuts down cleanly on SIGTERM or SIGINT.
// A start that cannot go on says why in one line on stderr (what, where, the cause) and exits 1.
import type { FastifyInstance } from 'fastify';

import { buildApp } from './app.js';
import { loadConfig } from './config.js';

/** Ends the process with one readable line: no stack for a bad setting or an unusable data folder. */
function cannotStart(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`fox-and-geese server cannot start: ${message.replace(/\s+/g, ' ').trim()}\n`);
  process.exit(1);
}

let app: FastifyInstance;
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
  app = await buildApp(config);
} catch (error) {
  cannotStart(error);
}

let stopping = false;
const stop = (signal: string): void => {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  // Closing stops accepting, closes sockets with 1001 and then the store; a stuck close is cut short.
  setTimeout(() => process.exit(1), 10_000).unref();
  app.close().then(
    () => process.exit(0),
    (error: unknown) => {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    },
  );
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  await app.close().catch(() => undefined);
  cannotStart(new Error(`cannot listen on ${config.host}:${config.port}: ${(error as Error).message}`));
}
