// The server's settings, read once from the environment and checked with zod.
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

import { solutionDir } from '@fg/solver';
import { z } from 'zod';

/**
 * The push services of the browsers that implement Web Push: Chrome, Edge's Chromium builds, Opera, Brave and
 * Samsung Internet use Firebase Cloud Messaging (fcm.googleapis.com; android.googleapis.com on old Chrome),
 * Firefox Mozilla's autopush, Edge on Windows the Windows Push Notification Services (wns2-*.notify.windows.com),
 * Safari Apple's (web.push.apple.com).
 */
export const DEFAULT_PUSH_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.notify.windows.com',
  'web.push.apple.com',
  '*.push.apple.com',
];

/** Threads for thinking: the cores less one for the event loop, at least one. */
const defaultThreads = (): number => Math.max(1, availableParallelism() - 1);

const intFrom = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);

/** The environment variables the server reads, with their defaults. */
const envSchema = z.object({
  PORT: intFrom(3000).pipe(z.number().max(65535)),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Where the solution tables are (docs/solution.md); unset: DATA_DIR/solutions. */
  SOLUTION_DIR: z.string().min(1).optional(),
  /** `on`: a server with no 13-geese table builds it in the background (docs/solution.md); `off`: never. */
  SOLVE: z.enum(['on', 'off']).default('on'),
  /** The background build's last tier: less than 13 builds a test-size table (tests, demos); unset: the whole table. */
  SOLVE_UP_TO: z.coerce.number().int().min(4).max(13).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['pretty', 'json', 'auto']).default('auto'),
  ABANDON_SECONDS: intFrom(60),
  FIRST_MOVE_SECONDS: intFrom(60),
  WEB_DIR: z
    .string()
    .min(1)
    .default(fileURLToPath(new URL('../../web/dist', import.meta.url))),
  /** Tables one address may create per minute: room for a bot's tournament or a test suite, still a wall against floods. */
  CREATE_LIMIT: intFrom(300, 1),
  /** Reads of one table (its view, its record) one address may make a minute: each read keeps the table loaded. */
  TABLE_READS_PER_MINUTE: intFrom(600, 1),
  /** Messages one connection may send in a burst, refilled at MESSAGE_RATE per second. */
  MESSAGE_BURST: intFrom(30, 1),
  MESSAGE_RATE: intFrom(10, 1),
  /** Bad inputs within a minute after which a connection is closed with 1008. */
  MAX_STRIKES: intFrom(10, 1),
  /** Hours after which a table whose seat is still free is removed. */
  WAITING_HOURS: z.coerce.number().positive().default(24),
  /**
   * `normal` (WAL): a committed move is in the log file before it is acknowledged, so a killed process loses
   * nothing; `full` also syncs the log to the disk at every commit, against power loss, at one fsync per batch.
   */
  SQLITE_SYNC: z.enum(['full', 'normal']).default('normal'),
  /** Several instances share every table through this Redis (docs/protocol.md, Scale-out); unset: embedded SQLite. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'a redis:// or rediss:// URL')
    .optional(),
  /** Days a table stays in Redis after its end, or after its last move when nobody ends it (SQLite keeps every table). */
  KEEP_FINISHED_DAYS: z.coerce.number().positive().default(30),
  /**
   * `true` behind one reverse proxy (deploy/haproxy.cfg), so limits count the client's address, not the proxy's: the
   * last address the proxy hop added to X-Forwarded-For, and its X-Forwarded-Proto / -Host; never an earlier hop.
   */
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  /** Threads the computer thinks in; 0 = the cores less one (at least one). */
  COMPUTER_THREADS: intFrom(0),
  /** A cap in ms on the computer's time a move (tests); 0 = each level's own time. */
  COMPUTER_THINK_MS: intFrom(0),
  /** Unfinished games against the computer one address may have the computer playing at once. */
  COMPUTER_GAMES_PER_ADDRESS: intFrom(10, 1),
  /** Tables one address may have waiting in the lobby at once (the lobby shows 50). */
  LOBBY_TABLES_PER_ADDRESS: intFrom(5, 1),
  /** Bytes a socket may have queued for a client that does not read: above it a spectator is closed with 1013. */
  MAX_QUEUED_BYTES: intFrom(1024 * 1024, 1024),
  /** WebSocket connections one client address may hold at once: room for a school behind one NAT. */
  MAX_CONNECTIONS_PER_ADDRESS: intFrom(200, 1),
  /** Seconds a new connection has to say hello before it is closed with 1008. */
  HELLO_SECONDS: z.coerce.number().positive().default(10),
  FIRST_BYTE_SECONDS: z.coerce.number().positive().default(10),
  HEADERS_SECONDS: z.coerce.number().positive().default(30),
  /** Seconds between WebSocket pings; a socket silent for PONG_SECONDS is terminated (docs/protocol.md, liveness). */
  PING_SECONDS: z.coerce.number().positive().default(15),
  PONG_SECONDS: z.coerce.number().positive().default(30),
  /** Milliseconds a write waits for a lock held by another process (retried off the event loop) before `unavailable`. */
  STORE_BUSY_MS: intFrom(2000),
  /** Origins besides the server's own that may create tables, take seats and open sockets from a browser. */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((text) =>
      text
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url())),
  /** Host names the site answers for (any port); unset: any well-formed host. Guards a server on 127.0.0.1 against
   * DNS rebinding. The health probes answer for any host. */
  PUBLIC_HOSTS: z
    .string()
    .optional()
    .transform((text) => {
      const hosts = (text ?? '')
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean);
      return hosts.length > 0 ? hosts : null;
    })
    .pipe(z.array(z.string().regex(/^[a-z0-9.-]+$|^\[[0-9a-f:.]+\]$/, 'host names, comma-separated')).nullable()),
  /** The hosts push endpoints may be on (`*.` for any subdomain); `off` (any case), or no host, turns push off. */
  PUSH_HOSTS: z
    .string()
    .default(DEFAULT_PUSH_HOSTS.join(','))
    .transform((text) => {
      const hosts = text
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean);
      return hosts.length === 0 || (hosts.length === 1 && hosts[0] === 'off') ? null : hosts;
    }),
  /** Whom a push service may contact about this server's pushes (RFC 8292 `sub`): a mailto: or https: URL. */
  PUSH_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'a mailto: or https:// URL')
    .default('mailto:push@fox-and-geese.invalid'),
  /** Seconds in a correspondence game's day (tests and demos shorten it). */
  CORRESPONDENCE_DAY_SECONDS: z.coerce.number().positive().default(86_400),
});

