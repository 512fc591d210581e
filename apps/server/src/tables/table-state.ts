// A table as one instance holds it, split by owner: the facts (the store's and the bus's, replaced whole by
// `evolve` when they change), the game the rules derive from them, and who is connected (here and elsewhere).
import { type Game, opponent, replayRecord, type Side } from '@fg/rules';

import type { SharedFacts } from './bus.js';
import type { Clock } from './clock.js';
import type { Offer } from './events.js';
import type { TablePresence } from './presence.js';
import type { StoredTable } from './store.js';
import { storedClock } from './table-clock.js';

/** What every instance agrees on: the stored table and the table-wide facts of the bus. */
export interface TableFacts {
  readonly stored: StoredTable;
  readonly drawOffer: Offer | null; // as stored; `standingOffer` tells whether it still stands
  readonly takebackOffer: Offer | null; // `standingTakeback` tells whether it still stands
  readonly rematchAsks: Readonly<Record<Side, string | null>>; // hash of each asker's token at the rematch
}

/** What the rules derive from the facts, made once per change. */
export interface DerivedGame {
  readonly game: Game;
  readonly clock: Clock | null; // rebuilt from the stored times; null for a table without a time control
}

/** A loaded table as the views, messages and transition read it (tables/table-runner.ts runs it). */
export interface LiveTable {
  readonly id: string;
  readonly facts: TableFacts;
  readonly derived: DerivedGame;
  readonly presence: TablePresence;
}

/** Facts of a table straight from the store and the bus. */
export function factsOf(
  stored: StoredTable,
  shared: Pick<SharedFacts, 'drawOffer' | 'takebackOffer' | 'rematchAsks'>,
): TableFacts {
  return { stored, drawOffer: shared.drawOffer, takebackOffer: shared.takebackOffer, rematchAsks: shared.rematchAsks };
}

/** Replays the stored moves; null if they do not replay. */
export function deriveGame(stored: StoredTable): DerivedGame | null {
  const replayed = replayRecord({ variant: stored.variant, options: stored.options, moves: stored.moves });
  if (!replayed.ok) return null;
  const game = replayed.value;
  return { game, clock: storedClock(stored, game.variant.firstSide) };
}

/**
 * The stored offer while the offerer's opponent has not moved since it was made; none once the game is over.
 * Turns alternate, so from the offer's ply and the side to move now it follows whether the opponent has moved.
 */
function unlapsedOffer(facts: TableFacts, turn: Side): Offer | null {
  const offer = facts.drawOffer;
  if (!offer || facts.stored.result) return null;
  const since = facts.stored.moves.length - offer.ply;
  if (since >= 2 || (since === 1 && turn === offer.side) || since < 0) return null;
  return offer;
}

/** The draw offer that still stands (docs/protocol.md): not lapsed and not declined. */
export function standingOffer(facts: TableFacts, turn: Side): Offer | null {
  const offer = unlapsedOffer(facts, turn);
  return offer && !offer.declined ? offer : null;
}

/** The draw offer that was declined while its offerer's opponent (the decliner) has not moved since; else null. */
export function declinedDraw(facts: TableFacts, turn: Side): Offer | null {
  const offer = unlapsedOffer(facts, turn);
  return offer?.declined ? offer : null;
}

/** Whether `side`'s offer was declined and its opponent has not moved since: a new offer is ignored then. */
export function offerRefused(facts: TableFacts, turn: Side, side: Side): boolean {
  return declinedDraw(facts, turn)?.side === side;
}

/** The other side's standing offer, if any. */
export function opponentOffers(facts: TableFacts, turn: Side, side: Side): boolean {
  return standingOffer(facts, turn)?.side === opponent(side);
}

/** The takeback offer as stored while no move came since it was made (declined or not); none after the end. */
export function unlapsedTakeback(facts: TableFacts): Offer | null {
  const offer = facts.takebackOffer;
  return offer && !facts.stored.result && offer.ply === facts.stored.moves.length ? offer : null;
}

/** The takeback offer that stands: made at this ply, not declined, the game not over. */
export function standingTakeback(facts: TableFacts): Offer | null {
  const offer = unlapsedTakeback(facts);
  return offer && !offer.declined ? offer : null;
}
