// Deadlines of a TCP connection before it has said anything useful, which Node's HTTP server does not keep for a
// connection that sends nothing at all, or sends part of a request head and stops (a slowloris holds a file
// descriptor each): a first byte within `firstByteMs`, a whole request head (a request or an upgrade) within
// `headersMs` of connecting. Each later request on a kept-alive connection is Node's `headersTimeout`'s.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** The deadlines, in ms. */
export interface TcpDeadlines {
  readonly firstByteMs: number; // 10 000
  readonly headersMs: number; // 30 000
}

/** Watches every new connection of `server` until its first request head is whole. */
export function keepTcpDeadlines(server: Server, deadlines: TcpDeadlines): void {
  const pending = new WeakMap<Socket, ReturnType<typeof setTimeout>>();
  const settle = (socket: Socket): void => {
    clearTimeout(pending.get(socket));
    pending.delete(socket);
  };
  server.on('connection', (socket: Socket) => {
    // No 'data' listener (Node's parser may read the socket natively): the byte count tells whether it spoke.
    const silent = setTimeout(() => socket.bytesRead === 0 && socket.destroy(), deadlines.firstByteMs);
    silent.unref();
    const headless = setTimeout(() => socket.destroy(), deadlines.headersMs);
    headless.unref();
    pending.set(socket, headless);
    socket.once('close', () => {
      clearTimeout(silent);
      settle(socket);
    });
  });
  server.on('request', (request: { socket: Socket }) => settle(request.socket));
  server.on('upgrade', (request: { socket: Socket }) => settle(request.socket));
}
