// Chat in Redis: one list per table and room, `fg:table:{id}:chat:<room>`, JSON per message, oldest first; one
// MULTI appends and trims, so two instances writing at once still keep the last CHAT_HISTORY.
import { CHAT_HISTORY, CHAT_ROOMS, type ChatRoom } from '@fg/protocol';
import type { Redis } from 'ioredis';

import type { ChatEntry, ChatLog } from '../../tables/chat-log.js';

/** The list of a room (the table's hash tag, so it lives in the table's slot). */
const chatKey = (table: string, room: ChatRoom): string => `fg:table:{${table}}:chat:${room}`;

/** ChatLog in Redis. */
export class RedisChatLog implements ChatLog {
  readonly #redis: Redis;
  readonly #keepMs: number;

  /** `keepMs`: how long a table's chat outlives its last message (the tables' own keeping time). */
  constructor(redis: Redis, keepMs: number) {
    this.#redis = redis;
    this.#keepMs = keepMs;
  }

  async add(table: string, entry: ChatEntry): Promise<void> {
    const key = chatKey(table, entry.room);
    const value = JSON.stringify({ side: entry.side, text: entry.text, at: entry.at });
    await this.#redis.multi().rpush(key, value).ltrim(key, -CHAT_HISTORY, -1).pexpire(key, this.#keepMs).exec();
  }

  async recent(table: string): Promise<ChatEntry[]> {
    const lists = await Promise.all(CHAT_ROOMS.map((room) => this.#redis.lrange(chatKey(table, room), 0, -1)));
    const entries = CHAT_ROOMS.flatMap((room, i) =>
      lists[i]!.map((json) => ({ room, ...(JSON.parse(json) as Omit<ChatEntry, 'room'>) })),
    );
    // Two rooms merged by time; a sort is stable, so each room keeps its own order.
    return entries.sort((a, b) => a.at - b.at);
  }
}
