// The authority over every table: creates them, seats players, checks and stores moves, ends games.
// It knows neither sockets, HTTP nor SQL: members are told things through `send`, tables live in a TableStore
// (the truth; memory holds a cache of the tables in use), and other instances are reached through a TableBus.
import { randomInt } from 'node:crypto';

import type {
  ClientMessageOf,
  CreateTableBody,
  CreateTableResponse,
  RecordResponse,
  Role,
  TableView,
  TakeSeatResponse,
} from '@fg/protocol';
import { getVariant, opponent, type Side, SIDES } from '@fg/rules';

import type { BusMessage, TableBus, TableEvent } from '../store/bus.js';
import { MemoryBus } from '../store/memory-bus.js';
import type { TableStore } from '../store/store.js';
import { factsAfter } from './bus-events.js';
import {
  acceptDraw,
  type ActionContext,
  askRematch,
  claimVictory,
  declineDraw,
  finishGame,
  offerDraw,
  playMove,
} from './game-actions.js';
import { sendTo } from './messages.js';
import { done, type Outcome, refuse } from './outcome.js';
import { hashToken, newTableId, newToken, tokenMatches } from './seat-tokens.js';
import { TableCache } from './table-cache.js';
import { ClockTimers, timeoutAt } from './table-clock.js';
import type { TableObserver } from './table-observer.js';
import type { LiveTable, Member } from './table-state.js';
import { statusOf } from './table-transition.js';
import { builtView, newStoredTable, tableSnapshot, tableView } from './views.js';

/** Settings and seams of the authority. */
export interface AuthorityOptions {
  readonly abandonSeconds: number; // 60
  readonly waitingHours: number; // 24
  readonly bus?: TableBus; // the in-process bus unless given
  readonly now?: () => number;
  readonly pickSide?: () => Side; // for `random`; crypto randomness by default
  readonly onError?: (error: unknown, what: string) => void;
  readonly observers?: readonly TableObserver[]; // v1.1: the lobby and the computer's seats
}

/** The game messages a seated player sends. */
export type PlayMessage = ClientMessageOf<
  'move' | 'resign' | 'draw-offer' | 'draw-accept' | 'draw-decline' | 'rematch' | 'claim-victory'
>;

const cryptoSide = (): Side => (randomInt(2) === 0 ? 'fox' : 'geese');

const UNAVAILABLE = 'the server cannot do this just now; nothing changed, try again shortly';

/** The authority over all tables of this server. */
export class Authority {
  readonly #store: TableStore;
  readonly #bus: TableBus;
  readonly #abandonMs: number;
  readonly #waitingMs: number;
  readonly #now: () => number;
  readonly #pickSide: () => Side;
  readonly #onError: (error: unknown, what: string) => void;
  readonly #cache: TableCache;
  readonly #seated = new Map<Member, LiveTable>();
  readonly #context: ActionContext;
  readonly #timers: ClockTimers;
  readonly #observers: readonly TableObserver[];

