// When a seat is told by push (docs/protocol.md): a pure function from one change of a table to the pushes
// it causes, so the authority's move path only hands it over and the rules are tested without a server.
import type { GameResult, PushPayload } from '@fg/protocol';
import { opponent, type Side, SIDES } from '@fg/rules';

/** One change of a table, as push sees it. */
export type PushChange =
  | { readonly type: 'moved'; readonly side: Side; readonly move: string; readonly result: GameResult | null }
  | { readonly type: 'ended'; readonly result: GameResult }
  // It became `side`'s move with no move to tell: the game began (the second seat taken), or a takeback.
  | { readonly type: 'turn'; readonly side: Side }
  | { readonly type: 'offer'; readonly side: Side; readonly offer: 'draw' | 'takeback' | 'rematch' };

/** The table after the change. */
export interface PushTable {
  readonly id: string;
  readonly variant: string;
  readonly correspondence: boolean;
  readonly deadline: string | null; // ISO; the side to move's, in a correspondence game
  readonly online: Readonly<Record<Side, boolean>>; // table-wide: a connection open on any instance
  readonly computer: Side | null; // the computer's seat gets no pushes
}

/** A push to every subscription of one seat. */
export interface SeatPush {
  readonly side: Side;
  readonly payload: PushPayload;
}

/** The pushes a change causes; never a token in a payload. */
export function pushesFor(change: PushChange, table: PushTable): SeatPush[] {
  const base = { table: table.id, variant: table.variant };
  const pushes: SeatPush[] = [];
  if (change.type === 'turn' || (change.type === 'moved' && !change.result)) {
    // It is now `side`'s move (after a move, the mover's opponent's): told in a correspondence game, or in a live
    // one while away.
    const side = change.type === 'turn' ? change.side : opponent(change.side);
    if (table.correspondence || !table.online[side]) {
      const move = change.type === 'moved' ? { move: change.move } : {};
      const deadline = table.deadline ? { deadline: table.deadline } : {};
      pushes.push({ side, payload: { type: 'your-move', ...base, ...move, ...deadline } });
    }
  } else if (change.type === 'moved' || change.type === 'ended') {
    const result = change.result!;
    const move = change.type === 'moved' ? { move: change.move } : {};
    for (const side of SIDES) pushes.push({ side, payload: { type: 'ended', ...base, ...move, result } });
  } else {
    pushes.push({ side: opponent(change.side), payload: { type: 'offer', ...base, offer: change.offer } });
  }
  return pushes.filter((p) => p.side !== table.computer);
}
