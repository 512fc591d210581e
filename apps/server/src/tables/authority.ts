// The authority over every table: creates them, seats players, checks and stores moves, ends games.
// It knows neither sockets, HTTP nor SQL: members are told things through `send`, tables live in a TableStore.
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
import { getVariant, opponent, type Side } from '@fg/rules';

import type { TableStore } from '../store/store.js';
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
import {
  isOnline,
  liveFromStored,
  type LiveTable,
  type Member,
  newStoredTable,
  tableSnapshot,
  tableStatus,
  tableView,
} from './live-table.js';
import { broadcastPresence, sendTo } from './messages.js';
import { done, type Outcome, refuse } from './outcome.js';
import { hashToken, newTableId, newToken, tokenMatches } from './seat-tokens.js';
import { ClockTimers, startWhenSeated, timeoutAt } from './table-clock.js';
import type { TableObserver } from './table-observer.js';

/** Settings and seams of the authority. */
export interface AuthorityOptions {
  readonly abandonSeconds: number; // 60
  readonly waitingHours: number; // 24
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

/** How long a table nobody is connected to stays in memory. */
const IDLE_MS = 10 * 60_000;

/** The authority over all tables of this server. */
export class Authority {
  readonly #store: TableStore;
  readonly #abandonMs: number;
  readonly #waitingMs: number;
  readonly #now: () => number;
  readonly #pickSide: () => Side;
  readonly #onError: (error: unknown, what: string) => void;
  readonly #tables = new Map<string, LiveTable>();
  readonly #loading = new Map<string, Promise<LiveTable | null>>();
  readonly #seated = new Map<Member, LiveTable>();
  readonly #context: ActionContext;
  readonly #timers: ClockTimers;
  readonly #observers: readonly TableObserver[];

