// The one writer of a table's facts: what an event does to them. The instance that wrote the event, every
// instance that hears it on the bus and the memory store all run it, so none of them can tell a change apart.
// Each answers 'known' when the facts have the event already, 'reload' when they are behind it (an event was
// missed: the store has the truth).
import { appended, opponent } from '@fg/rules';

import type { TableEvent } from './events.js';
import type { StoredTable } from './store.js';
import type { TableFacts } from './table-state.js';

/** What an event does to facts: the new facts, or why there are none. */
export type Evolved<T> = T | 'known' | 'reload';

/** The stored table after an event; events that are not stored leave it as it is. */
export function evolveStored(stored: StoredTable, event: TableEvent): Evolved<StoredTable> {
  const ply = stored.moves.length;
  switch (event.type) {
    case 'moved': {
      if (event.ply < ply) return 'known';
      if (event.ply > ply || stored.result) return 'reload';
      const moves = appended(stored.moves, event.move);
      const moveTimes = appended(stored.moveTimes ?? [], event.at);
      const next: StoredTable = { ...stored, moves, result: event.result, moveTimes };
      return event.result ? { ...next, endedAt: event.at } : next;
    }
    case 'ended':
      if (stored.result) return 'known';
      if (event.ply !== ply) return 'reload';
      return { ...stored, result: event.result, endedAt: event.at };
    case 'seat': {
      if (stored.seats[event.side] === event.tokenHash) return 'known';
      if (stored.seats[event.side] !== null) return 'reload';
      const seatedAt = { ...(stored.seatedAt ?? { fox: null, geese: null }), [event.side]: event.at };
      return { ...stored, seats: { ...stored.seats, [event.side]: event.tokenHash }, seatedAt };
    }
    case 'taken-back': {
      const last = stored.takebacks?.at(-1);
      if (ply === event.to && last?.at === event.at && last.to === event.to) return 'known';
      if (event.ply !== ply || stored.result || event.to > ply || event.to < 0) return 'reload';
      return {
        ...stored,
        moves: stored.moves.slice(0, event.to),
        moveTimes: (stored.moveTimes ?? []).slice(0, event.to),
        takebacks: [...(stored.takebacks ?? []), { to: event.to, at: event.at }],
      };
    }
    case 'rematch':
      if (stored.rematch === event.table) return 'known';
      if (event.ply !== ply || stored.rematch) return 'reload';
      return { ...stored, rematch: event.table };
    default:
      return stored;
  }
}

/** A table's facts after an event. */
export function evolve(facts: TableFacts, event: TableEvent): Evolved<TableFacts> {
  const ply = facts.stored.moves.length;
  switch (event.type) {
    case 'moved':
    case 'ended':
    case 'seat':
    case 'rematch': {
      const stored = evolveStored(facts.stored, event);
      if (typeof stored === 'string') return stored;
      // The offers stay as the bus keeps them (an offer's compare-and-set expects them): a move lapses them by ply.
      return { ...facts, stored };
    }
    case 'taken-back': {
      const stored = evolveStored(facts.stored, event);
      if (typeof stored === 'string') return stored;
      // Both offers lapse with the undo.
      return { ...facts, stored, drawOffer: null, takebackOffer: null };
    }
    case 'draw':
      if (event.ply > ply) return 'reload';
      return { ...facts, drawOffer: event.offer };
    case 'takeback':
      if (event.ply > ply) return 'reload';
      if (event.ply < ply) return 'known'; // lapsed already: a move came after it
      return { ...facts, takebackOffer: event.offer };
    case 'rematch-ask':
      if (facts.rematchAsks[event.side] === event.tokenHash) return 'known';
      return { ...facts, rematchAsks: { ...facts.rematchAsks, [event.side]: event.tokenHash } };
    case 'rematch-decline': {
      const asker = opponent(event.side);
      if (facts.rematchAsks[asker] === null) return 'known';
      return { ...facts, rematchAsks: { ...facts.rematchAsks, [asker]: null } };
    }
    case 'presence':
    case 'chat':
      return 'known'; // presence changes the connections, chat is beside the table: neither changes the facts
  }
}
