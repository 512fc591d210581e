// Telling members things: each message is serialized once, however many members receive it.
import type { ServerMessage } from '@fg/protocol';
import { opponent } from '@fg/rules';

import { rematchToken } from './seat-tokens.js';
import type { LiveTable, Member } from './table-state.js';

/** Sends one message to one member. */
export function sendTo(member: Member, message: ServerMessage): void {
  member.send(JSON.stringify(message));
}

/** Sends one message to everyone at a table connected to this instance. */
export function broadcast(table: LiveTable, message: ServerMessage): void {
  const text = JSON.stringify(message);
  for (const member of table.connections.members.keys()) member.send(text);
}

/** Tells one member of a table the rematch table; a player also gets its own seat there, sides swapped. */
export function sendRematch(table: LiveTable, member: Member): void {
  const rematch = table.facts.stored.rematch;
  const seating = table.connections.members.get(member);
  if (!rematch || !seating) return;
  if (seating.role === 'spectator' || seating.token === null)
    return sendTo(member, { type: 'rematch', table: rematch });
  const side = opponent(seating.role);
  sendTo(member, { type: 'rematch', table: rematch, seat: { side, token: rematchToken(seating.token, table.id) } });
}