/** The server's settings. */
export interface Config {
  readonly port: number; // 3000
  readonly host: string; // '127.0.0.1'
  readonly dataDir: string; // './data'; ':memory:' keeps nothing on disk
  readonly solutionDir: string; // '/srv/data/solutions', the solution tables
  readonly solve: boolean; // build the 13-geese table in the background when none is installed
  readonly solveUpTo: number | null; // its last tier (a test-size table); null: the whole table
  readonly logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  readonly logFormat: 'pretty' | 'json';
  readonly abandonSeconds: number; // 60
  readonly firstMoveSeconds: number; // 60; a game with a clock aborts when a first move does not come by then
  readonly webDir: string; // folder of the built web app
  readonly createLimit: number; // 300 tables a minute per address
  readonly tableReadsPerMinute: number; // 600 reads of GET /api/tables/:id (and /record) a minute per address
  readonly messageBurst: number; // 30 messages
  readonly messageRate: number; // 10 messages a second
  readonly maxStrikes: number; // 10 bad inputs a minute
  readonly waitingHours: number; // 24
  readonly sqliteSync: 'full' | 'normal';
  readonly trustProxy: boolean;
  readonly computerThreads: number; // 1 on two cores
  readonly computerThinkMs: number; // 0 = each level's own time
  readonly computerGamesPerAddress: number; // 10
  readonly lobbyTablesPerAddress: number; // 5
  readonly redisUrl: string | null; // 'redis://127.0.0.1:6379'; null: SQLite, one process
  readonly keepFinishedDays: number; // 30
  readonly maxQueuedBytes: number; // 1 MiB
  readonly maxConnectionsPerAddress: number; // 200
  readonly helloMs: number; // 10 000
  readonly firstByteMs: number; // 10 000: a TCP connection that sends nothing by then is closed
  readonly headersMs: number; // 30 000: a connection whose request head is not whole by then is closed
  readonly pingMs: number; // 15 000
  readonly pongTimeoutMs: number; // 30 000
  readonly storeBusyMs: number; // 2000
  readonly allowedOrigins: readonly string[]; // ['https://fox.example']
  readonly publicHosts: readonly string[] | null; // ['fox.example']; null: any well-formed host
  readonly pushHosts: readonly string[] | null; // ['fcm.googleapis.com', '*.notify.windows.com']; null: push off
  readonly pushSubject: string; // 'mailto:push@fox-and-geese.invalid'
  readonly correspondenceDayMs: number; // 86 400 000
}

