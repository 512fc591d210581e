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
  // Each timer's closure holds only the socket; both go with `settle`, so a connection that spoke keeps nothing here.
  const pending = new WeakMap<Socket, readonly ReturnType<typeof setTimeout>[]>();
  const settle = (socket: Socket): void => {
    const timers = pending.get(socket);
    if (!timers) return;
    for (const timer of timers) clearTimeout(timer);
    pending.delete(socket);
    socket.off('close', onClose);
  };
  function onClose(this: Socket): void {
    settle(this);
  }
  server.on('connection', (socket: Socket) => {
    // No 'data' listener (Node's parser may read the socket natively): the byte count tells whether it spoke.
    const silent = setTimeout(() => socket.bytesRead === 0 && socket.destroy(), deadlines.firstByteMs);
    const headless = setTimeout(() => socket.destroy(), deadlines.headersMs);
    silent.unref();
    headless.unref();
    pending.set(socket, [silent, headless]);
    socket.once('close', onClose);
  });
  server.on('request', (request: { socket: Socket }) => settle(request.socket));
  server.on('upgrade', (request: { socket: Socket }) => settle(request.socket));
}
