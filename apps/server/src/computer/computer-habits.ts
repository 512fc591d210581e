// The computer's habits that are rules of thumb, not search: how long a move may take on a clock, and when it
// takes a draw at all.
import type { TableView } from '@fg/protocol';
import type { Side } from '@fg/rules';

/**
 * On a table with a clock, the time a move may take: a 25th of the time left plus most of the increment, at least
 * 50 ms, so the computer never loses on time however short the control; undefined without a clock.
 */
export function clockBudgetMs(table: Pick<TableView, 'clock'>, side: Side): number | undefined {
  if (!table.clock) return undefined;
  return Math.max(50, Math.floor(table.clock[side] / 25 + table.clock.increment * 800));
}

/** Levels up to this one take no draw before DRAW_FROM_PLY. */
export const EARLY_DRAW_LEVEL = 3;
/** Move 20 begins at ply 38 (move n is plies 2n-2 and 2n-1). */
export const DRAW_FROM_PLY = 38;

/** How far behind (a goose is 100) the computer must see itself before it takes a draw it cannot prove lost. */
export const DRAW_MARGIN = 150;
