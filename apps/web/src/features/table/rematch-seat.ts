// What a player's browser keeps when its table opens a rematch: the new seat, and notifications left on
// where they were on (the server carried the seat's push subscriptions to the new seat).
import type { ServerMessageOf } from '@fg/protocol';

import { notifyIsOn, rememberNotifyOn } from '../../lib/push-subscribe';
import { saveSeat } from '../../lib/seat-store';

/** Keeps a `rematch` message's seat (players only: a spectator's message has none) for the new table. */
export function keepRematchSeat(from: string, message: ServerMessageOf<'rematch'>): void {
  if (!message.seat) return;
  saveSeat(message.table, message.seat);
  if (notifyIsOn(from)) rememberNotifyOn(message.table);
}
