// The lobby's event stream against a real HTTP server and real TCP clients: a client that stops reading holds at
// most one event in the server's memory and gets the newest one when it reads again; one that never reads is cut
// off; an idle stream sends comments.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';

import { afterEach, describe, expect, it } from 'vitest';

import { EventStream, type EventStreamOptions } from './event-stream.js';

interface Opened {
  readonly stream: EventStream;
  readonly client: Socket;
  readonly ended: Promise<void>;
  readonly server: Server;
}

const servers: Server[] = [];
const clients: Socket[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A server with one stream, and a raw TCP client that has sent its request and reads nothing yet. */
async function open(options: Partial<EventStreamOptions> = {}): Promise<Opened> {
  let resolveStream: (stream: EventStream) => void = () => {};
  const streamReady = new Promise<EventStream>((resolve) => (resolveStream = resolve));
  let resolveEnded: () => void = () => {};
  const ended = new Promise<void>((resolve) => (resolveEnded = resolve));
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    resolveStream(
      new EventStream(response, { event: 'lobby', heartbeatMs: 60_000, stallMs: 60_000, ...options }, resolveEnded),
    );
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const client = connect((server.address() as AddressInfo).port, '127.0.0.1');
  clients.push(client);
  client.pause(); // reads nothing until a test resumes it
  client.write('GET /events HTTP/1.1\r\nHost: x\r\n\r\n');
  return { stream: await streamReady, client, ended, server };
}

/** Sends events, letting the socket flush between them, until the kernel's buffers are full; the number sent. */
async function fill(stream: EventStream, event: string): Promise<number> {
  let sent = 0;
  // Full: the stream has held an event back for 50 turns of the loop in a row.
  for (let blocked = 0; blocked < 50 && sent < 10_000;) {
    stream.send(`${sent++} ${event}`);
    await new Promise((resolve) => setTimeout(resolve, 1));
    blocked = stream.queuedBytes >= event.length ? blocked + 1 : 0;
  }
  return sent;
}

/** The `data:` lines a client reads until one of them starts with `last`. */
async function readUntil(client: Socket, last: string): Promise<string[]> {
  client.setEncoding('utf8');
  let text = '';
  client.resume();
  for await (const chunk of client) {
    text += chunk as string;
    // The whole last event is in (the response is chunked, so chunk sizes sit between the events).
    const at = text.indexOf(`data: ${last} `);
    if (at >= 0 && text.indexOf('\n\n', at) >= 0) break;
  }
  return [...text.matchAll(/^data: (\d+) /gm)].map((m) => m[1]!);
}

describe('EventStream', () => {
  it('keeps only the newest event while the client does not read, and sends it when the client reads', async () => {
    const { stream, client } = await open();
    const event = 'x'.repeat(64 * 1024);
    const sent = await fill(stream, event);
    expect(sent).toBeGreaterThan(2); // the kernel took some before the stream had to hold back
    // A thousand more events (64 MB) while the client reads nothing: still at most one event waits here.
    for (let i = 0; i < 1000; i++) stream.send(`${sent + i} ${event}`);
    expect(stream.queuedBytes).toBeLessThan(3 * event.length + 16 * 1024);
    const last = String(sent + 999);
    const received = await readUntil(client, last);
    // In order, none twice, the newest last; most of the thousand were never written.
    expect(received.at(-1)).toBe(last);
    expect(received.map(Number)).toEqual([...new Set(received.map(Number))].sort((a, b) => a - b));
    expect(received.length).toBeLessThan(sent + 10);
  });

  it('cuts off a client that reads nothing for the stall time', async () => {
    const { stream, client, ended } = await open({ heartbeatMs: 20, stallMs: 100 });
    await fill(stream, 'x'.repeat(64 * 1024));
    const closed = once(client, 'close');
    await ended;
    client.resume(); // the socket was destroyed: what is left ends at once
    await closed;
    expect(stream.queuedBytes).toBe(0);
  });

  it('sends a comment on an idle stream, so proxies keep it open', async () => {
    const { client } = await open({ heartbeatMs: 20 });
    client.setEncoding('utf8');
    client.resume();
    let text = '';
    for await (const chunk of client) {
      text += chunk as string;
      if (text.includes(': keep-alive\n\n')) break;
    }
    expect(text).toContain(': keep-alive\n\n');
  });

  it('ends once when the client goes away', async () => {
    const { stream, client, ended } = await open();
    client.destroy();
    await ended;
    stream.send('after the end'); // ignored, no throw
    stream.end();
    expect(stream.queuedBytes).toBe(0);
  });
});
