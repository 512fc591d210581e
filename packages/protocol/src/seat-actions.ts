// What a seated player may do at a table now, read from the table's view (docs/protocol.md): the client's one
// answer to "may I", so the buttons it shows are the messages the server takes. The server's checks are
// apps/server/src/tables/decide.ts; seat-actions.test.ts there holds that every action hidden here is one that
// decide refuses or that changes nothing, and every one shown changes the table, over random games.
import { opponent, type Side } from '@fg/rules';

import { NO_DECLINES } from './apply-message.js';
import type { TableView } from './types.js';

/** What the client saw that the view does not carry: the opponent's absence. */
export interface SeatSeen {
  /** When the opponent's seat went offline, on the clock `now` is read from; null while it is online. */
  readonly awaySince: number | null;
  /** How long the opponent must be away before a claim (the welcome's `abandonSeconds`). */
  readonly abandonSeconds: number;
}

/** The messages a seated player may send now, each true when the server would act on it. */
export interface SeatActions {
  readonly move: boolean; // the game runs and it is this side's turn
  readonly resign: boolean;
  readonly offerDraw: boolean; // no offer of this side stands and the opponent has not declined one since the move
  readonly answerDraw: boolean; // the opponent's draw offer stands: accept or decline it
  readonly takebacks: boolean; // the table has takebacks at all (not against the computer with a clock)
  readonly proposeTakeback: boolean; // after this side's own first move, no takeback offered or declined at this ply
  readonly answerTakeback: boolean; // the opponent's takeback offer stands: accept or decline it
  readonly claimVictory: boolean; // the opponent has been away the abandonment time (never in correspondence)
  readonly claimInSeconds: number | null; // seconds until a claim is taken while the opponent is away; else null
  readonly rematch: boolean; // the game is over, this side has not asked, no rematch is open
  readonly declineRematch: boolean; // the opponent asked for a rematch this side has not answered
}

const NOTHING: SeatActions = {
  move: false,
  resign: false,
  offerDraw: false,
  answerDraw: false,
  takebacks: false,
  proposeTakeback: false,
  answerTakeback: false,
  claimVictory: false,
  claimInSeconds: null,
  rematch: false,
  declineRematch: false,
};

/** What `side`'s player may do at the table of `view` at time `now` (ms, the clock of `seen.awaySince`). */
export function seatActions(view: TableView, side: Side, now: number, seen: SeatSeen): SeatActions {
  const other = opponent(side);
  if (view.status === 'finished') {
    const asked = view.rematchRequests ?? [];
    const open = view.rematch === null;
    return {
      ...NOTHING,
      rematch: open && !asked.includes(side),
      declineRematch: open && asked.includes(other) && !asked.includes(side),
    };
  }
  if (view.status !== 'playing' || view.result) return NOTHING;
  const drawOffer = view.drawOffer ?? null;
  const takeback = view.takebackOffer ?? null;
  const declined = view.declined ?? NO_DECLINES;
  // A takeback undoes the asker's own last move: it must have made one. After an even number of plies the side to
  // move is the one that moved first.
  const firstSide = view.ply % 2 === 0 ? view.turn : opponent(view.turn);
  const madeAMove = firstSide === side ? view.ply >= 1 : view.ply >= 2;
  // The computer accepts every takeback, which would give back the time of the undone moves for ever.
  const takebacks = !(view.clock && (view.seats.fox.computer !== undefined || view.seats.geese.computer !== undefined));
  // A correspondence game is never claimed as abandoned: its deadline decides.
  const awaySince = view.correspondence ? null : seen.awaySince;
  const claimInSeconds =
    awaySince === null ? null : Math.max(0, seen.abandonSeconds - Math.floor(Math.max(0, now - awaySince) / 1000));
  return {
    move: view.turn === side,
    resign: true,
    offerDraw: drawOffer !== side && declined.draw !== other,
    answerDraw: drawOffer === other,
    takebacks,
    // One takeback offer per ply: none may follow one declined (by either side) until a move.
    proposeTakeback: takebacks && takeback === null && madeAMove && declined.takeback === null,
    answerTakeback: takeback === other,
    claimVictory: claimInSeconds === 0,
    claimInSeconds,
    rematch: false,
    declineRematch: false,
  };
}
