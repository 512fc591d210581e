// Every check of a seated player's message, as one pure function: from the table's facts, what the rules
// derive from them and the message, the one event it causes, nothing (an offer repeated), or a coded refusal.
// No I/O: the authority writes the event, `evolve` applies it, the transition tells the members.
import type { ClientMessageOf, GameResult, SocketErrorCode } from '@fg/protocol';
import { type Game, makeMoveText, opponent, playPoints, type Side } from '@fg/rules';

import { type Refusal, refuse } from './answer.js';
import type { TableEvent } from './events.js';
import { hashToken, rematchToken } from './seat-tokens.js';
import {
  type DerivedGame,
  offerRefused,
  opponentOffers,
  standingOffer,
  standingTakeback,
  type TableFacts,
  unlapsedTakeback,
} from './table-state.js';

/** The game messages a seated player sends. */
export type PlayMessage = ClientMessageOf<
  | 'move'
  | 'resign'
  | 'draw-offer'
  | 'draw-accept'
  | 'draw-decline'
  | 'rematch'
  | 'rematch-decline'
  | 'claim-victory'
  | 'takeback-offer'
  | 'takeback-accept'
  | 'takeback-decline'
>;

/** The player who sent the message: its side and seat token (a rematch seat is derived from it). */
export interface Actor {
  readonly side: Side;
  readonly token: string;
}

/** What a decision needs besides the facts: the table's id, presence (for a claim) and the abandonment time. */
export interface DecideContext {
  readonly tableId: string;
  readonly abandonMs: number;
  readonly isOnline: (side: Side) => boolean;
  readonly offlineSince: (side: Side) => number; // ms
}

/** What a message comes to. */
export type Decision =
  | { readonly kind: 'event'; readonly event: TableEvent; readonly played?: Game }
  | { readonly kind: 'none' } // changes nothing, answers nothing (an offer repeated)
  | { readonly kind: 'rematch-known' } // the rematch table is open: the asker is told its seat again
  | { readonly kind: 'refused'; readonly error: Refusal<SocketErrorCode> };

const NONE: Decision = { kind: 'none' };
const refused = (code: SocketErrorCode, message: string): Decision => ({ kind: 'refused', ...refuse(code, message) });
const event = (e: TableEvent, played?: Game): Decision =>
  played ? { kind: 'event', event: e, played } : { kind: 'event', event: e };
const ended = (facts: TableFacts, result: GameResult, now: number): Decision =>
  event({ type: 'ended', ply: facts.stored.moves.length, result, at: now });
const overText = (result: GameResult): string => `the game is over (${result.winner ?? 'draw'} ${result.reason})`;

/** The event a seated player's message causes at a table, or why it causes none. */
export function decide(
  facts: TableFacts,
  derived: DerivedGame,
  actor: Actor,
  message: PlayMessage,
  now: number,
  context: DecideContext,
): Decision {
  const { stored } = facts;
  const { side } = actor;
  if (message.type === 'rematch' || message.type === 'rematch-decline') return decideRematch(facts, actor, message);
  if (stored.result) return refused('game-over', overText(stored.result));
  if (stored.seats.fox === null || stored.seats.geese === null)
    return refused('not-your-turn', 'the game starts when both seats are taken');
  const ply = stored.moves.length;
  const turn = derived.game.position.turn;
  switch (message.type) {
    case 'move': {
      if (message.ply !== ply) return refused('stale-ply', `ply ${message.ply} is stale; the table is at ply ${ply}`);
      if (turn !== side) return refused('not-your-turn', `it is the ${turn} side's turn`);
      const played = playPoints(derived.game, message.path);
      if (!played.ok)
        return refused(played.error.code === 'game-over' ? 'game-over' : 'illegal-move', played.error.message);
      const game = played.value;
      const move = makeMoveText(game.variant.board, game.moves[ply]!);
      return event({ type: 'moved', ply, move, result: game.result, at: now }, game);
    }
    case 'resign':
      return ended(facts, { winner: opponent(side), reason: 'resignation' }, now);
    case 'draw-offer': {
      if (opponentOffers(facts, turn, side)) return ended(facts, { winner: null, reason: 'draw-agreed' }, now);
      // Until the opponent moves, a repeated offer, or one after the opponent declined, changes nothing.
      if (offerRefused(facts, turn, side) || standingOffer(facts, turn)?.side === side) return NONE;
      return event({ type: 'draw', ply, offer: { side, ply } });
    }
    case 'draw-accept':
      if (!opponentOffers(facts, turn, side))
        return refused('not-your-turn', `there is no draw offer from the ${opponent(side)} to accept`);
      return ended(facts, { winner: null, reason: 'draw-agreed' }, now);
    case 'draw-decline': {
      const offer = standingOffer(facts, turn);
      if (offer?.side !== opponent(side))
        return refused('not-your-turn', `there is no draw offer from the ${opponent(side)} to decline`);
      return event({ type: 'draw', ply: offer.ply, offer: { ...offer, declined: true } });
    }
    case 'claim-victory':
      return decideClaim(facts, side, now, context);
    case 'takeback-offer':
    case 'takeback-accept':
    case 'takeback-decline':
      return decideTakeback(facts, derived, side, message.type, now);
  }
}