  constructor(store: TableStore, options: AuthorityOptions) {
    this.#store = store;
    this.#bus = options.bus ?? new MemoryBus();
    this.#abandonMs = options.abandonSeconds * 1000;
    this.#waitingMs = options.waitingHours * 3_600_000;
    this.#now = options.now ?? Date.now;
    this.#pickSide = options.pickSide ?? cryptoSide;
    this.#onError = options.onError ?? (() => undefined);
    this.#cache = new TableCache(store, this.#bus, this.#now, this.#onError);
    this.#observers = options.observers ?? [];
    this.#context = {
      store,
      bus: this.#bus,
      now: this.#now,
      abandonMs: this.#abandonMs,
      commit: async (live, next, event, played) => {
        await this.#cache.commit(live, next, event, played);
        this.#committed(live, event); // v1.2 push
      },
      refresh: (live) => this.#cache.refresh(live),
    };
    // Clocks: each instance holding a table times it; the store's compare-and-set on the result decides once.
    this.#timers = new ClockTimers(this.#now, (live) => {
      this.#guarded(live, () => this.#endIfLate(live)).catch((error: unknown) => this.#onError(error, 'clock'));
    });
    this.#cache.onChange = (live) => this.#timers.sync(live);
    this.#bus.listen(
      (id, message) => this.#heard(id, message),
      () => this.#cache.refreshAll(),
    );
  }

  /** Ends a game by timeout if its side to move has run out of time. */
  async #endIfLate(live: LiveTable): Promise<Outcome<void>> {
    const late = timeoutAt(live, this.#now());
    return late ? finishGame(this.#context, live, late) : done(undefined);
  }

  /** How many tables this instance holds in memory (the rest are in the store only). */
  get tablesHeld(): number {
    return this.#cache.size;
  }

  /** Seconds an opponent must be away before the win may be claimed. */
  get abandonSeconds(): number {
    return this.#abandonMs / 1000;
  }

  /** Creates a table and seats its creator; bad variants or options answer `bad-request`. */
  async createTable(body: CreateTableBody): Promise<Outcome<CreateTableResponse>> {
    const variant = getVariant(body.variant, body.options ?? {});
    if (!variant.ok) return refuse('bad-request', variant.error.message);
    const side = !body.side || body.side === 'random' ? this.#pickSide() : body.side;
    const token = newToken();
    const hash = hashToken(token);
    // v1.1: the computer takes the other seat at once, with a token of its own.
    const computer = body.computer ? { side: opponent(side), level: body.computer.level, token: newToken() } : null;
    const seats = { fox: side === 'fox' ? hash : null, geese: side === 'geese' ? hash : null };
    if (computer) seats[computer.side] = hashToken(computer.token);
    const extras = { clock: body.clock ?? null, listed: body.listed ?? false, computer };
    const stored = newStoredTable(newTableId(), variant.value, seats, this.#now(), extras);
    try {
      await this.#store.insertTable(stored);
    } catch (error) {
      this.#onError(error, 'create table');
      return refuse('unavailable', UNAVAILABLE);
    }
    // Loaded when someone connects: a table nobody joins never takes memory here.
    const live = this.#cache.detached(stored);
    this.#changed(live, true); // v1.1 observers (the computer's seat loads it at once)
    return done({ table: tableView(live, this.#now()), seat: { side, token } });
  }

  /** Takes the asked seat, or the free one; a taken seat answers `seat-taken`. */
  async takeSeat(id: string, side?: Side): Promise<Outcome<TakeSeatResponse>> {
    return this.#onTable(id, async (live) => {
      const { stored } = live.facts;
      const free = side ?? (stored.seats.fox === null ? 'fox' : 'geese');
      if (stored.seats[free] !== null) {
        return refuse('seat-taken', side ? `the ${side} seat is taken` : 'both seats are taken');
      }
      const token = newToken();
      const tokenHash = hashToken(token);
      const now = this.#now();
      if (!(await this.#store.takeSeat(live.id, free, tokenHash, now))) {
        await this.#cache.refresh(live);
        return refuse('seat-taken', `the ${free} seat is taken`);
      }
      live.connections.seatTaken(free, now);
      const seatedAt = { ...(stored.seatedAt ?? { fox: null, geese: null }), [free]: now };
      const seats = { ...stored.seats, [free]: tokenHash };
      const next = { ...live.facts, stored: { ...stored, seats, seatedAt } };
      await this.#cache.commit(live, next, { type: 'seat', ply: stored.moves.length, side: free, tokenHash });
      return done({ seat: { side: free, token } });
    });
  }

  /** The table as everyone sees it, or null. A store that does not answer throws. */
  async view(id: string): Promise<TableView | null> {
    const live = await this.#cache.get(id);
    if (live?.stale) await this.#cache.refresh(live);
    return live ? tableView(live, this.#now()) : null;
  }

  /** The table's view built afresh from its facts, not from the kept one: what `view` must equal (views.test.ts). */
  async builtView(id: string): Promise<TableView | null> {
    const live = await this.#cache.get(id);
    return live ? builtView(live, this.#now()) : null;
  }

  /** The table as everyone sees it and when it was created, for its game record; or null. */
  async recordFacts(id: string): Promise<{ view: TableView; createdAt: number } | null> {
    const live = await this.#cache.get(id);
    return live ? { view: tableView(live, this.#now()), createdAt: live.facts.stored.createdAt } : null;
  }

  /** The replayable record of a table's game, or null. A store that does not answer throws. */
  async record(id: string): Promise<RecordResponse | null> {
    const live = await this.#cache.get(id);
    if (!live) return null;
    const { stored } = live.facts;
    return {
      record: { variant: stored.variant, options: { ...live.derived.game.variant.options }, moves: [...stored.moves] },
      result: stored.result,
    };
  }

  /** Joins a member to a table: with a seat's token as its player, without one as a spectator. */
  async join(id: string, member: Member, token?: string): Promise<Outcome<Role>> {
    return this.#onTable(id, async (live) => {
      let role: Role = 'spectator';
      if (token !== undefined) {
        const holds = (): Side | undefined => SIDES.find((s) => tokenMatches(token, live.facts.stored.seats[s]));
        // A seat taken through another instance a moment ago may not be in this cache yet.
        if (!holds()) await this.#cache.refresh(live);
        const side = holds();
        if (!side)
          return refuse('bad-token', 'this token holds no seat at this table; send hello without a token to watch');
        role = side;
      }
      // A second hello changes the role: leave first, so a seat given up goes offline.
      this.#leaveQuietly(member);
      live.connections.add(member, { role, token: role === 'spectator' ? null : token! });
      this.#seated.set(member, live);
      const view = tableView(live, this.#now());
      sendTo(member, { type: 'welcome', role, table: view, abandonSeconds: this.abandonSeconds });
      this.#cache.presenceChanged(live);
      return done(role);
    });
  }

  /** Removes a member from its table; a player's seat goes offline when its last connection leaves. */
  leave(member: Member): void {
    const live = this.#leaveQuietly(member);
    if (live) this.#cache.presenceChanged(live);
    if (live) this.#changed(live); // v1.1 observers
  }

  /** Removes a member without telling anyone; returns the table it was at. */
  #leaveQuietly(member: Member): LiveTable | undefined {
    const live = this.#seated.get(member);
    if (!live) return undefined;
    this.#seated.delete(member);
    live.connections.remove(member, this.#now());
    return live;
  }

  /** Handles a game message of a joined member; errors come back for the sender only. */
  async play(member: Member, message: PlayMessage): Promise<Outcome<void>> {
    const live = this.#seated.get(member);
    if (!live) return refuse('hello-first', 'send hello first');
    return this.#guarded(live, async () => {
      const seating = live.connections.members.get(member);
      if (!seating) return refuse('hello-first', 'send hello first');
      if (seating.role === 'spectator')
        return refuse('not-a-player', `spectators cannot ${message.type}; take a seat to play`);
      const side = seating.role;
      if (message.type === 'rematch') return askRematch(this.#context, live, member, side, seating.token!);
      // A clock that ran out ends the game before anything else is done at the table.
      const late = timeoutAt(live, this.#now());
      if (late) await finishGame(this.#context, live, late);
      const { stored } = live.facts;
      if (stored.result)
        return refuse('game-over', `the game is over (${stored.result.winner ?? 'draw'} ${stored.result.reason})`);
      if (statusOf(stored) === 'waiting') return refuse('not-your-turn', 'the game starts when both seats are taken');
      const context = this.#context;
      switch (message.type) {
        case 'move':
          return playMove(context, live, side, message);
        case 'resign':
          return finishGame(context, live, { winner: opponent(side), reason: 'resignation' });
        case 'draw-offer':
          return offerDraw(context, live, side);
        case 'draw-accept':
          return acceptDraw(context, live, side);
        case 'draw-decline':
          return declineDraw(context, live, side);
        case 'claim-victory':
          return claimVictory(context, live, side);
      }
    });
  }

  /** Removes waiting tables older than the waiting time and forgets idle tables; returns the removed ids. */
  async sweep(): Promise<string[]> {
    const removed = await this.#store.removeWaiting(this.#now() - this.#waitingMs);
    await this.#cache.sweep(removed);
    return removed;
  }

  /** Stops the authority's timers; the store and bus are closed by their owner. */
  close(): void {
    this.#cache.close();
    this.#timers.clear();
  }

  // ---- plumbing ----

  /** Runs an action on a loaded table; a table that does not exist answers `table-not-found`. */
  async #onTable<T>(id: string, action: (live: LiveTable) => Promise<Outcome<T>>): Promise<Outcome<T>> {
    let live: LiveTable | null;
    try {
      live = await this.#cache.get(id);
    } catch (error) {
      this.#onError(error, 'load table');
      return refuse('unavailable', UNAVAILABLE);
    }
    if (!live) return refuse('table-not-found', `no table "${id}"`);
    return this.#guarded(live, () => action(live));
  }

  /**
   * Runs one action on a table after the ones before it, so checks and writes never interleave. A store or bus
   * call that fails answers `unavailable` and sets the cache back to the store's truth (docs/protocol.md).
   */
  #guarded<T>(live: LiveTable, action: () => Promise<Outcome<T>>): Promise<Outcome<T>> {
    const run = this.#cache.exclusive(live, async () => {
      try {
        if (live.stale) await this.#cache.refresh(live);
        return await action();
      } catch (error) {
        this.#onError(error, 'store');
        live.stale = true;
        await this.#cache.refresh(live).catch(() => undefined);
        return refuse<T>('unavailable', UNAVAILABLE);
      }
    });
    void run.finally(() => this.#changed(live)).catch(() => undefined); // v1.1 observers
    return run;
  }

  /** An event from another instance. */
  #heard(id: string, message: BusMessage): void {
    if (message.origin === this.#bus.instance) return;
    void this.#cache
      .whenLoaded(id, async (live) => {
        // Presence changes the connections only: it need not wait for the table's queue. The observers hear of it
        // (v1.1: the lobby's spectator counts are table-wide, so every instance writes what it now knows).
        if (message.type === 'presence') {
          this.#cache.heardPresence(live, message.origin, message.presence);
          return this.#changed(live);
        }
        return this.#cache.exclusive(live, async () => {
          const next = factsAfter(live.facts, message);
          if (next === 'reload') await this.#cache.refresh(live);
          else if (next !== 'known') this.#cache.apply(live, next);
        });
      })
      .catch((error: unknown) => {
        this.#onError(error, 'bus event');
      });
  }

  /** v1.2: tells the observers that care (push) of a change this instance committed; faults are logged, never thrown. */
  #committed(live: LiveTable, event: TableEvent): void {
    const observers = this.#observers.filter((o) => o.committed !== undefined);
    if (observers.length === 0) return;
    const { connections } = live;
    const commit = {
      event,
      stored: live.facts.stored,
      turn: live.derived.game.position.turn,
      online: { fox: connections.isOnline('fox'), geese: connections.isOnline('geese') },
      deadline: null,
    };
    for (const observer of observers) {
      try {
        observer.committed!(commit);
      } catch (error) {
        this.#onError(error, 'table observer');
      }
    }
  }

  /** Tells the observers (v1.1: lobby, computer seats) that a table may have changed; their faults are logged, never thrown. */
  #changed(live: LiveTable, created = false): void {
    if (this.#observers.length === 0) return;
    const snapshot = created ? { ...tableSnapshot(live), created } : tableSnapshot(live);
    for (const observer of this.#observers) {
      try {
        observer.changed(snapshot);
      } catch (error) {
        this.#onError(error, 'table observer');
      }
    }
  }
}
