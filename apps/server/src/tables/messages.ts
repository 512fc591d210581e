// Telling members things: each message is serialized once, however many members receive it.
import type { ServerMessage } from '@fg/protocol';

import { type LiveTable, type Member, seatsView, spectatorCount } from './live-table.js';
import { clockFields } from './table-clock.js';

/** Sends one message to one member. */
export function sendTo(member: Member, message: ServerMessage): void {
  member.send(JSON.stringify(message));
}

/** Sends one message to everyone at a table. */
export function broadcast(table: LiveTable, message: ServerMessage): void {
  const text = JSON.stringify(message);
  for (const member of table.members.keys()) member.send(text);
}

/** Tells everyone at a table who is connected and how many watch (and the clocks, which a seat taken may start). */
export function broadcastPresence(table: LiveTable, at: number = Date.now()): void {
  broadcast(table, {
    type: 'presence',
    seats: seatsView(table),
    spectators: spectatorCount(table),
    ...clockFields(table, at),
  });
}
