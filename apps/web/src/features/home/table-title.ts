// A table's game and settings in words, shared by the lobby and My games: "Fox and Geese · 15 geese · 5+3".
import type { TFunction } from 'i18next';

/** What a title names: the lobby's table and the table view both have these. */
export interface TitledTable {
  readonly variant: string;
  readonly options: Readonly<Record<string, unknown>>;
  readonly clock?: { readonly initial: number; readonly increment: number };
  readonly correspondence?: { readonly days: number };
  readonly computer?: number | undefined; // the computer's level, where it plays
}

/** The parts of a table's title, in order: the game, its geese, sideways moves, the time control, the computer. */
export function titleParts(t: TFunction, table: TitledTable): string[] {
  const parts = [t(`variants:${table.variant}.name`, { defaultValue: table.variant })];
  if (typeof table.options.geese === 'number') parts.push(t('lobby.geese', { count: table.options.geese }));
  if (table.options.sideways === true) parts.push(t('lobby.sideways'));
  if (table.clock) parts.push(`${table.clock.initial / 60}+${table.clock.increment}`);
  if (table.correspondence) parts.push(t('correspondence.perMove', { count: table.correspondence.days }));
  if (table.computer !== undefined) parts.push(t('lobby.computer', { level: table.computer }));
  return parts;
}
