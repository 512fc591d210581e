// The deadlines of every unfinished correspondence game, whether or not its table is in memory anywhere, so
// the server's own timer ends a game on time after a restart (SQLite: rebuilt from the store at the start) and, in
// Redis mode, after the instance that held the table is gone (one sorted set shared by every instance).
/** Where the deadlines are kept. */
export interface DeadlineIndex {
  /** Sets a table's deadline (ms), or removes it (null: none runs). */
  set(id: string, at: number | null): Promise<void>;
  /** Tables whose deadline is at or before `now`, at most `limit`, the earliest first. */
  due(now: number, limit: number): Promise<string[]>;
}
