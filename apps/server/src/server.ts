// Starts the server: reads the environment once, listens, and shuts down cleanly on SIGTERM or SIGINT.
import { buildApp } from './app.js';
import { loadConfig } from './config.js';

const config = loadConfig();
const app = await buildApp(config);

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
  app.log.fatal({ err: error }, 'cannot listen');
  process.exit(1);
}
