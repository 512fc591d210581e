// The one path of a change once decided: write the event (store compare-and-set or bus), follow it here through
// `evolve` and the transition (one encoded broadcast), then tell the other instances. The authority runs every
// event through it, inside the table's queue; events heard from other instances join it at `follow`.
import type { SocketErrorCode } from '@fg/protocol';
import { type Game, opponent } from '@fg/rules';

import { type Answer, done } from './answer.js';
import type { BusMessage, TableBus } from './bus.js';
import { type DeadlineRules, dueEvent } from './deadlines.js';
import type { TableEvent, TableEventOf } from './events.js';
import { evolve } from './evolve.js';
import { newStoredTable } from './new-table.js';
import { newTableId, rematchToken } from './seat-tokens.js';
import type { TableStore } from './store.js';
import type { TableCache } from './table-cache.js';
import { tellChat } from './table-chat.js';
import type { LiveTable } from './table-state.js';
import { announce, writeEvent } from './write-event.js';

/** What the path works with. */
export interface ChangePathDeps {
  readonly store: TableStore;
  readonly bus: TableBus;
  readonly cache: TableCache;
  readonly now: () => number;
  readonly rules: DeadlineRules;
  /** v1.2: told of each event this instance wrote, after its members were told (push hands it on). */
  readonly committed?: Committed;
}

/** v1.2: what is told of each event this instance wrote (push, the correspondence referee). */
export type Committed = (live: LiveTable, event: TableEvent) => void;

/** What a lost compare-and-set answers the sender: the table moved on through another instance. */
export function lostRace(event: TableEvent): [SocketErrorCode, string] {
  switch (event.type) {
    case 'moved':
      return ['stale-ply', `ply ${event.ply} was already played`];
    case 'taken-back':
      return ['stale-ply', 'the table moved on; the takeback offer has lapsed'];
    default:
      return ['game-over', 'the game is already over'];
  }
}

/** The path of one table change. */
export class ChangePath {
  readonly #deps: ChangePathDeps;

  constructor(deps: ChangePathDeps) {
    this.#deps = deps;
  }

  /** Writes an event, then follows it here and tells the other instances; false if its compare-and-set lost. */
  async commit(live: LiveTable, event: TableEvent, played?: Game): Promise<boolean> {
    const { store, bus, cache } = this.#deps;
    const written = await writeEvent(store, bus, live.id, event);
    if (!written.ok) {
      // Another instance stored a change first: this cache was behind. Follow the store, then answer.
      await cache.refresh(live);
      return false;
    }
    // Neither waits when it has nothing to wait for (a move followed here, a store that announced it): each await
    // of the move path is a promise and a turn of the microtask queue.
    const following = this.follow(live, event, played);
    if (following) await following;
    const announcing = announce(store, bus, live.id, event);
    if (announcing) await announcing;
    this.#deps.committed?.(live, event);
    return true;
  }

  /** Takes an event into the cache through `evolve` (the facts) and the transition (the members); a promise only
   * when the table must be reloaded. */
  follow(live: LiveTable, event: TableEvent, played?: Game): Promise<void> | undefined {
    const next = evolve(live.facts, event);
    if (next === 'reload') return this.#deps.cache.refresh(live);
    if (next !== 'known') this.#deps.cache.apply(live, next, played);
    return undefined;
  }

  /**
   * An event from another instance. Presence changes the connections only and need not wait for the table's queue
   * (`changed` tells the observers: v1.1, the lobby's spectator counts are table-wide); the rest is followed in it.
   */
  async heard(id: string, message: BusMessage, changed: (live: LiveTable) => void): Promise<void> {
    const { bus, cache } = this.#deps;
    if (message.origin === bus.instance) return;
    await cache.whenLoaded(id, async (live) => {
      // v1.3: a chat message is told in the table's turn, so it never overtakes a joiner's welcome.
      if (message.type === 'chat') return cache.exclusive(live, async () => tellChat(live, message.entry));
      if (message.type !== 'presence') return cache.exclusive(live, async () => this.follow(live, message));
      cache.heardPresence(live, message.origin, message.presence);
      changed(live);
    });
  }

  /** Ends a game whose deadline passed (a clock ran out; v1.2: a first move did not come in time). */
  async endIfDue(live: LiveTable): Promise<Answer<void, SocketErrorCode>> {
    const ending = this.endingIfDue(live);
    if (ending) await ending;
    return done(undefined);
  }

  /**
   * The commit that ends a game whose deadline passed, or null (checked on this cache without waiting: most moves
   * have none due). A deadline this cache says passed is decided again on the store's facts, and its ending is a
   * compare-and-set on their ply: an instance paused past the deadline (a GC pause, a busy loop) may not have heard a
   * move another instance stored just before it.
   */
  endingIfDue(live: LiveTable): Promise<boolean> | null {
    const { rules, now } = this.#deps;
    if (!dueEvent(live.facts.stored, live.derived.clock, rules, now())) return null;
    return this.#endOnStoredFacts(live);
  }

  async #endOnStoredFacts(live: LiveTable): Promise<boolean> {
    const { rules, now } = this.#deps;
    await this.#deps.cache.refresh(live);
    const due = dueEvent(live.facts.stored, live.derived.clock, rules, now());
    return due ? this.commit(live, due) : false;
  }

  /**
   * Records a rematch request; the request that completes the pair (the bus tells exactly one) opens a table of
   * the same variant, options, time control and listing with the sides swapped. Each asker is known by the hash
   * of its token at the rematch.
   */
  async askRematch(live: LiveTable, event: TableEventOf<'rematch-ask'>): Promise<Answer<void, SocketErrorCode>> {
    const { store, bus } = this.#deps;
    const written = await writeEvent(store, bus, live.id, event);
    if (!written.ok) return done(undefined); // asked already
    await this.follow(live, event);
    await announce(store, bus, live.id, event);
    const asks = written.asks;
    // The ask that completes the pair is no offer to tell (push): the rematch it opens tells its first mover.
    if (!asks?.fox || !asks.geese) {
      this.#deps.committed?.(live, event);
      return done(undefined);
    }
    const { stored } = live.facts;
    const id = newTableId();
    // Sides swap: the old geese player takes the fox seat, and the other way round. v1.1: the computer keeps
    // playing the rematch, on the other side, with the token derived from its own.
    const seats = { fox: asks.geese, geese: asks.fox };
    const computer = stored.computer && {
      side: opponent(stored.computer.side),
      level: stored.computer.level,
      token: rematchToken(stored.computer.token, live.id),
    };
    // The time control and the listing are the game's, so the rematch keeps them (a correspondence game's day as
    // stored with it).
    const extras = { computer, clock: stored.clock, listed: stored.listed, correspondence: stored.correspondence };
    await store.insertTable(newStoredTable(id, live.derived.game.variant, seats, this.#deps.now(), extras));
    await this.commit(live, { type: 'rematch', ply: stored.moves.length, table: id });
    return done(undefined);
  }
}
