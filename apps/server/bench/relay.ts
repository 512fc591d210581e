// The bare relay: a plain `ws` server with the server's URL shape and no validation, no storage
// and no framework. The load client drives it exactly as it drives the real server, so the
// ratio of the two shows what validation, storage and the framework cost.
// Run: PORT=4100 HOST=127.0.0.1 tsx apps/server/bench/relay.ts
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

import { type WebSocket, WebSocketServer } from 'ws';

interface RelayTable {
  readonly id: string;
  readonly tokens: Map<string, 'fox' | 'geese'>;
  readonly sockets: Set<WebSocket>;
}

const tables = new Map<string, RelayTable>();
const newId = (bytes: number): string => randomBytes(bytes).toString('base64url');

/** Answers with a JSON body. */
function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** The few HTTP requests the load client makes: health, create a table, take the other seat. */
function handleHttp(req: IncomingMessage, res: ServerResponse): void {
  req.resume(); // the bodies are ignored: the creator always takes the fox, the joiner the geese
  req.on('end', () => {
    if (req.method === 'GET' && req.url === '/healthz') return reply(res, 200, { ok: true });
    if (req.method === 'POST' && req.url === '/api/tables') {
      const table: RelayTable = { id: newId(9), tokens: new Map(), sockets: new Set() };
      const token = newId(18);
      table.tokens.set(token, 'fox');
      tables.set(table.id, table);
      return reply(res, 201, { table: { id: table.id }, seat: { side: 'fox', token } });
    }
    const seats = /^\/api\/tables\/([\w-]+)\/seats$/.exec(req.url ?? '');
    const table = seats ? tables.get(seats[1]!) : undefined;
    if (req.method === 'POST' && table) {
      const token = newId(18);
      table.tokens.set(token, 'geese');
      return reply(res, 201, { seat: { side: 'geese', token } });
    }
    reply(res, 404, { error: { code: 'table-not-found', message: 'no such table' } });
  });
}

/** Joins a socket to its table on hello and relays every move to the whole table. */
function handleSocket(socket: WebSocket, table: RelayTable): void {
  socket.on('message', (data) => {
    const message = JSON.parse((data as Buffer).toString()) as {
      type: string;
      token?: string;
      ply?: number;
      path?: string[];
    };
    if (message.type === 'hello') {
      table.sockets.add(socket);
      const role = (message.token && table.tokens.get(message.token)) || 'spectator';
      socket.send(JSON.stringify({ type: 'welcome', role, table: { id: table.id } }));
    } else if (message.type === 'move') {
      const moved = JSON.stringify({ type: 'moved', ply: message.ply, path: message.path });
      for (const peer of table.sockets) peer.send(moved);
    }
  });
  socket.on('close', () => {
    table.sockets.delete(socket);
    if (table.sockets.size === 0) tables.delete(table.id);
  });
}

const server = createServer(handleHttp);
const wss = new WebSocketServer({ noServer: true });
server.on('upgrade', (req, socket, head) => {
  const match = /^\/api\/tables\/([\w-]+)\/ws$/.exec(req.url ?? '');
  const table = match ? tables.get(match[1]!) : undefined;
  if (!table) return socket.destroy();
  wss.handleUpgrade(req, socket, head, (ws) => handleSocket(ws, table));
});
server.listen(Number(process.env.PORT ?? 4100), process.env.HOST ?? '127.0.0.1');
// Exit cleanly on SIGTERM, so a profile (--cpu-prof) gets written.
process.on('SIGTERM', () => process.exit(0));
