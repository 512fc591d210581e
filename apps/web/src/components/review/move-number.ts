// Moves are numbered in pairs from the side that moves first, as the game record numbers them (docs/rules.md
// section 9): "1." before the first move and the second goes under the same number, written "1…" where it opens a
// line of its own (the review bar, a variation). A list numbered by ply disagreed with the record it downloads.

/** The number of the move at `ply` (0 for the first move): 1 for the first two moves, 2 for the next two. */
export const moveNumber = (ply: number): number => Math.floor(ply / 2) + 1;

/** Whether the move at `ply` is the second of its pair (the side that moves second). */
export const isSecondOfPair = (ply: number): boolean => ply % 2 === 1;

/** The number written before the move at `ply` where it stands alone: "3." for the first of a pair, "3…" for the second. */
export const moveNumberText = (ply: number): string => `${moveNumber(ply)}${isSecondOfPair(ply) ? '…' : '.'}`;

/** The number before the move at `ply` of a line that starts at `firstPly`: its first move's always ("2…"), then
 * each pair's ("3."), none before the second of a pair. */
export const lineMoveNumber = (firstPly: number, ply: number): string | null =>
  ply === firstPly || !isSecondOfPair(ply) ? moveNumberText(ply) : null;

/** The moves counted after `plies` plies, as the list numbers them: 44 plies end at move 22, and so do 43. */
export const movesPlayed = (plies: number): number => Math.ceil(plies / 2);