/** Parses the environment once; a bad value stops the server with a message naming it. */
export function loadConfig(
  env: Readonly<Record<string, string | undefined>> = process.env,
  overrides: Partial<Config> = {},
): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`bad environment: ${problems}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    solutionDir: solutionDir({ SOLUTION_DIR: e.SOLUTION_DIR, DATA_DIR: e.DATA_DIR }),
    solve: e.SOLVE === 'on' && e.DATA_DIR !== ':memory:',
    solveUpTo: e.SOLVE_UP_TO ?? null,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT === 'auto' ? (process.stdout.isTTY ? 'pretty' : 'json') : e.LOG_FORMAT,
    abandonSeconds: e.ABANDON_SECONDS,
    firstMoveSeconds: e.FIRST_MOVE_SECONDS,
    webDir: e.WEB_DIR,
    createLimit: e.CREATE_LIMIT,
    tableReadsPerMinute: e.TABLE_READS_PER_MINUTE,
    messageBurst: e.MESSAGE_BURST,
    messageRate: e.MESSAGE_RATE,
    maxStrikes: e.MAX_STRIKES,
    waitingHours: e.WAITING_HOURS,
    sqliteSync: e.SQLITE_SYNC,
    trustProxy: e.TRUST_PROXY === 'true',
    computerThreads: e.COMPUTER_THREADS || defaultThreads(),
    computerThinkMs: e.COMPUTER_THINK_MS,
    computerGamesPerAddress: e.COMPUTER_GAMES_PER_ADDRESS,
    lobbyTablesPerAddress: e.LOBBY_TABLES_PER_ADDRESS,
    redisUrl: e.REDIS_URL ?? null,
    keepFinishedDays: e.KEEP_FINISHED_DAYS,
    maxQueuedBytes: e.MAX_QUEUED_BYTES,
    maxConnectionsPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS,
    helloMs: e.HELLO_SECONDS * 1000,
    firstByteMs: e.FIRST_BYTE_SECONDS * 1000,
    headersMs: e.HEADERS_SECONDS * 1000,
    pingMs: e.PING_SECONDS * 1000,
    pongTimeoutMs: e.PONG_SECONDS * 1000,
    storeBusyMs: e.STORE_BUSY_MS,
    allowedOrigins: e.ALLOWED_ORIGINS.map((origin) => new URL(origin).origin),
    publicHosts: e.PUBLIC_HOSTS,
    pushHosts: e.PUSH_HOSTS,
    pushSubject: e.PUSH_SUBJECT,
    correspondenceDayMs: e.CORRESPONDENCE_DAY_SECONDS * 1000,
    ...overrides,
  };
}
