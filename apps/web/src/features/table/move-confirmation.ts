// The "Confirm moves" option (off by default), remembered in the browser like the sound switch.
import { storedFlag } from '../../lib/stored-flag';

const confirmMoves = storedFlag('fg:confirm-moves');
/** Turns move confirmation on or off, and remembers it. */
export const setConfirmMoves = confirmMoves.set;
/** Whether each move waits for "Confirm move", as React state. */
export const useConfirmMoves = confirmMoves.useFlag;
