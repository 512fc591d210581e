// Who is at a table, as the authority sees each connection: something that takes the table's messages.
import type { Role, ServerMessage } from '@fg/protocol';

/**
 * A message encoded once for every member: the object, its JSON text, that text's length in UTF-8, and the whole
 * WebSocket text frame around it. A server's frames are not masked (RFC 6455, 5.1), so every member's socket writes the
 * very same bytes, in one write.
 */
export interface Outgoing {
  readonly message: ServerMessage;
  readonly text: string;
  readonly length: number; // bytes of the payload: `frame` without its header
  readonly frame: Buffer;
}

/** The length of a frame's header for a payload of `length` bytes (RFC 6455, 5.2): 2, 4 or 10 bytes. */
const headerLength = (length: number): number => (length < 126 ? 2 : length < 65_536 ? 4 : 10);

/** Encodes a message once, however many members it goes to. */
export function encode(message: ServerMessage): Outgoing {
  const text = JSON.stringify(message);
  const length = Buffer.byteLength(text);
  const header = headerLength(length);
  const frame = Buffer.allocUnsafe(header + length);
  frame[0] = 0x81; // FIN, text
  if (header === 2) frame[1] = length;
  else if (header === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  frame.write(text, header, 'utf8');
  return { message, text, length, frame };
}

/**
 * A connection at a table. `send` gets each message's JSON text; the server also passes the message encoded once
 * for all members, so a socket writes the same bytes to each and a member inside the server (the computer)
 * never parses the server's own text.
 */
export interface Member {
  send(text: string, outgoing?: Outgoing): void;
}

/** Who a member is at its table; players keep their token to derive a rematch seat. */
export interface Seating {
  readonly role: Role;
  readonly token: string | null;
}
