// Telling members things: each message is encoded once, however many members receive it.
import type { ServerMessage } from '@fg/protocol';
import { opponent } from '@fg/rules';

import type { Member } from './member.js';
import { rematchToken } from './seat-tokens.js';
import type { LiveTable } from './table-state.js';

/** Sends one message to one member. */
export function sendTo(member: Member, message: ServerMessage): void {
  member.send(JSON.stringify(message), message);
}

/** Sends one message to everyone at a table connected to this instance, encoded once. */
export function broadcast(table: LiveTable, message: ServerMessage): void {
  const members = table.presence.members;
  if (members.size === 0) return;
  const text = JSON.stringify(message);
  for (const member of members.keys()) member.send(text, message);
}

/** Tells one member of a table the rematch table; a player also gets its own seat there, sides swapped. */
export function sendRematch(table: LiveTable, member: Member): void {
  const rematch = table.facts.stored.rematch;
  const seating = table.presence.members.get(member);
  if (!rematch || !seating) return;
  if (seating.role === 'spectator' || seating.token === null)
    return sendTo(member, { type: 'rematch', table: rematch });
  const side = opponent(seating.role);
  sendTo(member, { type: 'rematch', table: rematch, seat: { side, token: rematchToken(seating.token, table.id) } });
}
