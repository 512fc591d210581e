// Who is at a table, as the authority sees each connection: something that takes the table's messages.
import type { Role, ServerMessage } from '@fg/protocol';

/**
 * A connection at a table. `send` gets each message encoded once for all members; `message` is the same
 * message as an object, so a member inside the server (the computer) never parses the server's own text.
 */
export interface Member {
  send(text: string, message?: ServerMessage): void;
}

/** Who a member is at its table; players keep their token to derive a rematch seat. */
export interface Seating {
  readonly role: Role;
  readonly token: string | null;
}
