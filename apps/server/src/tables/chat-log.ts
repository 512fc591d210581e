// The port of a table's chat (docs/protocol.md): kept with the table, in the same store (SQLite, or Redis in Redis
// mode), the last CHAT_HISTORY messages of each room, so a restart and the other instances show the same.
import type { ChatRoom } from '@fg/protocol';
import type { Side } from '@fg/rules';

/** One chat message as kept: its room, its writer's side (players' room only), its words and when (ms). */
export interface ChatEntry {
  readonly room: ChatRoom;
  readonly side: Side | null;
  readonly text: string;
  readonly at: number;
}

/** The chat of every table. */
export interface ChatLog {
  /** Keeps a message; past CHAT_HISTORY in its room the oldest of that room gives way. */
  add(table: string, entry: ChatEntry): Promise<void>;
  /** The messages a table keeps, oldest first (both rooms, each at most CHAT_HISTORY). */
  recent(table: string): Promise<ChatEntry[]>;
}
