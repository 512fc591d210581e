import { once } from 'node:events';
import type { AddressInfo } from 'node:net';

import type { ClientMessage } from '@fg/protocol';
import { describe, expect, it, vi } from 'vitest';
import { WebSocketServer } from 'ws';

import { backoffDelay, Connection, type ConnectionState, tableSocketUrl } from './connection';
import { openEarly } from './early-socket';

describe('backoffDelay', () => {
  it.each([
    [0, 500],
    [1, 1000],
    [3, 4000],
    [4, 8000],
    [10, 8000],
  ])('attempt %i waits %i ms without jitter', (attempt, ms) => {
    expect(backoffDelay(attempt, () => 0.5)).toBe(ms);
  });

  it('spreads clients by up to a quarter either way', () => {
    expect([backoffDelay(2, () => 0), backoffDelay(2, () => 1)]).toEqual([1500, 2500]);
  });
});

describe('tableSocketUrl', () => {
  it.each([
    ['http:', 'localhost:3000', 'ws://localhost:3000/api/tables/abcdefghij/ws'],
    ['https:', 'fox.example', 'wss://fox.example/api/tables/abcdefghij/ws'],
  ])('%s//%s', (protocol, host, url) => {
    expect(tableSocketUrl({ protocol, host }, 'abcdefghij')).toBe(url);
  });
});

describe('Connection liveness (a real WebSocket server on loopback)', () => {
  /** A server that records each connection's messages; `answer` decides whether it replies to pings. */
  async function serve(answer: boolean): Promise<{ url: string; sockets: string[][]; close(): Promise<void> }> {
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await once(server, 'listening');
    const sockets: string[][] = [];
    server.on('connection', (socket) => {
      const heard: string[] = [];
      sockets.push(heard);
      socket.on('message', (data) => {
        const message = JSON.parse((data as Buffer).toString('utf8')) as ClientMessage;
        heard.push(message.type);
        if (message.type === 'hello') socket.send(JSON.stringify({ type: 'pong' })); // a welcome's stand-in
        if (answer && message.type === 'ping') socket.send(JSON.stringify({ type: 'pong' }));
      });
    });
    const { port } = server.address() as AddressInfo;
    return {
      url: `ws://127.0.0.1:${port}`,
      sockets,
      close: () => new Promise((resolve) => server.close(() => resolve())),
    };
  }

  const open = (url: string, states: ConnectionState[]): Connection =>
    new Connection(
      url,
      {
        onMessage: () => {},
        onState: (state) => states.push(state),
        hello: () => ({ type: 'hello', role: 'spectator' }) as ClientMessage,
      },
      { pingMs: 100, silenceMs: 600 },
    );

  it('pings, gives a server that stays silent up as dead, and connects again with a new hello', async () => {
    const server = await serve(false);
    const states: ConnectionState[] = [];
    const connection = open(server.url, states);
    // Until the new connection has said hello and is open (its socket may reach the server before its first frame).
    await vi.waitFor(
      () => {
        expect(server.sockets[1]?.[0]).toBe('hello');
        expect(states.length).toBeGreaterThanOrEqual(5);
      },
      { timeout: 10_000, interval: 50 },
    );
    connection.close();
    await server.close();
    // The first socket never closed: the client counted the silence, pinging meanwhile, and replaced it.
    expect(server.sockets[0]![0]).toBe('hello');
    expect(server.sockets[0]!.filter((type) => type === 'ping').length).toBeGreaterThanOrEqual(3);
    expect(server.sockets[1]![0]).toBe('hello');
    // Dropped (offline while it waits), then the new attempt (reconnecting), then open again.
    expect(states.slice(0, 5)).toEqual(['connecting', 'open', 'offline', 'reconnecting', 'open']);
  });

  it('keeps a connection whose server answers its pings', async () => {
    const server = await serve(true);
    const states: ConnectionState[] = [];
    const connection = open(server.url, states);
    await vi.waitFor(
      () => expect(server.sockets[0]?.filter((type) => type === 'ping').length).toBeGreaterThanOrEqual(15),
      {
        timeout: 20_000,
        interval: 50,
      },
    );
    connection.close();
    await server.close();
    expect(server.sockets.length).toBe(1);
    expect(states).toEqual(['connecting', 'open', 'closed']);
  });

  it('takes over the socket the entry script opened, with what it heard meanwhile: one socket, one hello', async () => {
    const server = await serve(true);
    openEarly(server.url, { type: 'hello', role: 'spectator' } as unknown as ClientMessage);
    await vi.waitFor(() => expect(server.sockets[0]).toEqual(['hello']), { timeout: 5_000, interval: 20 });
    await new Promise((resolve) => setTimeout(resolve, 100)); // the answer is in before the page is
    const states: ConnectionState[] = [];
    const heard: string[] = [];
    const connection = new Connection(server.url, {
      onMessage: (message) => heard.push(message.type),
      onState: (state) => states.push(state),
      hello: () => ({ type: 'hello', role: 'spectator' }) as unknown as ClientMessage,
    });
    expect(heard).toEqual(['pong']);
    expect(states).toEqual(['connecting', 'open']);
    connection.close();
    await server.close();
    expect(server.sockets).toEqual([['hello']]);
  });

  it('opens its own socket when the early one said another hello (a seat taken meanwhile)', async () => {
    const server = await serve(true);
    openEarly(server.url, { type: 'hello' });
    await vi.waitFor(() => expect(server.sockets[0]).toEqual(['hello']), { timeout: 5_000, interval: 20 });
    const states: ConnectionState[] = [];
    const connection = new Connection(server.url, {
      onMessage: () => {},
      onState: (state) => states.push(state),
      hello: () => ({ type: 'hello', token: 'x'.repeat(21) }),
    });
    await vi.waitFor(() => expect(server.sockets[1]).toEqual(['hello']), { timeout: 5_000, interval: 20 });
    connection.close();
    await server.close();
    expect(states).toEqual(['connecting', 'open', 'closed']);
  });
});
