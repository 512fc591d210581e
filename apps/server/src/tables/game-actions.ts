// What seated players do once a game runs: move, offer and accept draws, resign, claim, ask a rematch.
// Each runs inside its table's queue; each writes to the store (the truth) first and commits to the cache after.
import type { ClientMessageOf, GameResult } from '@fg/protocol';
import { type Game, makeMoveText, opponent, playPoints, type Side } from '@fg/rules';

import type { TableBus, TableEvent } from '../store/bus.js';
import type { TableStore } from '../store/store.js';
import { sendRematch } from './messages.js';
import { done, type Outcome, refuse } from './outcome.js';
import { hashToken, newTableId, rematchToken } from './seat-tokens.js';
import {
  type LiveTable,
  type Member,
  offerRefused,
  opponentOffers,
  standingOffer,
  type TableFacts,
} from './table-state.js';
import { newStoredTable, type TableExtras } from './views.js';

/** What the actions need from the authority. */
export interface ActionContext {
  readonly store: TableStore;
  readonly bus: TableBus;
  readonly now: () => number;
  readonly abandonMs: number;
  /** Takes new facts into the cache, tells this instance's members and the other instances. */
  commit(live: LiveTable, next: TableFacts, event: TableEvent, played?: Game): Promise<void>;
  /** Reloads a table from the store after this instance's cache turned out wrong. */
  refresh(live: LiveTable): Promise<void>;
}

const stale = (sent: number, ply: number): Outcome<void> =>
  refuse('stale-ply', `ply ${sent} is stale; the table is at ply ${ply}`);

/**
 * Checks ply, turn and rules, then stores the move (a compare-and-set on the ply), then tells everyone. A move for
 * a ply the table has passed is stale whoever's turn it is now, so two instances racing for one ply answer the
 * loser the same way (docs/protocol.md, Scale-out); a move ahead of this cache reloads it first.
 */
export async function playMove(
  ctx: ActionContext,
  live: LiveTable,
  side: Side,
  message: ClientMessageOf<'move'>,
): Promise<Outcome<void>> {
  if (message.ply > live.facts.stored.moves.length) await ctx.refresh(live);
  const { stored } = live.facts;
  const ply = stored.moves.length;
  if (message.ply !== ply) return stale(message.ply, ply);
  if (stored.result)
    return refuse('game-over', `the game is over (${stored.result.winner ?? 'draw'} ${stored.result.reason})`);
  const turn = live.derived.game.position.turn;
  if (turn !== side) return refuse('not-your-turn', `it is the ${turn} side's turn`);
  const played = playPoints(live.derived.game, message.path);
  if (!played.ok) return refuse(played.error.code === 'game-over' ? 'game-over' : 'illegal-move', played.error.message);
  const game = played.value;
  const text = makeMoveText(game.variant.board, game.moves[ply]!);
  const result: GameResult | null = game.result;
  const at = ctx.now();
  if (!(await ctx.store.appendMove(live.id, ply, text, result, at))) {
    // Another instance stored this ply first: this cache was behind. Follow the store, then answer.
    await ctx.refresh(live);
    return refuse('stale-ply', `ply ${ply} was already played`);
  }
  const moveTimes = [...(stored.moveTimes ?? []), at];
  const ended = result ? { endedAt: at } : {};
  const next = { ...live.facts, stored: { ...stored, moves: [...stored.moves, text], result, moveTimes, ...ended } };
  await ctx.commit(live, next, { type: 'moved', ply, move: text, result, at }, game);
  return done(undefined);
}

/** Ends a game other than by a move: store, then tell everyone. */
export async function finishGame(ctx: ActionContext, live: LiveTable, result: GameResult): Promise<Outcome<void>> {
  const at = ctx.now();
  if (!(await ctx.store.finish(live.id, result, at))) {
    await ctx.refresh(live);
    return refuse('game-over', 'the game is already over');
  }
  const { stored } = live.facts;
  const next = { ...live.facts, stored: { ...stored, result, endedAt: at } };
  await ctx.commit(live, next, { type: 'ended', ply: stored.moves.length, result, at });
  return done(undefined);
}

