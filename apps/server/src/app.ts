// Builds the whole server as a Fastify app without listening, so tests and server.ts share it.
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';

import type { Config } from './config.js';
import { registerExplorerRoutes } from './explorer/explorer-routes.js';
import { clientError, frameworkError, registerErrorHandler } from './http/errors.js';
import { registerJsonBodies } from './http/json-body.js';
import { loggerOptions, LogThrottle } from './http/logger.js';
import { registerHostCheck } from './http/site.js';
import { registerLobbyRoutes } from './lobby/lobby-routes.js';
import { registerPushRoutes } from './push/push-routes.js';
import { registerPuzzleRoutes } from './puzzles/puzzle-routes.js';
import { registerApiRoutes } from './routes/api.js';
import { registerGameRecordRoute } from './routes/game-record.js';
import { registerHealthRoutes } from './routes/health.js';
import { registerPageMeta } from './routes/page-meta.js';
import { registerSecurityHeaders } from './routes/security-headers.js';
import { variantList } from './routes/variant-list.js';
import { registerWebApp } from './routes/web.js';
import { type AppDeps, openServices, type Services } from './services.js';
import { Connections } from './socket/connections.js';
import { closeAllSockets, MAX_PAYLOAD_BYTES, registerTableSocket } from './socket/table-socket.js';
import { keepTcpDeadlines } from './socket/tcp-deadlines.js';
import { registerSolutionRoutes } from './solution/solution-routes.js';

/** How often waiting tables are swept. */
const SWEEP_MS = 10 * 60_000;

/** Builds the app: API, WebSocket, web app, store; call `listen` on the result, `close` to stop. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    bodyLimit: 16 * 1024,
    // The router's default (100) answers longer ids with 414 or a wrong 404; every id must reach its route and get table-not-found.
    routerOptions: { maxParamLength: 16 * 1024 },
    frameworkErrors: frameworkError,
    // What Node's parser refuses (a 431 for headers too large) in the same shape as every other error.
    clientErrorHandler: clientError,
    // Exactly the one hop in front (the proxy): the client is the last address it added, never one a client wrote.
    trustProxy: config.trustProxy ? (_address: string, hop: number) => hop === 0 : false,
    // On close, idle keep-alive connections are cut at once; requests in flight may finish.
    forceCloseConnections: 'idle',
    // A connection that says nothing, dribbles a request or idles between requests gives its file descriptor back
    // (an upgraded WebSocket is no longer under these: liveness pings watch it).
    connectionTimeout: 60_000,
    requestTimeout: 30_000,
    keepAliveTimeout: 10_000,
  });
  keepTcpDeadlines(app.server, { firstByteMs: config.firstByteMs, headersMs: config.headersMs });
  const throttle = new LogThrottle();
  const services = await openServices(config, deps, app.log, throttle);
  const { backend, lobby, computers, authority, solutions, build, push, explorer } = services;
  const store = backend.store;
  app.addHook('preClose', async () => computers.close()); // before the store closes
  const connections = new Connections({
    maxPerAddress: config.maxConnectionsPerAddress,
    helloMs: config.helloMs,
    pingMs: config.pingMs,
    pongTimeoutMs: config.pongTimeoutMs,
  });
  app.addHook('onClose', async () => {
    push?.sender.close();
    connections.stop();
    authority.close();
    await explorer.flush(); // the games ended in the last moments, before the store closes
    await backend.close();
    await build.close();
    solutions.close();
  });

  registerErrorHandler(app, throttle);
  registerSecurityHeaders(app);
  registerJsonBodies(app);
  await registerPlugins(app, throttle);
  // After the WebSocket plugin's own hook, so an upgrade refused here has its socket closed by the plugin.
  registerHostCheck(app, config.publicHosts);

  await resume(app, services, throttle);

  registerHealthRoutes(app, store);
  // Every variant lists the option sets solved here (none: []); made again when a table is installed.
  const variants = variantList(solutions);
  registerApiRoutes(app, authority, {
    computerGames: {
      limit: config.computerGamesPerAddress,
      playing: (address) => computers.playingFor(address),
      claim: (tableId, address) => computers.claim(tableId, address),
    },
    lobbyPlaces: {
      limit: config.lobbyTablesPerAddress,
      waiting: (address) => lobby.waitingFrom(address),
      claim: (tableId, address) => lobby.claim(tableId, address),
    },
    createLimit: config.createLimit,
    tableReadsPerMinute: config.tableReadsPerMinute,
    allowedOrigins: config.allowedOrigins,
    throttle,
    variants,
  });
  registerSolutionRoutes(app, authority, solutions, build);
  registerExplorerRoutes(app, backend.explorer, solutions);
  registerLobbyRoutes(app, lobby, { connections });
  registerGameRecordRoute(app, authority);
  registerPuzzleRoutes(app, services.puzzles, {
    allowedOrigins: config.allowedOrigins,
    throttle,
    now: deps.now ?? Date.now,
  });
  registerPushRoutes(app, {
    publicKey: push?.keys.publicKey ?? null,
    subscriptions: backend.pushSubscriptions,
    store,
    hosts: push?.hosts ?? [],
    allowedOrigins: config.allowedOrigins,
    throttle,
    now: deps.now ?? Date.now,
  });
  registerPageMeta(app, authority, config.webDir, variants);
  registerTableSocket(app, authority, {
    guard: { burst: config.messageBurst, ratePerSecond: config.messageRate, maxStrikes: config.maxStrikes },
    connections,
    maxQueuedBytes: config.maxQueuedBytes,
    allowedOrigins: config.allowedOrigins,
    throttle,
  });
  await registerWebApp(app, config.webDir);
  return app;
}

/** The WebSocket and rate-limit plugins, with the server's settings. */
async function registerPlugins(app: FastifyInstance, throttle: LogThrottle): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(`too many requests; try again in ${context.after}`), { statusCode: 429 }),
  });
  await app.register(websocket, {
    // UTF-8 is checked per message by the socket route, so a bad frame gets bad-message rather than a 1007 close.
    options: { maxPayload: MAX_PAYLOAD_BYTES, skipUTF8Validation: true },
    // Errors on a socket are the client's (a malformed frame, a reset): a throttled line, never a stack.
    errorHandler: (error, socket, request) => {
      throttle.warn(request.log, 'socket error', { reason: error.message });
      socket.terminate();
    },
    preClose(done) {
      closeAllSockets(this.websocketServer.clients);
      // A closed WebSocket server refuses upgrades that still come in while the app shuts down.
      this.websocketServer.close(() => done());
    },
  });
}

/** After a start: listed tables back in the lobby, the computer back at its games, the waiting-table sweep. */
async function resume(app: FastifyInstance, services: Services, throttle: LogThrottle): Promise<void> {
  // Listed tables back in the lobby; the computer sits down again where it was playing.
  const { authority, computers, lobby, referee } = services;
  const unfinished = await services.backend.store.listUnfinished();
  await lobby.restore(unfinished);
  await authority.watchDeadlines(unfinished); // clocks and first-move deadlines run with nobody there
  app.log.info({ tables: computers.resume(unfinished) }, 'computer games resumed');
  await referee.start(authority, unfinished); // correspondence deadlines
  app.addHook('preClose', async () => referee.stop());
  const sweep = (): void => {
    authority.sweep().then(
      (removed) => removed.length && app.log.info({ removed: removed.length }, 'waiting tables removed'),
      (error: unknown) => throttle.error(app.log, 'sweep failed', error),
    );
  };
  sweep();
  const timer = setInterval(sweep, SWEEP_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
