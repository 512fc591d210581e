// What seated players do once a game runs: move, offer and accept draws, resign, claim, ask a rematch.
// Each runs inside its table's queue; each stores first and tells everyone after.
import type { ClientMessageOf, GameResult } from '@fg/protocol';
import { makeMoveText, makePosition, opponent, playPoints, type Side } from '@fg/rules';

import type { TableStore } from '../store/store.js';
import { isOnline, type LiveTable, type Member, newStoredTable, tableStatus } from './live-table.js';
import { broadcast, sendTo } from './messages.js';
import { done, type Outcome, refuse } from './outcome.js';
import { hashToken, newTableId, rematchToken } from './seat-tokens.js';
import { chargeMove, clockFields, stopAtEnd } from './table-clock.js';

/** What the actions need from the authority. */
export interface ActionContext {
  readonly store: TableStore;
  readonly now: () => number;
  readonly abandonMs: number;
  /** Keeps a table just created in memory. */
  adopt(stored: Parameters<TableStore['insertTable']>[0]): void;
}

/** Checks turn, ply and rules in that order (the seat is checked before), then stores the move, then broadcasts it. */
export async function playMove(
  ctx: ActionContext,
  live: LiveTable,
  side: Side,
  message: ClientMessageOf<'move'>,
): Promise<Outcome<void>> {
  const turn = live.game.position.turn;
  if (turn !== side) return refuse('not-your-turn', `it is the ${turn} side's turn`);
  const ply = live.moves.length;
  if (message.ply !== ply) return refuse('stale-ply', `ply ${message.ply} is stale; the table is at ply ${ply}`);
  const played = playPoints(live.game, message.path);
  if (!played.ok) return refuse(played.error.code === 'game-over' ? 'game-over' : 'illegal-move', played.error.message);
  const game = played.value;
  const path = game.moves[ply]!;
  const { board } = game.variant;
  const text = makeMoveText(board, path);
  const result: GameResult | null = game.result;
  const at = ctx.now();
  if (!(await ctx.store.appendMove(live.id, ply, text, result, at)))
    return refuse('stale-ply', `ply ${ply} was already played`);
  live.game = game;
  live.moves.push(text);
  live.position = makePosition(board, game.position);
  live.result = result;
  chargeMove(live, side, at);
  // An offer stands until the offerer's opponent moves; a finished game has none. So does a refusal.
  if (result || live.drawOffer === opponent(side)) live.drawOffer = null;
  if (live.drawRefused === opponent(side)) live.drawRefused = null;
  broadcast(live, {
    type: 'moved',
    ply,
    path: path.map((p) => board.points[p]!.name),
    move: text,
    side,
    position: live.position,
    turn: game.position.turn,
    status: tableStatus(live),
    result,
    ...clockFields(live, at),
  });
  return done(undefined);
}

/** Ends a game other than by a move: store, then tell everyone. */
export async function finishGame(ctx: ActionContext, live: LiveTable, result: GameResult): Promise<Outcome<void>> {
  const at = ctx.now();
  if (!(await ctx.store.finish(live.id, result, at))) return refuse('game-over', 'the game is already over');
  live.result = result;
  live.drawOffer = null;
  stopAtEnd(live, at);
  broadcast(live, { type: 'ended', result, ...clockFields(live, at) });
  return done(undefined);
}

/** Offers a draw; offering while the opponent's offer stands accepts it; a repeated or refused offer is ignored until the opponent moves. */
export async function offerDraw(ctx: ActionContext, live: LiveTable, side: Side): Promise<Outcome<void>> {
  if (live.drawOffer === opponent(side)) return finishGame(ctx, live, { winner: null, reason: 'draw-agreed' });
  if (live.drawOffer === side || live.drawRefused === side) return done(undefined);
  live.drawOffer = side;
  broadcast(live, { type: 'draw-offered', side });
  return done(undefined);
}

/** Accepts the opponent's standing draw offer. */
export async function acceptDraw(ctx: ActionContext, live: LiveTable, side: Side): Promise<Outcome<void>> {
  const other = opponent(side);
  if (live.drawOffer !== other) return refuse('not-your-turn', `there is no draw offer from the ${other} to accept`);
  return finishGame(ctx, live, { winner: null, reason: 'draw-agreed' });
}

/** Declines the opponent's standing draw offer: it lapses, and the offerer may not repeat it before this side moves. */
export function declineDraw(live: LiveTable, side: Side): Outcome<void> {
  const other = opponent(side);
  if (live.drawOffer !== other) return refuse('not-your-turn', `there is no draw offer from the ${other} to decline`);
  live.drawOffer = null;
  live.drawRefused = other;
  broadcast(live, { type: 'draw-declined', side });
  return done(undefined);
}

/** Wins by abandonment when the opponent's seat has been offline for the abandonment time. */
export async function claimVictory(ctx: ActionContext, live: LiveTable, side: Side): Promise<Outcome<void>> {
  const other = opponent(side);
  if (isOnline(live, other)) return refuse('not-abandoned', `the ${other} player is connected`);
  const away = ctx.now() - live.offlineSince[other];
  if (away < ctx.abandonMs) {
    return refuse(
      'not-abandoned',
      `the ${other} player has been away ${Math.floor(away / 1000)} s; a claim needs ${ctx.abandonMs / 1000} s`,
    );
  }
  return finishGame(ctx, live, { winner: side, reason: 'abandoned' });
}

/** Records a rematch request; when both players asked, opens a table of the same variant with sides swapped. */
export async function askRematch(
  ctx: ActionContext,
  live: LiveTable,
  member: Member,
  side: Side,
  token: string,
): Promise<Outcome<void>> {
  if (!live.result) return refuse('not-your-turn', 'a rematch can be asked once the game is over');
  if (live.rematch) {
    sendTo(member, {
      type: 'rematch',
      table: live.rematch,
      seat: { side: opponent(side), token: rematchToken(token, live.rematch) },
    });
    return done(undefined);
  }
  live.rematchAsks.set(side, token);
  const other = live.rematchAsks.get(opponent(side));
  if (other === undefined) {
    broadcast(live, { type: 'rematch-offered', side });
    return done(undefined);
  }
  const id = newTableId();
  const oldTokens: Record<Side, string> = side === 'fox' ? { fox: token, geese: other } : { fox: other, geese: token };
  // Sides swap: the old geese player takes the fox seat, and the other way round.
  const tokens: Record<Side, string> = {
    fox: rematchToken(oldTokens.geese, id),
    geese: rematchToken(oldTokens.fox, id),
  };
  // v1.1: the computer keeps playing the rematch, on the other side, with the token derived from its own.
  const computer = live.computer && {
    side: opponent(live.computer.side),
    level: live.computer.level,
    token: tokens[opponent(live.computer.side)],
  };
  const stored = newStoredTable(
    id,
    live.game.variant,
    { fox: hashToken(tokens.fox), geese: hashToken(tokens.geese) },
    ctx.now(),
    { computer },
  );
  await ctx.store.insertTable(stored);
  await ctx.store.setRematch(live.id, id);
  ctx.adopt(stored);
  live.rematch = id;
  live.rematchAsks.clear();
  for (const [m, seating] of live.members) {
    if (seating.role === 'spectator') sendTo(m, { type: 'rematch', table: id });
    else
      sendTo(m, {
        type: 'rematch',
        table: id,
        seat: { side: opponent(seating.role), token: tokens[opponent(seating.role)] },
      });
  }
  return done(undefined);
}
