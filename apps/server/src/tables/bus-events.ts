// What an event from another instance does to this instance's cached facts: the new facts, nothing (already
// known), or a reload (the cache is behind the event, so some event was missed; the store has the truth).
import type { BusMessage } from '../store/bus.js';
import type { TableFacts } from './table-state.js';

/** The facts after an event, 'known' when the cache already has it, 'reload' when the cache is behind. */
export function factsAfter(facts: TableFacts, event: BusMessage): TableFacts | 'known' | 'reload' {
  const { stored } = facts;
  const ply = stored.moves.length;
  switch (event.type) {
    case 'moved':
      if (event.ply < ply) return 'known';
      if (event.ply > ply || stored.result) return 'reload';
      return {
        ...facts,
        stored: {
          ...stored,
          moves: [...stored.moves, event.move],
          result: event.result,
          moveTimes: [...(stored.moveTimes ?? []), event.at ?? Date.now()],
          ...(event.result ? { endedAt: event.at ?? null } : {}),
        },
      };
    case 'ended':
      if (stored.result) return 'known';
      if (event.ply !== ply) return 'reload';
      return { ...facts, stored: { ...stored, result: event.result, endedAt: event.at ?? null } };
    case 'seat':
      // Rare, and it may start the clocks: the store has when the seat was taken.
      return stored.seats[event.side] === event.tokenHash ? 'known' : 'reload';
    case 'draw':
      if (event.ply > ply) return 'reload';
      return { ...facts, drawOffer: event.offer };
    case 'rematch-ask':
      if (facts.rematchAsks[event.side] === event.tokenHash) return 'known';
      return { ...facts, rematchAsks: { ...facts.rematchAsks, [event.side]: event.tokenHash } };
    case 'rematch':
      if (stored.rematch === event.table) return 'known';
      if (event.ply !== ply || stored.rematch) return 'reload';
      return { ...facts, stored: { ...stored, rematch: event.table } };
    case 'presence':
      return 'known'; // presence changes the connections, not the facts
  }
}
