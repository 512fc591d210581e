// The authority over every table: creates them, seats players, and runs each message through one path:
// decide (pure checks: an event or a refusal) -> write the event (store compare-and-set or bus) -> evolve (the
// one writer of facts) -> the transition and one encoded broadcast -> announce to the other instances.
// It knows neither sockets, HTTP nor SQL: members are told things through `send`, tables live in a TableStore
// (the truth; memory holds a cache of the tables in use), and other instances are reached through a TableBus.
import type {
  ClientMessageOf,
  CreateTableBody,
  CreateTableResponse,
  HttpErrorCode,
  RecordResponse,
  Role,
  SocketErrorCode,
  TableView,
  TakeSeatResponse,
} from '@fg/protocol';
import { type Side, SIDES } from '@fg/rules';

import { type Answer, done, refuse } from './answer.js';
import { type AuthorityOptions, cryptoSide } from './authority-options.js';
import type { TableBus } from './bus.js';
import type { ChatLog } from './chat-log.js';
import { correspondenceDeadline } from './deadlines.js';
import { decide, type PlayMessage } from './decide.js';
import type { Member } from './member.js';
import { sendRematch, sendTo } from './messages.js';
import { NOTHING_SOLVED, type SolvedCheck, tableFromBody } from './new-table.js';
import { hashToken, newToken, tokenMatches } from './seat-tokens.js';
import type { StoredTable, TableStore } from './store.js';
import { TableCache } from './table-cache.js';
import { chatHistory, ChatLimits, tellChat } from './table-chat.js';
import { lostRace, type TableRunner, UNAVAILABLE } from './table-runner.js';
import { builtView, recordOf } from './views.js';

/** The authority over all tables of this server. */
export class Authority {
  readonly #store: TableStore;
  readonly #bus: TableBus;
  readonly #abandonMs: number;
  readonly #waitingMs: number;
  readonly #rules: { readonly firstMoveMs: number };
  readonly #dayMs: number;
  readonly #now: () => number;
  readonly #pickSide: () => Side;
  readonly #solved: SolvedCheck;
  readonly #onError: (error: unknown, what: string) => void;
  readonly #cache: TableCache;
  readonly #seated = new Map<Member, TableRunner>();
  readonly #chat: ChatLog;
  readonly #chatLimits = new ChatLimits();

