// Chat in the SQLite file of the tables: one row a message, written through the store's group commit (so a chat
// never contends with moves for the lock), the oldest of a room deleted past CHAT_HISTORY.
import { CHAT_HISTORY, type ChatRoom } from '@fg/protocol';
import type { Side } from '@fg/rules';
import type Database from 'libsql';

import type { ChatEntry, ChatLog } from '../../tables/chat-log.js';
import type { StoreRun } from './sqlite-push-subscriptions.js';

/** The table, made on databases that predate it (CREATE ... IF NOT EXISTS: the migration). */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS chat_messages (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  table_id TEXT NOT NULL,
  room TEXT NOT NULL,
  side TEXT,
  text TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS chat_messages_by_table ON chat_messages (table_id, room, seq);
`;

/** ChatLog in the tables' database. */
export class SqliteChatLog implements ChatLog {
  readonly #run: StoreRun;
  readonly #statements;
  /**
   * The tables that have (or had) a message. Most tables never chat, and every join reads the chat: those reads
   * answer [] without a read of the database. This process alone writes the file (the folder lock), so the set
   * is the file's; a table joins it when its `add` is asked, before the write commits.
   */
  readonly #chatty = new Set<string>();

  constructor(db: Database.Database, run: StoreRun) {
    db.exec(SCHEMA);
    this.#run = run;
    const tables = db.prepare('SELECT DISTINCT table_id FROM chat_messages').all() as { table_id: string }[];
    for (const { table_id } of tables) this.#chatty.add(table_id);
    this.#statements = {
      insert: db.prepare('INSERT INTO chat_messages (table_id, room, side, text, at) VALUES (?, ?, ?, ?, ?)'),
      // Keeps the newest of the room; the rest give way.
      trim: db.prepare(
        `DELETE FROM chat_messages WHERE table_id = ?1 AND room = ?2 AND seq NOT IN
           (SELECT seq FROM chat_messages WHERE table_id = ?1 AND room = ?2 ORDER BY seq DESC LIMIT ?3)`,
      ),
      list: db.prepare('SELECT room, side, text, at FROM chat_messages WHERE table_id = ? ORDER BY seq'),
      removeTable: db.prepare('DELETE FROM chat_messages WHERE table_id = ?'),
    };
  }

  async add(table: string, entry: ChatEntry): Promise<void> {
    const { insert, trim } = this.#statements;
    this.#chatty.add(table);
    return this.#run(() => {
      insert.run(table, entry.room, entry.side, entry.text, entry.at);
      trim.run(table, entry.room, CHAT_HISTORY);
    });
  }

  async recent(table: string): Promise<ChatEntry[]> {
    if (!this.#chatty.has(table)) return [];
    return this.#run(() => {
      const rows = this.#statements.list.all(table) as {
        room: ChatRoom;
        side: Side | null;
        text: string;
        at: number;
      }[];
      return rows.map((r) => ({ room: r.room, side: r.side, text: r.text, at: r.at }));
    }, 'read');
  }

  /** Deletes the chat of tables the store removed; runs inside the store's transaction that removes them. */
  dropTables(ids: readonly string[]): void {
    for (const id of ids) {
      this.#statements.removeTable.run(id);
      this.#chatty.delete(id);
    }
  }
}
