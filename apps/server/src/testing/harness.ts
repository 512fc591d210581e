// Test helpers: a real app on an ephemeral port with its own data folder, and real WebSocket clients.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { CreateTableResponse, ServerMessage, ServerMessageOf, ServerMessageType, Side } from '@fg/protocol';
import type { FastifyInstance } from 'fastify';
import { type ClientOptions, WebSocket } from 'ws';

import { buildApp } from '../app.js';
import { openBackend } from '../backend.js';
import { type Config, loadConfig } from '../config.js';
import type { AppDeps } from '../services.js';
import type { TableStore } from '../tables/store.js';

/** A running app and where to reach it. */
export interface TestServer {
  readonly app: FastifyInstance;
  readonly base: string; // http://127.0.0.1:41234
  readonly dataDir: string;
  wsUrl(tableId: string): string;
  close(): Promise<void>;
}

let defaults: Partial<Config> = {};

/** Settings every later `startServer` of this test file takes (e.g. `redisUrl`, to run a suite in Redis mode). */
export function setServerDefaults(settings: Partial<Config>): void {
  defaults = settings;
}

/** The settings of a test server on `dataDir`: this file's defaults, then `overrides`. */
function testConfig(dataDir: string, overrides: Partial<Config>): Config {
  return loadConfig(
    {},
    {
      dataDir,
      solutionDir: join(dataDir, 'solutions'), // none unless a test gives one
      solve: false, // no background build unless a test asks for one
      logLevel: 'silent',
      port: 0,
      host: '127.0.0.1',
      webDir: join(dataDir, 'no-web'),
      ...defaults,
      ...overrides,
    },
  );
}

/**
 * Runs `use` on the store a test server on `dataDir` opens (SQLite there, or Redis under `setServerDefaults`), then
 * closes it: for a test that puts tables in before the server starts, as after a restart.
 */
export async function withStore(dataDir: string, use: (store: TableStore) => Promise<void>): Promise<void> {
  const backend = openBackend(testConfig(dataDir, {}), { onError: () => undefined });
  try {
    await use(backend.store);
  } finally {
    await backend.close();
  }
}

/** Starts the app on 127.0.0.1 and a free port, with a fresh temp data folder and no web app. */
export async function startServer(overrides: Partial<Config> = {}, deps: AppDeps = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fg-server-'));
  const config = testConfig(dataDir, overrides);
  const app = await buildApp(config, deps);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    base: `http://127.0.0.1:${port}`,
    dataDir,
    wsUrl: (tableId) => `ws://127.0.0.1:${port}/api/tables/${tableId}/ws`,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An HTTP answer: status and parsed JSON body. */
export interface Answer {
  readonly status: number;
  readonly body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read what they expect
}

/** Sends a request with an optional JSON body (a string is sent as is). */
export async function request(base: string, method: string, path: string, body?: unknown): Promise<Answer> {
  const init: RequestInit = { method };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    init.headers = { 'content-type': 'application/json' };
  }
  const response = await fetch(base + path, init);
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed };
}

/** A WebSocket client that keeps every message it receives and lets a test wait for the next of a type. */
export class TestClient {
  readonly socket: WebSocket;
  readonly texts: string[] = []; // every frame received, as sent
  readonly #inbox: ServerMessage[] = [];
  #waiters: (() => void)[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(socket: WebSocket) {
    this.socket = socket;
    socket.on('message', (data) => {
      const text = (data as Buffer).toString();
      this.texts.push(text);
      this.#inbox.push(JSON.parse(text) as ServerMessage);
      for (const wake of this.#waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) =>
      socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
    );
    socket.on('close', () => {
      for (const wake of this.#waiters.splice(0)) wake();
    });
  }

  /** Opens a connection and waits until it is open; `options` go to `ws` (e.g. request headers). */
  static async connect(url: string, options?: ClientOptions): Promise<TestClient> {
    const socket = new WebSocket(url, options);
    const client = new TestClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return client;
  }

  /** Sends an object as JSON, or a string as it is. */
  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The first not yet taken message of a type (that `where` accepts); fails after `ms`. Other messages stay for later. */
  async next<T extends ServerMessageType>(
    type: T,
    where: (message: ServerMessageOf<T>) => boolean = () => true,
    ms = 5000,
  ): Promise<ServerMessageOf<T>> {
    return this.nextWhere((m): m is ServerMessageOf<T> => m.type === type && where(m as ServerMessageOf<T>), ms, type);
  }

  /** The first not yet taken message that `where` accepts, of any type; fails after `ms`. */
  async nextWhere<M extends ServerMessage>(
    where: (message: ServerMessage) => message is M,
    ms = 5000,
    what = 'matching',
  ): Promise<M> {
    const deadline = Date.now() + ms;
    for (;;) {
      const index = this.#inbox.findIndex(where);
      if (index >= 0) return this.#inbox.splice(index, 1)[0] as M;
      const left = deadline - Date.now();
      if (left <= 0 || this.socket.readyState === WebSocket.CLOSED) {
        throw new Error(`no ${what} message within ${ms} ms; got ${JSON.stringify(this.#inbox.map((m) => m.type))}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /**
   * The move made at `ply`: from the welcome when it was made before this client joined (the computer moves at once
   * and may be quicker than a join on a loaded machine), else from the `moved` that announces it (taken).
   */
  async moveAt(ply: number, ms = 5000): Promise<string> {
    const seen = this.all('welcome')[0]?.table.moves ?? [];
    if (ply < seen.length) return seen[ply]!;
    return (await this.next('moved', (m) => m.ply === ply, ms)).move;
  }

  /** Every message taken or not, of one type, in arrival order. */
  all<T extends ServerMessageType>(type: T): ServerMessageOf<T>[] {
    return this.texts
      .map((t) => JSON.parse(t) as ServerMessage)
      .filter((m): m is ServerMessageOf<T> => m.type === type);
  }

  /** Forgets messages not yet taken. */
  drop(): void {
    this.#inbox.length = 0;
  }

  /** Closes the connection and waits for the close. */
  async close(): Promise<void> {
    if (this.socket.readyState !== WebSocket.CLOSED) this.socket.close();
    await this.closed;
  }
}

/** Joins a table and waits for the welcome. */
export async function joinTable(server: TestServer, tableId: string, token?: string): Promise<TestClient> {
  const client = await TestClient.connect(server.wsUrl(tableId));
  client.send(token === undefined ? { type: 'hello' } : { type: 'hello', token });
  await client.next('welcome');
  return client;
}

/** A table with both seats taken and both players connected. */
export interface SeatedTable {
  readonly id: string;
  readonly tokens: Record<Side, string>;
  readonly fox: TestClient;
  readonly geese: TestClient;
}

/** Creates a table (the creator takes the fox seat), takes the geese seat over HTTP and connects both players. */
export async function seatedTable(
  server: TestServer,
  variant = 'standard',
  options: object = {},
  extras: object = {}, // more of the create body: the clock and listing, the correspondence
): Promise<SeatedTable> {
  const created = await request(server.base, 'POST', '/api/tables', { variant, options, side: 'fox', ...extras });
  const { table, seat } = created.body as CreateTableResponse;
  const taken = await request(server.base, 'POST', `/api/tables/${table.id}/seats`, {});
  const tokens = { fox: seat.token, geese: taken.body.seat.token as string };
  const fox = await joinTable(server, table.id, tokens.fox);
  const geese = await joinTable(server, table.id, tokens.geese);
  return { id: table.id, tokens, fox, geese };
}
