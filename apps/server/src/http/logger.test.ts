// The log throttle: no client and no failing disk can fill the log; what was left out is counted.
import { describe, expect, it } from 'vitest';

import { RawSocket } from '../testing/raw-socket.js';
import { startServerProcess } from '../testing/server-process.js';
import { LogThrottle } from './logger.js';

/** A logger that keeps its lines. */
const recorder = () => {
  const lines: [level: string, fields: object, message: string][] = [];
  return {
    lines,
    warn: (fields: object, message: string) => void lines.push(['warn', fields, message]),
    error: (fields: object, message: string) => void lines.push(['error', fields, message]),
  };
};

describe('LogThrottle', () => {
  it('writes ten lines of a kind a minute, then counts the rest into the next line', () => {
    let now = 0;
    const throttle = new LogThrottle(() => now);
    const log = recorder();
    for (let i = 0; i < 25; i++) throttle.warn(log, 'socket error', { i });
    throttle.warn(log, 'another kind');
    expect(log.lines.map(([, fields]) => fields)).toEqual([...Array.from({ length: 10 }, (_, i) => ({ i })), {}]);
    now = 60_000;
    throttle.warn(log, 'socket error', { i: 25 });
    expect(log.lines.at(-1)).toEqual(['warn', { i: 25, suppressed: 15 }, 'socket error']);
  });

  it('keeps the error of a fault at error level', () => {
    const throttle = new LogThrottle(() => 0);
    const log = recorder();
    const error = new Error('disk full');
    throttle.error(log, 'socket message failed', error);
    expect(log.lines).toEqual([['error', { err: error }, 'socket message failed']]);
  });
});

describe('client-caused errors in the server log', () => {
  it('are warnings without a stack, at most ten a minute, however many clients send broken frames', async () => {
    let output = '';
    const server = await startServerProcess({ env: { LOG_FORMAT: 'json' }, onOutput: (chunk) => (output += chunk) });
    try {
      for (let i = 0; i < 25; i++) {
        const raw = await RawSocket.open(`ws://127.0.0.1:${server.port}/api/tables/aaaaaaaaaaaa/ws`);
        // RSV1 set without an extension that uses it: the WebSocket library refuses the frame (close 1002).
        raw.tcp.write(Buffer.from([0xc1, 0x80, 1, 2, 3, 4]));
        await raw.until(() => raw.ended || raw.closeCode() !== null);
        raw.destroy();
      }
    } finally {
      await server.stop();
    }
    const lines = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string; reason?: string; err?: unknown });
    const socketErrors = lines.filter((line) => line.msg === 'socket error');
    expect(socketErrors).toHaveLength(10);
    expect(socketErrors.every((line) => line.level === 40 && line.err === undefined)).toBe(true);
    expect(socketErrors[0]!.reason).toBe('Invalid WebSocket frame: RSV1 must be clear');
    expect(output).not.toContain('"stack"');
  });
});
