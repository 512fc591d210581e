// The authority over every table: creates them, seats players, checks and stores moves, ends games.
// It knows neither sockets, HTTP nor SQL: members are told things through `send`, tables live in a TableStore.
import { randomInt } from 'node:crypto';
import type {
  ClientMessageOf,
  CreateTableBody,
  CreateTableResponse,
  GameResult,
  RecordResponse,
  Role,
  ServerMessage,
  TableView,
  TakeSeatResponse,
} from '@fg/protocol';
import { getVariant, makeMoveText, makePosition, opponent, playPoints, type Side } from '@fg/rules';
import type { StoredTable, TableStore } from '../store/store.js';
import { isOnline, liveFromStored, seatsView, spectatorCount, tableStatus, tableView, type LiveTable, type Member, type Seating } from './live-table.js';
import { done, refuse, type Outcome } from './outcome.js';
import { hashToken, newTableId, newToken, rematchToken, tokenMatches } from './seat-tokens.js';

/** Settings and seams of the authority. */
export interface AuthorityOptions {
  readonly abandonSeconds: number; // 60
  readonly waitingHours: number; // 24
  readonly now?: () => number;
  readonly pickSide?: () => Side; // for `random`; crypto randomness by default
  readonly onError?: (error: unknown, what: string) => void;
}