  constructor(store: TableStore, options: AuthorityOptions) {
    this.#store = store;
    this.#bus = options.bus;
    this.#abandonMs = options.abandonSeconds * 1000;
    this.#waitingMs = options.waitingHours * 3_600_000;
    this.#rules = { firstMoveMs: (options.firstMoveSeconds ?? 60) * 1000 };
    this.#dayMs = options.correspondenceDayMs ?? 86_400_000;
    this.#now = options.now ?? Date.now;
    this.#pickSide = options.pickSide ?? cryptoSide;
    this.#solved = options.solved ?? NOTHING_SOLVED;
    this.#onError = options.onError ?? (() => undefined);
    this.#chat = options.chat;
    this.#cache = new TableCache({
      store,
      bus: this.#bus,
      now: this.#now,
      rules: this.#rules,
      observers: options.observers ?? [],
      onError: this.#onError,
    });
    this.#bus.listen(
      (id, message) => void this.#cache.heard(id, message).catch((error: unknown) => this.#onError(error, 'bus event')),
      () => this.#cache.resumeAll(),
    );
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
  async createTable(body: CreateTableBody): Promise<Answer<CreateTableResponse, HttpErrorCode>> {
    const made = tableFromBody(body, this.#pickSide, this.#now(), this.#solved, this.#dayMs);
    if (!made.ok) return made;
    const { stored, seat } = made.value;
    try {
      await this.#store.insertTable(stored);
    } catch (error) {
      this.#onError(error, 'create table');
      return refuse('unavailable', UNAVAILABLE);
    }
    // Loaded when someone connects: a table nobody joins never takes memory here.
    const live = this.#cache.detached(stored);
    live.changed(true); // observers (the computer's seat loads it at once)
    return done({ table: live.view(this.#now()), seat });
  }

  /** Ends a game whose deadline passed, loading it if need be (the correspondence referee); the deadline after. */
  async endIfDue(id: string): Promise<number | null> {
    const after = await this.#onTable(id, async (live) => {
      await live.endIfDue();
      return done(correspondenceDeadline(live.facts.stored));
    });
    if (after.ok) return after.value;
    if (after.error.code === 'table-not-found') return null;
    throw new Error(after.error.message);
  }

  /** Takes the asked seat, or the free one; a taken seat answers `seat-taken`. */
  async takeSeat(id: string, side?: Side): Promise<Answer<TakeSeatResponse, HttpErrorCode>> {
    return this.#onTable(id, async (live) => {
      const { stored } = live.facts;
      const free = side ?? (stored.seats.fox === null ? 'fox' : 'geese');
      if (stored.seats[free] !== null)
        return refuse('seat-taken', side ? `the ${side} seat is taken` : 'both seats are taken');
      const token = newToken();
      const now = this.#now();
      live.presence.seatTaken(free, now);
      const event = {
        type: 'seat',
        ply: stored.moves.length,
        side: free,
        tokenHash: hashToken(token),
        at: now,
      } as const;
      if (!(await live.commit(event)).ok) return refuse('seat-taken', `the ${free} seat is taken`);
      return done({ seat: { side: free, token } });
    });
  }

  /** The table as everyone sees it, or null. A store that does not answer throws. */
  async view(id: string): Promise<TableView | null> {
    const live = await this.#cache.get(id);
    if (live?.stale) await live.refresh();
    return live ? live.view(this.#now()) : null;
  }

  /** The table's view built afresh from its facts, past the one welcomes share: what `view` must equal (views.test.ts). */
  async builtView(id: string): Promise<TableView | null> {
    const live = await this.#cache.get(id);
    return live ? builtView(live, this.#now()) : null;
  }

  /** The table as everyone sees it and when it was created, for its game record; or null. */
  async recordFacts(id: string): Promise<{ view: TableView; createdAt: number } | null> {
    const live = await this.#cache.get(id);
    return live ? { view: live.view(this.#now()), createdAt: live.facts.stored.createdAt } : null;
  }

  /** The replayable record of a table's game, or null. A store that does not answer throws. */
  async record(id: string): Promise<RecordResponse | null> {
    const live = await this.#cache.get(id);
    return live ? recordOf(live) : null;
  }

  /** Joins a member to a table: with a seat's token as its player, without one as a spectator. */
  async join(id: string, member: Member, token?: string): Promise<Answer<Role, SocketErrorCode>> {
    return this.#onTable(id, async (live) => {
      let role: Role = 'spectator';
      if (token !== undefined) {
        const holds = (): Side | undefined => SIDES.find((s) => tokenMatches(token, live.facts.stored.seats[s]));
        // A seat taken through another instance a moment ago may not be in this cache yet.
        if (!holds()) await live.refresh();
        const side = holds();
        if (!side)
          return refuse('bad-token', 'this token holds no seat at this table; send hello without a token to watch');
        role = side;
      }
      // The chat so far, read in the table's turn: a message said after it is told to the member, not missed.
      const chat = chatHistory(await this.#chat.recent(id), role);
      // A second hello changes the role: leave first, so a seat given up goes offline.
      this.#leaveQuietly(member);
      live.presence.add(member, { role, token: role === 'spectator' ? null : token! });
      this.#seated.set(member, live);
      sendTo(member, {
        type: 'welcome',
        role,
        table: live.view(this.#now()),
        abandonSeconds: this.abandonSeconds,
        chat,
      });
      live.welcomed();
      return done(role);
    });
  }

  /** Removes a member from its table; a player's seat goes offline when its last connection leaves. */
  leave(member: Member): void {
    const live = this.#leaveQuietly(member);
    if (!live) return;
    live.presenceChanged();
    live.changed(); // observers
  }

  /** Removes a member without telling anyone; returns the table it was at. */
  #leaveQuietly(member: Member): TableRunner | undefined {
    const live = this.#seated.get(member);
    if (!live) return undefined;
    this.#seated.delete(member);
    live.presence.remove(member, this.#now());
    return live;
  }

  /** Handles a game message of a joined member: decide, then write and tell; errors come back for the sender only. */
  async play(member: Member, message: PlayMessage): Promise<Answer<void, SocketErrorCode>> {
    const live = this.#seated.get(member);
    if (!live) return refuse('hello-first', 'send hello first');
    return live.run(async () => {
      const seating = live.presence.members.get(member);
      if (!seating) return refuse('hello-first', 'send hello first');
      if (seating.role === 'spectator')
        return refuse('not-a-player', `spectators cannot ${message.type}; take a seat to play`);
      // A deadline that passed ends the game before anything else is done at the table.
      if (message.type !== 'rematch' && message.type !== 'rematch-decline') {
        const ending = live.endingIfDue();
        if (ending) await ending;
      }
      // A move ahead of this cache: the store may have it (another instance played); decide on the store's facts.
      if (message.type === 'move' && message.ply > live.facts.stored.moves.length) await live.refresh();
      const side = seating.role;
      // An ending (a resignation, an accepted draw, a claim) lost its compare-and-set on the ply to a move stored
      // through another instance: decided once more on the store's facts (the cache was refreshed).
      for (let attempt = 0; ; attempt++) {
        const decision = decide(live.facts, live.derived, { side, token: seating.token ?? '' }, message, this.#now(), {
          tableId: live.id,
          abandonMs: this.#abandonMs,
          isOnline: (s) => live.presence.isOnline(s),
          offlineSince: (s) => live.presence.offlineSince(s),
        });
        switch (decision.kind) {
          case 'refused':
            return { ok: false, error: decision.error };
          case 'none':
            return done(undefined);
          case 'rematch-known':
            sendRematch(live, member);
            return done(undefined);
          case 'event': {
            const { event } = decision;
            if (event.type === 'rematch-ask') return live.askRematch(event);
            if ((await live.commit(event, decision.played)).ok) return done(undefined);
            if (event.type === 'ended' && attempt === 0 && live.facts.stored.result === null) continue;
            // An offer lost its compare-and-set to one written through another instance (two crossed draw offers):
            // decided again on the new facts, where the opponent's offer stands (a draw agreed).
            if ((event.type === 'draw' || event.type === 'takeback') && attempt === 0) continue;
            return refuse(...lostRace(event));
          }
        }
      }
    });
  }

  /**
   * a chat message of a joined member, from `address`: checked (room, limits), kept, told to this instance's
   * readers of its room, then to the other instances. In the table's turn, so it never overtakes a welcome.
   */
  async chat(
    member: Member,
    message: ClientMessageOf<'chat'>,
    address: string,
  ): Promise<Answer<void, SocketErrorCode>> {
    const live = this.#seated.get(member);
    if (!live) return refuse('hello-first', 'send hello first');
    return live.exclusive(async (): Promise<Answer<void, SocketErrorCode>> => {
      const seating = live.presence.members.get(member);
      if (!seating) return refuse('hello-first', 'send hello first');
      const made = this.#chatLimits.entry(live.id, seating.role, address, message, this.#now());
      if (!made.ok) return made;
      const entry = made.value;
      try {
        await this.#chat.add(live.id, entry);
      } catch (error) {
        this.#onError(error, 'chat');
        return refuse('unavailable', UNAVAILABLE);
      }
      tellChat(live, entry);
      // Kept already: an instance that misses it on the bus shows it to its next joiners.
      await this.#bus
        .publish(live.id, { type: 'chat', ply: -1, entry })
        ?.catch((e: unknown) => this.#onError(e, 'chat bus'));
      return done(undefined);
    });
  }

  /** After a start: loads the unfinished tables with a clock, so their deadlines are kept with nobody there. */
  async watchDeadlines(unfinished: readonly StoredTable[]): Promise<void> {
    await this.#cache.preload(unfinished.filter((t) => t.clock && !t.result).map((t) => t.id));
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
  }

  /** Runs an action on a loaded table in its turn; a table that does not exist answers `table-not-found`. */
  async #onTable<T, C extends SocketErrorCode | HttpErrorCode>(
    id: string,
    action: (live: TableRunner) => Promise<Answer<T, C>>,
  ): Promise<Answer<T, C | 'table-not-found' | 'unavailable'>> {
    let live: TableRunner | null;
    try {
      live = await this.#cache.get(id);
    } catch (error) {
      this.#onError(error, 'load table');
      return refuse('unavailable', UNAVAILABLE);
    }
    if (!live) return refuse('table-not-found', `no table "${id}"`);
    return live.run(() => action(live));
  }
}
