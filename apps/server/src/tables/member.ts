// Who is at a table, as the authority sees each connection: something that takes the table's messages.
import type { Role, ServerMessage } from '@fg/protocol';

/** A message encoded once for every member: the object, its JSON text, and that text as UTF-8 (what a socket writes). */
export interface Outgoing {
  readonly message: ServerMessage;
  readonly text: string;
  readonly bytes: Buffer;
}

/** Encodes a message once, however many members it goes to. */
export function encode(message: ServerMessage): Outgoing {
  const text = JSON.stringify(message);
  return { message, text, bytes: Buffer.from(text) };
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
