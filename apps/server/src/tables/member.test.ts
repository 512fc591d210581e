// encode: one WebSocket text frame per message, its header as RFC 6455 (5.2) lays it out for every payload length.
import type { ServerMessage } from '@fg/protocol';
import { describe, expect, it } from 'vitest';

import { encode } from './member.js';

/** An error message whose JSON takes exactly `bytes` bytes of UTF-8. */
function messageOf(bytes: number): ServerMessage {
  const empty = JSON.stringify({ type: 'error', code: 'bad-message', message: '' }).length;
  return { type: 'error', code: 'bad-message', message: 'x'.repeat(bytes - empty) };
}

describe('encode', () => {
  it.each([
    [125, [0x81, 125]],
    [126, [0x81, 126, 0, 126]],
    [65_535, [0x81, 126, 0xff, 0xff]],
    [65_536, [0x81, 127, 0, 0, 0, 0, 0, 1, 0, 0]],
  ])('frames a %i-byte payload behind the header %j', (bytes, header) => {
    const outgoing = encode(messageOf(bytes));
    expect(outgoing.length).toBe(bytes);
    expect([...outgoing.frame.subarray(0, header.length)]).toEqual(header);
    expect(outgoing.frame.length).toBe(header.length + bytes);
    expect(outgoing.frame.subarray(header.length).toString('utf8')).toBe(outgoing.text);
  });

  it('counts bytes, not characters, for text beyond ASCII', () => {
    const outgoing = encode({ type: 'error', code: 'bad-message', message: 'Gänse 🦢' });
    expect([outgoing.frame[1], outgoing.length]).toEqual([
      Buffer.byteLength(outgoing.text),
      Buffer.byteLength(outgoing.text),
    ]);
    expect(JSON.parse(outgoing.frame.subarray(2).toString('utf8'))).toEqual(outgoing.message);
  });
});
