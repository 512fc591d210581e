// Chat in memory: the default of the authority and of tests that give the app a store of their own.
import { CHAT_HISTORY } from '@fg/protocol';

import type { ChatEntry, ChatLog } from '../../tables/chat-log.js';

/** A room's list with one message more, its oldest dropped past the limit. */
function withEntry(list: readonly ChatEntry[], entry: ChatEntry): ChatEntry[] {
  const room = list.filter((e) => e.room === entry.room);
  const drop = room.length + 1 - CHAT_HISTORY;
  const dropped = new Set(drop > 0 ? room.slice(0, drop) : []);
  return [...list.filter((e) => !dropped.has(e)), entry];
}

/** Chat in memory: for tests that give the app a store of their own. */
export class MemoryChatLog implements ChatLog {
  readonly #tables = new Map<string, ChatEntry[]>();

  async add(table: string, entry: ChatEntry): Promise<void> {
    this.#tables.set(table, withEntry(this.#tables.get(table) ?? [], entry));
  }

  async recent(table: string): Promise<ChatEntry[]> {
    return [...(this.#tables.get(table) ?? [])];
  }
}