/** Wins by abandonment when the opponent's seat has been offline, on every instance, for the abandonment time. */
function decideClaim(facts: TableFacts, side: Side, now: number, context: DecideContext): Decision {
  const other = opponent(side);
  // In a correspondence game the deadline decides, not presence.
  if (facts.stored.correspondence)
    return refused('not-abandoned', 'a correspondence game is won on time, when the deadline passes, not by a claim');
  if (context.isOnline(other)) return refused('not-abandoned', `the ${other} player is connected`);
  const away = now - context.offlineSince(other);
  if (away < context.abandonMs) {
    return refused(
      'not-abandoned',
      `the ${other} player has been away ${Math.floor(away / 1000)} s; a claim needs ${context.abandonMs / 1000} s`,
    );
  }
  // The store's compare-and-set on the result decides once per table, whichever instance the claim reached.
  return ended(facts, { winner: side, reason: 'abandoned' }, now);
}

/**
 * takeback: an offer takes back the offerer's last move (one ply if the opponent is to move, two if the
 * offerer is), made after its own first move; repeated, or made again after a decline before a move, it changes
 * nothing; an answer needs the opponent's standing offer (else `bad-message`).
 */
function decideTakeback(
  facts: TableFacts,
  derived: DerivedGame,
  side: Side,
  type: 'takeback-offer' | 'takeback-accept' | 'takeback-decline',
  now: number,
): Decision {
  const ply = facts.stored.moves.length;
  if (type === 'takeback-offer') {
    // The computer accepts every takeback, and a takeback gives back the time of the undone moves: with a clock
    // against the computer, the player's time would never run out.
    if (facts.stored.computer && facts.stored.clock)
      return refused('bad-message', 'no takebacks in a game with a clock against the computer');
    if (takebackTarget(derived, side, ply) < 0)
      return refused('not-your-turn', 'a takeback can be asked after your own first move');
    if (unlapsedTakeback(facts)) return NONE; // one offer per ply: repeated, declined, or the opponent's
    return event({ type: 'takeback', ply, offer: { side, ply } });
  }
  const offer = standingTakeback(facts);
  if (offer?.side !== opponent(side))
    return refused('bad-message', `there is no takeback offer from the ${opponent(side)} to answer`);
  if (type === 'takeback-decline') return event({ type: 'takeback', ply, offer: { ...offer, declined: true } });
  return event({ type: 'taken-back', ply, to: takebackTarget(derived, offer.side, ply), at: now });
}

/** The ply a takeback by `side` goes back to: before its own last move (turns alternate); below 0 before it moved. */
function takebackTarget(derived: DerivedGame, side: Side, ply: number): number {
  return derived.game.position.turn === side ? ply - 2 : ply - 1;
}

/**
 * A rematch request: once the game is over, recorded as the asker's (its token's hash at the rematch); the
 * request that completes the pair opens the rematch (the authority, once the bus says so). `rematch-decline`
 * withdraws the opponent's request (asking again is allowed).
 */
function decideRematch(
  facts: TableFacts,
  actor: Actor,
  message: ClientMessageOf<'rematch' | 'rematch-decline'>,
): Decision {
  const { stored } = facts;
  const ply = stored.moves.length;
  if (!stored.result)
    return refused(
      'not-your-turn',
      `a ${message.type === 'rematch' ? 'rematch can be asked' : 'rematch can be declined'} once the game is over`,
    );
  if (stored.rematch) return message.type === 'rematch' ? { kind: 'rematch-known' } : NONE;
  if (message.type === 'rematch-decline') {
    if (!facts.rematchAsks[opponent(actor.side)])
      return refused('not-your-turn', `the ${opponent(actor.side)} has not asked for a rematch`);
    return event({ type: 'rematch-decline', ply, side: actor.side });
  }
  const tokenHash = hashToken(rematchToken(actor.token, stored.id));
  if (facts.rematchAsks[actor.side] === tokenHash) return NONE;
  return event({ type: 'rematch-ask', ply, side: actor.side, tokenHash });
}