/** Offers a draw; offering while the opponent's offer stands accepts it; a repeated or declined offer is ignored. */
export async function offerDraw(ctx: ActionContext, live: LiveTable, side: Side): Promise<Outcome<void>> {
  const turn = live.derived.game.position.turn;
  if (opponentOffers(live.facts, turn, side)) return finishGame(ctx, live, { winner: null, reason: 'draw-agreed' });
  // Until the opponent moves, a repeated offer, or one after the opponent declined, changes nothing (docs/protocol.md).
  if (offerRefused(live.facts, turn, side) || standingOffer(live.facts, turn)?.side === side) return done(undefined);
  const offer = { side, ply: live.facts.stored.moves.length };
  await ctx.bus.setDrawOffer(live.id, offer);
  await ctx.commit(live, { ...live.facts, drawOffer: offer }, { type: 'draw', ply: offer.ply, offer });
  return done(undefined);
}

/** Declines the opponent's standing draw offer: it lapses, and the offerer may not repeat it before this side moves. */
export async function declineDraw(ctx: ActionContext, live: LiveTable, side: Side): Promise<Outcome<void>> {
  const offer = standingOffer(live.facts, live.derived.game.position.turn);
  const other = opponent(side);
  if (offer?.side !== other) return refuse('not-your-turn', `there is no draw offer from the ${other} to decline`);
  const declined = { ...offer, declined: true };
  await ctx.bus.setDrawOffer(live.id, declined);
  await ctx.commit(live, { ...live.facts, drawOffer: declined }, { type: 'draw', ply: offer.ply, offer: declined });
  return done(undefined);
}

/** Accepts the opponent's standing draw offer. */
export async function acceptDraw(ctx: ActionContext, live: LiveTable, side: Side): Promise<Outcome<void>> {
  if (!opponentOffers(live.facts, live.derived.game.position.turn, side))
    return refuse('not-your-turn', `there is no draw offer from the ${opponent(side)} to accept`);
  return finishGame(ctx, live, { winner: null, reason: 'draw-agreed' });
}

/** Wins by abandonment when the opponent's seat has been offline, on every instance, for the abandonment time. */
export async function claimVictory(ctx: ActionContext, live: LiveTable, side: Side): Promise<Outcome<void>> {
  const other = opponent(side);
  if (live.connections.isOnline(other)) return refuse('not-abandoned', `the ${other} player is connected`);
  const away = ctx.now() - live.connections.offlineSince(other);
  if (away < ctx.abandonMs) {
    return refuse(
      'not-abandoned',
      `the ${other} player has been away ${Math.floor(away / 1000)} s; a claim needs ${ctx.abandonMs / 1000} s`,
    );
  }
  // The store's compare-and-set on the result decides once per table, whichever instance the claim reached.
  return finishGame(ctx, live, { winner: side, reason: 'abandoned' });
}

/**
 * Records a rematch request; the request that completes the pair (the bus tells exactly one) opens a table of
 * the same variant with the sides swapped. Each asker is known by the hash of its token at the rematch.
 */
export async function askRematch(
  ctx: ActionContext,
  live: LiveTable,
  member: Member,
  side: Side,
  token: string,
): Promise<Outcome<void>> {
  const { stored } = live.facts;
  if (!stored.result) return refuse('not-your-turn', 'a rematch can be asked once the game is over');
  if (stored.rematch) {
    sendRematch(live, member);
    return done(undefined);
  }
  const tokenHash = hashToken(rematchToken(token, live.id));
  const { added, asks } = await ctx.bus.askRematch(live.id, side, tokenHash);
  const ply = stored.moves.length;
  const asked = { ...live.facts, rematchAsks: asks };
  if (!added || !asks.fox || !asks.geese) {
    if (added) await ctx.commit(live, asked, { type: 'rematch-ask', ply, side, tokenHash });
    return done(undefined);
  }
  const id = newTableId();
  // Sides swap: the old geese player takes the fox seat, and the other way round.
  const seats = { fox: asks.geese, geese: asks.fox };
  // v1.1: the computer keeps playing the rematch, on the other side, with the token derived from its own.
  const computer = stored.computer && {
    side: opponent(stored.computer.side),
    level: stored.computer.level,
    token: rematchToken(stored.computer.token, live.id),
  };
  await ctx.store.insertTable(newStored(id, live, seats, ctx.now(), { computer }));
  await ctx.store.setRematch(live.id, id);
  await ctx.commit(live, { ...asked, stored: { ...stored, rematch: id } }, { type: 'rematch', ply, table: id });
  return done(undefined);
}

const newStored = (
  id: string,
  live: LiveTable,
  seats: Record<Side, string | null>,
  now: number,
  extras: TableExtras = {},
) => newStoredTable(id, live.derived.game.variant, seats, now, extras);
