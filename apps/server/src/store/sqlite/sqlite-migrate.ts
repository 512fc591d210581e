// Brings a database made by an older server up to the current schema; CREATE TABLE IF NOT EXISTS leaves old tables as they were.
import type Database from 'libsql';

/** Columns added after the first schema: the table, then the column's name and definition. */
const ADDED_COLUMNS: readonly [table: string, column: string][] = [
  ['tables', 'clock TEXT'], // clocks: JSON of the clock setting, or NULL: no clock
  ['tables', 'fox_at INTEGER'], // ms when the fox seat was taken
  ['tables', 'geese_at INTEGER'],
  ['tables', 'ended_at INTEGER'], // ms when the game ended
  ['moves', 'at INTEGER'], // ms when the move was stored
  ['tables', 'listed INTEGER NOT NULL DEFAULT 0'], // lobby
  ['tables', 'computer TEXT'], // computer seat, JSON
  ['tables', 'takebacks TEXT'], // takebacks, JSON [{ to, at }]
  ['tables', 'correspondence TEXT'], // correspondence: JSON {days, dayMs}, or NULL
];

/** Adds every column of ADDED_COLUMNS that a table lacks; returns the ones added. */
export function addMissingColumns(db: Database.Database): string[] {
  const added: string[] = [];
  for (const [table, column] of ADDED_COLUMNS) {
    const name = column.split(' ')[0]!;
    const columns = db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[];
    if (columns.some((c) => c.name === name)) continue;
    db.exec(`ALTER TABLE ${table} ADD COLUMN ${column}`);
    added.push(`${table}.${name}`);
  }
  return added;
}
