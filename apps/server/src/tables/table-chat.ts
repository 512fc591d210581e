// A table's chat (docs/protocol.md): who may write and read each room, the limits, and telling the readers.
// The two players write in and read `players`; spectators write in `spectators`, which everyone at the table reads.
// Messages are kept by the chat log, with the table; other instances hear them on the bus.
import {
  type ChatHistory,
  type ChatRoom,
  type ChatSaid,
  chatWords,
  type ClientMessageOf,
  type Role,
  type SocketErrorCode,
} from '@fg/protocol';

import { type Answer, done, refuse } from './answer.js';
import type { ChatEntry } from './chat-log.js';
import { encode } from './member.js';
import { RateBuckets } from './rate-buckets.js';
import type { LiveTable } from './table-state.js';

/** Chat messages a seat (or a spectator's address at one table) may send at once, and then one every 2 s. */
const PER_SEAT = { burst: 5, perSecond: 0.5 };
/** Chat messages one address (a household, a school behind one address) may send at once over all its tables and
 * sockets, and then two a second. */
const PER_ADDRESS = { burst: 20, perSecond: 2 };

/** Whether a role reads a room: spectators do not read the players'. */
const readsRoom = (role: Role, room: ChatRoom): boolean => room === 'spectators' || role !== 'spectator';

/** The message readers get for a kept entry. */
function chatSaid(entry: ChatEntry): ChatSaid {
  return {
    type: 'chat',
    room: entry.room,
    ...(entry.room === 'players' && entry.side ? { side: entry.side } : {}),
    text: entry.text,
    at: new Date(entry.at).toISOString(),
  };
}

/** The chat a joiner of `role` is welcomed with: each room it reads, the last messages, oldest first. */
export function chatHistory(entries: readonly ChatEntry[], role: Role): ChatHistory {
  const room = (name: ChatRoom): ChatSaid[] => entries.filter((e) => e.room === name).map(chatSaid);
  return role === 'spectator'
    ? { spectators: room('spectators') }
    : { players: room('players'), spectators: room('spectators') };
}

/** Tells a message to the members at this instance who read its room, encoded once. */
export function tellChat(live: LiveTable, entry: ChatEntry): void {
  const outgoing = encode(chatSaid(entry));
  for (const [member, seating] of live.presence.members)
    if (readsRoom(seating.role, entry.room)) member.send(outgoing.text, outgoing);
}

/** The limits of chat on this instance: per seat (per address and table for spectators), and per address. */
export class ChatLimits {
  readonly #seats = new RateBuckets(PER_SEAT);
  readonly #addresses = new RateBuckets(PER_ADDRESS);

  /** The entry a member's chat message makes, or why it is refused. */
  entry(
    tableId: string,
    role: Role,
    address: string,
    message: ClientMessageOf<'chat'>,
    now: number,
  ): Answer<ChatEntry, SocketErrorCode> {
    if (message.room === 'players' && role === 'spectator')
      return refuse('not-a-player', "spectators write in the spectators' room; the players' room is the players'");
    // A choice (the contract lets spectators write there): players read the spectators' room but write in their own.
    if (message.room === 'spectators' && role !== 'spectator')
      return refuse('bad-message', "players write in the players' room; the spectators' room is the spectators'");
    const seat = role === 'spectator' ? `${tableId}/spectator/${address}` : `${tableId}/${role}`;
    if (!this.#seats.can(seat, now) || !this.#addresses.can(address, now))
      return refuse('rate-limited', 'too many chat messages; wait a few seconds');
    this.#seats.spend(seat, now);
    this.#addresses.spend(address, now);
    return done({
      room: message.room,
      side: role === 'spectator' ? null : role,
      text: chatWords(message.text),
      at: now,
    });
  }
}
