// Hands each change this instance committed to push (docs/protocol.md): the change is turned into pushes
// (push-triggers.ts) and queued; nothing here waits, so a `moved` is never delayed by a push.
import { getVariant, opponent, startPosition } from '@fg/rules';

import type { TableCommit, TableObserver } from '../tables/table-observer.js';
import type { PushSender } from './push-sender.js';
import { type PushChange, pushesFor } from './push-triggers.js';

/** What push makes of a committed event; null for events that tell nobody. */
function pushChange(commit: TableCommit): PushChange | null {
  const { event } = commit;
  switch (event.type) {
    case 'moved':
      // The mover is the side not to move now (after the game's end nobody is, and `ended` goes to both anyway).
      return { type: 'moved', side: opponent(commit.turn), move: event.move, result: event.result };
    case 'ended':
      return { type: 'ended', result: event.result };
    case 'seat': {
      // The second seat taken starts the game: the side to move is told (a correspondence game's first deadline).
      const { seats, result } = commit.stored;
      return seats.fox !== null && seats.geese !== null && !result ? { type: 'turn', side: commit.turn } : null;
    }
    case 'taken-back':
      return { type: 'turn', side: commit.turn };
    case 'draw':
    case 'takeback': {
      const offer = event.offer;
      return offer && !offer.declined ? { type: 'offer', side: offer.side, offer: event.type } : null;
    }
    case 'rematch-ask':
      return { type: 'offer', side: event.side, offer: 'rematch' };
    default:
      return null;
  }
}

/** The observer that sends the pushes. */
export class PushObserver implements TableObserver {
  readonly #sender: PushSender;

  constructor(sender: PushSender) {
    this.#sender = sender;
  }

  changed(): void {
    // Presence and the lobby's facts tell push nothing: only committed changes do.
  }

  committed(commit: TableCommit): void {
    if (commit.event.type === 'rematch') return this.#rematch(commit, commit.event.table);
    const change = pushChange(commit);
    if (!change) return;
    const { stored } = commit;
    const table = {
      id: stored.id,
      variant: stored.variant,
      correspondence: Boolean(stored.correspondence),
      deadline: commit.deadline === null ? null : new Date(commit.deadline).toISOString(),
      online: commit.online,
      computer: stored.computer?.side ?? null,
    };
    for (const push of pushesFor(change, table)) this.#sender.notify(stored.id, push.side, push.payload);
  }

  /**
   * the rematch opened. Its players' subscriptions go with them, so a series of games over days needs no
   * second "Notify me"; then the side to move first is told, as when a game begins (its seats are taken at once):
   * in a correspondence game, or when that player is not at the old table to follow the rematch there.
   */
  #rematch(commit: TableCommit, id: string): void {
    const { stored } = commit;
    const variant = getVariant(stored.variant, stored.options);
    if (!variant.ok) return;
    const first = startPosition(variant.value).turn; // the rematch's first mover
    const computer = stored.computer ? opponent(stored.computer.side) : null;
    const pushes = pushesFor(
      { type: 'turn', side: first },
      {
        id,
        variant: stored.variant,
        correspondence: Boolean(stored.correspondence),
        deadline: null,
        online: { fox: commit.online.geese, geese: commit.online.fox }, // at the old table; the sides swap
        computer,
      },
    );
    this.#sender.carryOver(stored.id, id, () => {
      for (const push of pushes) this.#sender.notify(id, push.side, push.payload);
    });
  }
}