/** The game messages a seated player sends. */
export type PlayMessage = ClientMessageOf<'move' | 'resign' | 'draw-offer' | 'draw-accept' | 'rematch' | 'claim-victory'>;

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

  constructor(store: TableStore, options: AuthorityOptions) {
    this.#store = store;
    this.#abandonMs = options.abandonSeconds * 1000;
    this.#waitingMs = options.waitingHours * 3_600_000;
    this.#now = options.now ?? Date.now;
    this.#pickSide = options.pickSide ?? cryptoSide;
    this.#onError = options.onError ?? (() => undefined);
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
    const stored: StoredTable = {
      id: newTableId(),
      variant: variant.value.id,
      options: variant.value.options,
      seats: { fox: side === 'fox' ? hashToken(token) : null, geese: side === 'geese' ? hashToken(token) : null },
      moves: [],
      result: null,
      rematch: null,
      createdAt: now,
    };
    await this.#store.insertTable(stored);
    const live = liveFromStored(stored, now)!;
    this.#tables.set(live.id, live);
    return done({ table: tableView(live), seat: { side, token } });
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
      if (!(await this.#store.takeSeat(live.id, free, hash))) return refuse('seat-taken', `the ${free} seat is taken`);
      live.seats[free] = hash;
      live.offlineSince[free] = this.#now();
      this.#broadcastPresence(live);
      return done({ seat: { side: free, token } });
    });
  }

  /** The table as everyone sees it, or null. */
  async view(id: string): Promise<TableView | null> {
    const live = await this.#get(id);
    return live ? tableView(live) : null;
  }

  /** The replayable record of a table's game, or null. */
  async record(id: string): Promise<RecordResponse | null> {
    const live = await this.#get(id);
    if (!live) return null;
    return { record: { variant: live.game.variant.id, options: { ...live.options }, moves: [...live.moves] }, result: live.result };
  }

  /** Joins a member to a table: with a seat's token as its player, without one as a spectator. */
  async join(id: string, member: Member, token?: string): Promise<Outcome<Role>> {
    const live = await this.#get(id);
    if (!live) return refuse('table-not-found', `no table "${id}"`);
    let role: Role = 'spectator';
    if (token !== undefined) {
      const side = (['fox', 'geese'] as const).find((s) => tokenMatches(token, live.seats[s]));
      if (!side) return refuse('bad-token', 'this token holds no seat at this table; send hello without a token to watch');
      role = side;
    }
    return this.#exclusive(live, async () => {
      const before = this.#seated.get(member);
      if (before && before !== live) this.leave(member);
      live.members.set(member, { role, token: role === 'spectator' ? null : token! });
      this.#seated.set(member, live);
      this.#send(member, { type: 'welcome', role, table: tableView(live), abandonSeconds: this.abandonSeconds });
      this.#broadcastPresence(live);
      return done(role);
    });
  }

  /** Removes a member from its table; a player's seat goes offline when its last connection leaves. */
  leave(member: Member): void {
    const live = this.#seated.get(member);
    if (!live) return;
    const seating = live.members.get(member);
    this.#seated.delete(member);
    live.members.delete(member);
    const now = this.#now();
    if (seating && seating.role !== 'spectator' && !isOnline(live, seating.role)) live.offlineSince[seating.role] = now;
    if (live.members.size === 0) live.idleSince = now;
    this.#broadcastPresence(live);
  }

  /** Handles a game message of a joined member; errors come back for the sender only. */
  async play(member: Member, message: PlayMessage): Promise<Outcome<void>> {
    const live = this.#seated.get(member);
    if (!live) return refuse('hello-first', 'send hello first');
    return this.#exclusive(live, async () => {
      const seating = live.members.get(member);
      if (!seating) return refuse('hello-first', 'send hello first');
      if (seating.role === 'spectator') return refuse('not-a-player', `spectators cannot ${message.type}; take a seat to play`);
      const side = seating.role;
      if (message.type === 'rematch') return this.#rematch(live, member, side, seating);
      if (live.result) return refuse('game-over', `the game is over (${live.result.winner ?? 'draw'} ${live.result.reason})`);
      if (tableStatus(live) === 'waiting') return refuse('not-your-turn', 'the game starts when both seats are taken');
      switch (message.type) {
        case 'move':
          return this.#move(live, side, message);
        case 'resign':
          return this.#finish(live, { winner: opponent(side), reason: 'resignation' });
        case 'draw-offer':
          return this.#offerDraw(live, side);
        case 'draw-accept':
          if (live.drawOffer !== opponent(side)) return refuse('not-your-turn', `there is no draw offer from the ${opponent(side)} to accept`);
          return this.#finish(live, { winner: null, reason: 'draw-agreed' });
        case 'claim-victory':
          return this.#claimVictory(live, side);
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

  // ---- game actions, each run inside its table's queue ----

  /** The fixed order: seat and turn checked by the caller and here, then ply, then the rules; then store, then broadcast. */
  async #move(live: LiveTable, side: Side, message: ClientMessageOf<'move'>): Promise<Outcome<void>> {
    const turn = live.game.position.turn;
    if (turn !== side) return refuse('not-your-turn', `it is the ${turn} side's turn`);
    const ply = live.moves.length;
    if (message.ply !== ply) return refuse('stale-ply', `ply ${message.ply} is stale; the table is at ply ${ply}`);
    const played = playPoints(live.game, message.path);
    if (!played.ok) return refuse(played.error.code === 'game-over' ? 'game-over' : 'illegal-move', played.error.message);
    const game = played.value;
    const path = game.moves[ply]!;
    const text = makeMoveText(game.variant.board, path);
    const result: GameResult | null = game.result;
    if (!(await this.#store.appendMove(live.id, ply, text, result))) return refuse('stale-ply', `ply ${ply} was already played`);
    live.game = game;
    live.moves.push(text);
    live.position = makePosition(game.variant.board, game.position);
    live.result = result;
    // An offer stands until the offerer's opponent moves; a finished game has none.
    if (result || live.drawOffer === opponent(side)) live.drawOffer = null;
    const names = path.map((p) => game.variant.board.points[p]!.name);
    this.#broadcast(live, {
      type: 'moved',
      ply,
      path: names,
      move: text,
      side,
      position: live.position,
      turn: game.position.turn,
      status: tableStatus(live),
      result,
    });
    return done(undefined);
  }

  /** Offers a draw; offering while the opponent's offer stands accepts it. */
  #offerDraw(live: LiveTable, side: Side): Promise<Outcome<void>> | Outcome<void> {
    if (live.drawOffer === opponent(side)) return this.#finish(live, { winner: null, reason: 'draw-agreed' });
    live.drawOffer = side;
    this.#broadcast(live, { type: 'draw-offered', side });
    return done(undefined);
  }

  /** Wins by abandonment when the opponent's seat has been offline for the abandonment time. */
  #claimVictory(live: LiveTable, side: Side): Promise<Outcome<void>> | Outcome<void> {
    const other = opponent(side);
    if (isOnline(live, other)) return refuse('not-abandoned', `the ${other} player is connected`);
    const away = this.#now() - live.offlineSince[other];
    if (away < this.#abandonMs) {
      return refuse('not-abandoned', `the ${other} player has been away ${Math.floor(away / 1000)} s; a claim needs ${this.abandonSeconds} s`);
    }
    return this.#finish(live, { winner: side, reason: 'abandoned' });
  }

  /** Ends a game other than by a move: store, then tell everyone. */
  async #finish(live: LiveTable, result: GameResult): Promise<Outcome<void>> {
    if (!(await this.#store.finish(live.id, result))) return refuse('game-over', 'the game is already over');
    live.result = result;
    live.drawOffer = null;
    this.#broadcast(live, { type: 'ended', result });
    return done(undefined);
  }

  /** Records a rematch request; when both players asked, opens a table of the same variant with sides swapped. */
  async #rematch(live: LiveTable, member: Member, side: Side, seating: Seating): Promise<Outcome<void>> {
    if (!live.result) return refuse('not-your-turn', 'a rematch can be asked once the game is over');
    const token = seating.token!;
    if (live.rematch) {
      this.#send(member, { type: 'rematch', table: live.rematch, seat: { side: opponent(side), token: rematchToken(token, live.rematch) } });
      return done(undefined);
    }
    live.rematchAsks.set(side, token);
    const other = live.rematchAsks.get(opponent(side));
    if (other === undefined) {
      this.#broadcast(live, { type: 'rematch-offered', side });
      return done(undefined);
    }
    const id = newTableId();
    const oldTokens = (side === 'fox' ? { fox: token, geese: other } : { fox: other, geese: token }) satisfies Record<Side, string>;
    // Sides swap: the old geese player takes the fox seat, and the other way round.
    const tokens: Record<Side, string> = { fox: rematchToken(oldTokens.geese, id), geese: rematchToken(oldTokens.fox, id) };
    const now = this.#now();
    const stored: StoredTable = {
      id,
      variant: live.game.variant.id,
      options: live.options,
      seats: { fox: hashToken(tokens.fox), geese: hashToken(tokens.geese) },
      moves: [],
      result: null,
      rematch: null,
      createdAt: now,
    };
    await this.#store.insertTable(stored);
    await this.#store.setRematch(live.id, id);
    this.#tables.set(id, liveFromStored(stored, now)!);
    live.rematch = id;
    live.rematchAsks.clear();
    for (const [m, s] of live.members) {
      const seat = s.role === 'spectator' ? undefined : { side: opponent(s.role), token: tokens[opponent(s.role)] };
      this.#send(m, seat ? { type: 'rematch', table: id, seat } : { type: 'rematch', table: id });
    }
    return done(undefined);
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
        if (live) this.#tables.set(id, live);
        return live;
      });
      this.#loading.set(id, loading);
    }
    return loading;
  }

  /** Runs one action on a table after the ones before it, so checks and writes never interleave. */
  #exclusive<T>(live: LiveTable, action: () => Promise<T>): Promise<T> {
    const run = live.queue.then(action, action);
    live.queue = run.catch(() => undefined);
    return run;
  }

  #send(member: Member, message: ServerMessage): void {
    member.send(JSON.stringify(message));
  }

  /** Sends one message to everyone at a table, serialized once. */
  #broadcast(live: LiveTable, message: ServerMessage): void {
    const text = JSON.stringify(message);
    for (const member of live.members.keys()) member.send(text);
  }

  #broadcastPresence(live: LiveTable): void {
    this.#broadcast(live, { type: 'presence', seats: seatsView(live), spectators: spectatorCount(live) });
  }
}
