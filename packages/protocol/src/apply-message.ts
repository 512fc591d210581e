// The one transition of a table view: how each server message changes what a client knows of a
// table. The web reducer and its optimistic copy of a sent move both run it (docs/protocol.md), and the
// server advances the view it welcomes members with by the very messages it broadcasts.
import { opponent } from '@fg/rules';

import type { DeclinedOffers, ServerMessage, ServerMessageOf, TableView } from './types.js';

/** No decline holds: at the start, after a takeback or the end, or after a move that lapses them. */
export const NO_DECLINES: DeclinedOffers = { draw: null, takeback: null };

/** The view with the declines `change` names replaced, the other kept (a view without the field keeps without it). */
function withDeclined(view: TableView, change: Partial<DeclinedOffers>): TableView {
  return view.declined !== undefined ? { ...view, declined: { ...view.declined, ...change } } : view;
}

/** What holds of the declines after `side` moved: a takeback's lapses, a draw's once its decliner moves. */
function declinedAfterMove(view: TableView, message: ServerMessageOf<'moved'>): DeclinedOffers {
  const draw = view.declined?.draw ?? null;
  return { draw: !message.result && draw !== message.side ? draw : null, takeback: null };
}

/** The view after a `moved`: position, turn, status and result from the message, the move appended. */
function afterMove(view: TableView, message: ServerMessageOf<'moved'>): TableView {
  const offer = view.drawOffer ?? null;
  const after: TableView = {
    ...view,
    position: message.position,
    turn: message.turn,
    status: message.status,
    result: message.result,
    ply: message.ply + 1,
    moves: [...view.moves, message.move],
    // An offer stands until the offerer's opponent moves; a finished game has none.
    drawOffer: message.result || (offer && offer === opponent(message.side)) ? null : offer,
    // A takeback offer lapses when either side moves (a view without the field keeps without it).
    ...(view.takebackOffer !== undefined ? { takebackOffer: null } : {}),
    ...(message.clock ? { clock: message.clock } : {}),
    ...(message.deadline !== undefined ? { deadline: message.deadline } : {}),
  };
  return withDeclined(after, declinedAfterMove(view, message));
}

/**
 * The table view after a server message; `null` (no view yet) stays null until a `welcome`.
 * A `moved` that does not follow the view's last ply is the caller's to detect (it means a resync);
 * messages that change no view (`pong`, `error`, `rematch-offered` twice) return the view itself.
 */
export function applyServerMessage(view: TableView | null, message: ServerMessage): TableView | null {
  if (message.type === 'welcome') return message.table;
  if (!view) return null;
  switch (message.type) {
    case 'moved':
      return afterMove(view, message);
    case 'presence': {
      const both = message.seats.fox.taken && message.seats.geese.taken;
      const status = view.status === 'waiting' && both ? 'playing' : view.status;
      const clock = message.clock ?? view.clock;
      const deadline = message.deadline !== undefined ? { deadline: message.deadline } : {};
      return {
        ...view,
        seats: message.seats,
        spectators: message.spectators,
        status,
        ...(clock ? { clock } : {}),
        ...deadline,
      };
    }
    case 'ended': {
      const clock = message.clock ?? (view.clock && { ...view.clock, running: null });
      const ended: TableView = {
        ...view,
        status: 'finished',
        result: message.result,
        drawOffer: null,
        ...(view.takebackOffer !== undefined ? { takebackOffer: null } : {}),
        ...(clock ? { clock } : {}),
        ...(view.correspondence ? { deadline: null } : {}),
      };
      return withDeclined(ended, NO_DECLINES);
    }
    case 'draw-offered':
      // A new offer (only the decliner's can follow a decline) takes the place of the declined one.
      return withDeclined({ ...view, drawOffer: message.side }, { draw: null });
    case 'draw-declined':
      return withDeclined({ ...view, drawOffer: null }, { draw: message.side });
    case 'rematch-offered': {
      const asked = view.rematchRequests ?? [];
      return asked.includes(message.side) ? view : { ...view, rematchRequests: [...asked, message.side] };
    }
    case 'rematch-declined':
      // The decliner's opponent had asked; that request lapses (asking again is allowed).
      return { ...view, rematchRequests: (view.rematchRequests ?? []).filter((side) => side === message.side) };
    case 'takeback-offered':
      return { ...view, takebackOffer: message.side };
    case 'takeback-declined':
      return withDeclined({ ...view, takebackOffer: null }, { takeback: message.side });
    case 'taken-back':
      return message.table;
    case 'rematch':
      return { ...view, rematch: message.table, rematchRequests: [] };
    case 'pong':
    case 'error':
    case 'chat': // chat is beside the table, not in its view
      return view;
  }
}