  constructor(store: TableStore, options: AuthorityOptions) {
    this.#store = store;
    this.#abandonMs = options.abandonSeconds * 1000;
    this.#waitingMs = options.waitingHours * 3_600_000;
    this.#now = options.now ?? Date.now;
    this.#pickSide = options.pickSide ?? cryptoSide;
    this.#onError = options.onError ?? (() => undefined);
    this.#observers = options.observers ?? [];
    this.#context = {
      store,
      now: this.#now,
      abandonMs: this.#abandonMs,
      adopt: (stored) => this.#tables.set(stored.id, liveFromStored(stored, this.#now())!),
    };
    // Clocks: the server's own timer ends a game whose side to move ran out of time.
    this.#timers = new ClockTimers(this.#now, (live) => {
      this.#exclusive(live, () => this.#endIfLate(live)).catch((error: unknown) => this.#onError(error, 'clock'));
    });
  }

  /** Ends a game by timeout if its side to move has run out of time. */
  async #endIfLate(live: LiveTable): Promise<Outcome<void>> {
    const late = timeoutAt(live, this.#now());
    return late ? finishGame(this.#context, live, late) : done(undefined);
  }

  /** Stops every clock timer (the server shuts down). */
  stopClocks(): void {
    this.#timers.clear();
  }

  /** Seconds an opponent must be away before the win may be claimed. */
  get abandonSeconds(): number {
    return this.#abandonMs / 1000;
  }

  /** Loads every unfinished table, so each is back after a restart and its abandonment clock runs. */
  async restore(): Promise<number> {
    const now = this.#now();
    let count = 0;
    for (const stored of await this.#store.listUnfinished()) {
      const live = liveFromStored(stored, now);
      if (!live) {
        this.#onError(new Error(`table ${stored.id} does not replay`), 'restore');
        continue;
      }
      this.#tables.set(live.id, live);
      this.#timers.sync(live);
      count++;
    }
    return count;
  }

  /** Creates a table and seats its creator; bad variants or options answer `bad-request`. */
  async createTable(body: CreateTableBody): Promise<Outcome<CreateTableResponse>> {
    const variant = getVariant(body.variant, body.options ?? {});
    if (!variant.ok) return refuse('bad-request', variant.error.message);
    const side = !body.side || body.side === 'random' ? this.#pickSide() : body.side;
    const token = newToken();
    const now = this.#now();
    const hash = hashToken(token);
    // v1.1: the computer takes the other seat at once, with a token of its own.
    const computer = body.computer ? { side: opponent(side), level: body.computer.level, token: newToken() } : null;
    const seats = { fox: side === 'fox' ? hash : null, geese: side === 'geese' ? hash : null };
    if (computer) seats[computer.side] = hashToken(computer.token);
    const extras = { clock: body.clock ?? null, listed: body.listed ?? false, computer };
    const stored = newStoredTable(newTableId(), variant.value, seats, now, extras);
    await this.#store.insertTable(stored);
    const live = liveFromStored(stored, now)!;
    this.#tables.set(live.id, live);
    this.#timers.sync(live); // a computer table's clock runs from the start
    this.#changed(live); // v1.1 observers
    return done({ table: tableView(live, now), seat: { side, token } });
  }

  /** Takes the asked seat, or the free one; a taken seat answers `seat-taken`. */
  async takeSeat(id: string, side?: Side): Promise<Outcome<TakeSeatResponse>> {
    const live = await this.#get(id);
    if (!live) return refuse('table-not-found', `no table "${id}"`);
    return this.#exclusive(live, async () => {
      const free = side ?? (live.seats.fox === null ? 'fox' : 'geese');
      if (live.seats[free] !== null) {
        return refuse('seat-taken', side ? `the ${side} seat is taken` : 'both seats are taken');
      }
      const token = newToken();
      const hash = hashToken(token);
      const now = this.#now();
      if (!(await this.#store.takeSeat(live.id, free, hash, now)))
        return refuse('seat-taken', `the ${free} seat is taken`);
      live.seats[free] = hash;
      live.offlineSince[free] = now;
      startWhenSeated(live, now);
      broadcastPresence(live, now);
      return done({ seat: { side: free, token } });
    });
  }

  /** The table as everyone sees it, or null. */
  async view(id: string): Promise<TableView | null> {
    const live = await this.#get(id);
    return live ? tableView(live, this.#now()) : null;
  }

  /** The table as everyone sees it and when it was created, for its game record; or null. */
  async recordFacts(id: string): Promise<{ view: TableView; createdAt: number } | null> {
    const live = await this.#get(id);
    return live ? { view: tableView(live, this.#now()), createdAt: live.createdAt } : null;
  }

  /** The replayable record of a table's game, or null. */
  async record(id: string): Promise<RecordResponse | null> {
    const live = await this.#get(id);
    if (!live) return null;
    return {
      record: { variant: live.game.variant.id, options: { ...live.options }, moves: [...live.moves] },
      result: live.result,
    };
  }

  /** Joins a member to a table: with a seat's token as its player, without one as a spectator. */
  async join(id: string, member: Member, token?: string): Promise<Outcome<Role>> {
    const live = await this.#get(id);
    if (!live) return refuse('table-not-found', `no table "${id}"`);
    let role: Role = 'spectator';
    if (token !== undefined) {
      const side = (['fox', 'geese'] as const).find((s) => tokenMatches(token, live.seats[s]));
      if (!side)
        return refuse('bad-token', 'this token holds no seat at this table; send hello without a token to watch');
      role = side;
    }
    return this.#exclusive(live, async () => {
      // A second hello changes the role: leave first, so a seat given up goes offline.
      this.#leaveQuietly(member);
      live.members.set(member, { role, token: role === 'spectator' ? null : token! });
      this.#seated.set(member, live);
      const now = this.#now();
      sendTo(member, { type: 'welcome', role, table: tableView(live, now), abandonSeconds: this.abandonSeconds });
      broadcastPresence(live, now);
      return done(role);
    });
  }

  /** Removes a member from its table; a player's seat goes offline when its last connection leaves. */
  leave(member: Member): void {
    const live = this.#leaveQuietly(member);
    if (live) broadcastPresence(live);
    if (live) this.#changed(live); // v1.1 observers
  }

  /** Removes a member without telling anyone; returns the table it was at. */
  #leaveQuietly(member: Member): LiveTable | undefined {
    const live = this.#seated.get(member);
    if (!live) return undefined;
    const seating = live.members.get(member);
    this.#seated.delete(member);
    live.members.delete(member);
    const now = this.#now();
    if (seating && seating.role !== 'spectator' && !isOnline(live, seating.role)) live.offlineSince[seating.role] = now;
    if (live.members.size === 0) live.idleSince = now;
    return live;
  }

  /** Handles a game message of a joined member; errors come back for the sender only. */
  async play(member: Member, message: PlayMessage): Promise<Outcome<void>> {
    const live = this.#seated.get(member);
    if (!live) return refuse('hello-first', 'send hello first');
    return this.#exclusive(live, async () => {
      const seating = live.members.get(member);
      if (!seating) return refuse('hello-first', 'send hello first');
      if (seating.role === 'spectator')
        return refuse('not-a-player', `spectators cannot ${message.type}; take a seat to play`);
      const side = seating.role;
      if (message.type === 'rematch') return askRematch(this.#context, live, member, side, seating.token!);
      // A clock that ran out ends the game before anything else is done at the table.
      const late = timeoutAt(live, this.#now());
      if (late) await finishGame(this.#context, live, late);
      if (live.result)
        return refuse('game-over', `the game is over (${live.result.winner ?? 'draw'} ${live.result.reason})`);
      if (tableStatus(live) === 'waiting') return refuse('not-your-turn', 'the game starts when both seats are taken');
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
          return declineDraw(live, side);
        case 'claim-victory':
          return claimVictory(context, live, side);
      }
    });
  }

  /** Removes waiting tables older than the waiting time and forgets idle tables; returns the removed ids. */
  async sweep(): Promise<string[]> {
    const now = this.#now();
    const removed = await this.#store.removeWaiting(now - this.#waitingMs);
    for (const id of removed) this.#tables.delete(id);
    // The store holds every table; memory keeps only those someone was at lately.
    for (const [id, live] of this.#tables) {
      if (live.members.size === 0 && now - live.idleSince > IDLE_MS) this.#tables.delete(id);
    }
    return removed;
  }

  // ---- plumbing ----

  /** A table from memory or the store; concurrent loads of one table share one read. */
  async #get(id: string): Promise<LiveTable | null> {
    const cached = this.#tables.get(id);
    if (cached) return cached;
    let loading = this.#loading.get(id);
    if (!loading) {
      loading = this.#store.loadTable(id).then((stored) => {
        this.#loading.delete(id);
        const live = stored ? liveFromStored(stored, this.#now()) : null;
        if (stored && !live) this.#onError(new Error(`table ${id} does not replay`), 'load');
        if (live) {
          this.#tables.set(id, live);
          this.#timers.sync(live);
        }
        return live;
      });
      this.#loading.set(id, loading);
    }
    return loading;
  }

  /** Runs one action on a table after the ones before it, so checks and writes never interleave. */
  #exclusive<T>(live: LiveTable, action: () => Promise<T>): Promise<T> {
    // After each action the table's clock timer is set to its new deadline (or cleared).
    const timed = async (): Promise<T> => {
      try {
        return await action();
      } finally {
        this.#timers.sync(live);
      }
    };
    const run = live.queue.then(timed, timed);
    live.queue = run.catch(() => undefined);
    void run.finally(() => this.#changed(live)).catch(() => undefined); // v1.1 observers
    return run;
  }

  /** Tells the observers (v1.1: lobby, computer seats) that a table may have changed; their faults are logged, never thrown. */
  #changed(live: LiveTable): void {
    if (this.#observers.length === 0) return;
    const snapshot = tableSnapshot(live);
    for (const observer of this.#observers) {
      try {
        observer.changed(snapshot);
      } catch (error) {
        this.#onError(error, 'table observer');
      }
    }
  }
}
