// The computer at one table: a member like any player. It hears the table's messages, thinks in the pool,
// and sends its moves, draw answers and rematch requests through the authority's own checks and storage.
import { applyServerMessage, type ServerMessage, type TableView } from '@fg/protocol';
import { opponent, type Side } from '@fg/rules';

import type { Authority } from '../tables/authority.js';
import type { PlayMessage } from '../tables/decide.js';
import type { Member, Outgoing } from '../tables/member.js';
import type { ComputerSeat } from '../tables/store.js';
import { clockBudgetMs, DRAW_FROM_PLY, DRAW_MARGIN, EARLY_DRAW_LEVEL } from './computer-habits.js';
import type { ComputerLease } from './computer-lease.js';
import type { ThinkAnswer, ThinkTask } from './think.js';

/** What a computer player needs around it. */
export interface PlayerDeps {
  readonly authority: Pick<Authority, 'join' | 'play' | 'leave'>;
  readonly think: (task: ThinkTask) => Promise<ThinkAnswer>;
  readonly thinkMs?: number; // a cap on each move's time (tests)
  readonly lease: ComputerLease; // only the holder thinks and plays (several instances on one Redis)
  readonly aloneMs: number; // a running game nobody else has been at for this long is left (memory is freed)
  /** The rematch table was opened: the computer takes its seat there. */
  readonly onRematch: (tableId: string, seat: ComputerSeat) => void;
  /** The computer has left this table for good. */
  readonly onLeave: (tableId: string) => void;
  readonly onError: (error: unknown, what: string) => void;
}

/** The computer's seat at one table, from joining until the game and its rematch are settled. */
export class ComputerPlayer implements Member {
  readonly tableId: string;
  readonly #seat: ComputerSeat;
  readonly #deps: PlayerDeps;
  #table: TableView | null = null;
  #thinkingAt = -1; // the ply a move is being chosen for
  // Counts the takebacks heard: a ply is thought about once per line of play, and a move chosen before a takeback is
  // not sent into the line after it, even at the same ply (the position there may differ).
  #line = 0;
  #moving: Promise<void> = Promise.resolve(); // the last move being chosen and sent
  #othersThere = false; // the opponent or a spectator is connected, as the last welcome or presence said
  #holding = false; // this instance holds the table's lease: it thinks and plays
  #renewal: ReturnType<typeof setInterval> | null = null;
  #alone: ReturnType<typeof setTimeout> | null = null; // runs while nobody else is at a running game
  #left = false;

  constructor(tableId: string, seat: ComputerSeat, deps: PlayerDeps) {
    this.tableId = tableId;
    this.#seat = seat;
    this.#deps = deps;
  }

  /** The side the computer plays. */
  get side(): Side {
    return this.#seat.side;
  }

  /** Whether this instance plays the computer here now (it holds the lease). */
  get holding(): boolean {
    return this.#holding;
  }

  /**
   * Asks for the lease, then joins the table with the computer's token. With other instances competing, the lease
   * is renewed (or asked for again) every few seconds: when its holder dies, another takes over and plays on.
   */
  async start(): Promise<void> {
    await this.#renew();
    if (this.#left) return;
    const joined = await this.#deps.authority.join(this.tableId, this, this.#seat.token);
    if (!joined.ok) {
      this.#deps.onError(new Error(`${joined.error.code}: ${joined.error.message}`), `computer join ${this.tableId}`);
      await this.#leave();
      return;
    }
    // Left while the join was on its way: the join happened after the leave, so leave again.
    if (this.#left) return this.#deps.authority.leave(this);
    const { lease } = this.#deps;
    if (!lease.shared) return;
    this.#renewal = setInterval(() => void this.#renew(), lease.renewMs);
    this.#renewal.unref();
  }

  /** Leaves the table (server shutdown, or the table is done); resolves once the lease is given back. */
  stop(): Promise<void> {
    return this.#leave();
  }

  /**
   * Receives a message of the table, as a socket would: the view follows through the protocol's own transition
   * (`applyServerMessage`, as the web app's), then the computer reacts. The server passes the message as an object
   * too, so nothing is parsed back.
   */
  send(text: string, outgoing?: Outgoing): void {
    if (this.#left) return;
    const message = outgoing?.message ?? (JSON.parse(text) as ServerMessage);
    this.#table = applyServerMessage(this.#table, message);
    switch (message.type) {
      case 'welcome':
        this.#othersThere = this.#someoneElse(message.table.seats, message.table.spectators);
        // Back at a finished table (see ComputerSeats): a rematch already asked for is agreed at once.
        if (message.table.rematchRequests?.includes(opponent(this.side))) void this.#send({ type: 'rematch' });
        else this.#watchCompany();
        this.#answerOffers();
        break;
      case 'presence':
        this.#othersThere = this.#someoneElse(message.seats, message.spectators);
        this.#watchCompany();
        return;
      case 'taken-back':
        this.#line++;
        this.#thinkingAt = -1;
        this.#watchCompany();
        break;
      case 'moved':
      case 'ended':
        this.#watchCompany();
        break;
      case 'draw-offered':
        if (message.side !== this.side) this.#answerDraw();
        return;
      case 'takeback-offered':
        // The computer accepts every takeback.
        if (message.side !== this.side && this.#holding) void this.#send({ type: 'takeback-accept' });
        return;
      case 'rematch-offered':
        // The computer always agrees to a rematch.
        if (message.side !== this.side) void this.#send({ type: 'rematch' });
        return;
      case 'rematch':
        if (message.seat) {
          this.#deps.onRematch(message.table, { ...this.#seat, side: message.seat.side, token: message.seat.token });
        }
        // Not now: the authority is still telling the table's members.
        queueMicrotask(() => void this.#leave());
        return;
      default:
        return;
    }
    this.#considerMove();
  }

  /** Whether anyone but the computer is at the table. */
  #someoneElse(seats: TableView['seats'], spectators: number): boolean {
    return seats[opponent(this.side)].online || spectators > 0;
  }

  /**
   * Nobody else at the table: at a finished one the computer goes at once, at a running one after `aloneMs` (the
   * player closed the tab for good), so the table can leave memory. Should the player come back, ComputerSeats
   * seats the computer again, and it plays on (or agrees to the rematch asked meanwhile). The lease goes back when
   * the game ends: a rematch needs none (asking twice is harmless), and the rematch table has its own.
   */
  #watchCompany(): void {
    if (this.#table?.status === 'finished') {
      this.#keepCompany();
      void this.#giveBack();
      if (!this.#othersThere) queueMicrotask(() => void this.#leave());
      return;
    }
    if (this.#othersThere) {
      this.#keepCompany();
    } else if (!this.#alone) {
      this.#alone = setTimeout(() => void this.#leaveAlone(), this.#deps.aloneMs);
      this.#alone.unref();
    }
  }

  /** Stops the countdown to leaving a running game nobody is at. */
  #keepCompany(): void {
    if (this.#alone) clearTimeout(this.#alone);
    this.#alone = null;
  }

  /** Leaves a running game nobody is at, once a move being chosen is played (else the next holder thinks again). */
  async #leaveAlone(): Promise<void> {
    this.#alone = null;
    await this.#moving;
    if (!this.#othersThere) await this.#leave();
  }

  /** Takes or renews the lease; on taking it over (its holder died or left), plays on at once. */
  async #renew(): Promise<void> {
    if (this.#left || this.#table?.status === 'finished') return;
    const had = this.#holding;
    try {
      this.#holding = await this.#deps.lease.hold(this.tableId);
    } catch (error) {
      // Redis away: nothing can be stored now anyway; the next renewal asks again (the lease is kept till then).
      this.#fault(error, `computer lease ${this.tableId}`);
      return;
    }
    if (this.#left) return void (await this.#giveBack());
    if (!this.#holding || had) return;
    this.#considerMove();
    this.#answerOffers();
  }

  /** Answers the opponent's standing offers (on a welcome, or on taking the lease over). */
  #answerOffers(): void {
    if (this.#table?.drawOffer === opponent(this.side)) this.#answerDraw();
    if (this.#table?.takebackOffer === opponent(this.side)) void this.#send({ type: 'takeback-accept' });
  }

  /** Gives the lease back (the game ended, or the computer leaves): another instance may take it at once. */
  async #giveBack(): Promise<void> {
    if (this.#renewal) clearInterval(this.#renewal);
    this.#renewal = null;
    if (!this.#holding || !this.#deps.lease.shared) return;
    this.#holding = false;
    await this.#deps.lease
      .release(this.tableId)
      .catch((error: unknown) => this.#deps.onError(error, `computer lease ${this.tableId}`));
  }

  /** Thinks when it is the computer's turn in a running game, once per ply of a line of play; only the lease's
   * holder does. */
  #considerMove(): void {
    const table = this.#table;
    if (!this.#holding || !table || table.status !== 'playing' || table.turn !== this.side) return;
    if (this.#thinkingAt === table.ply) return;
    const ply = table.ply;
    const line = this.#line;
    this.#thinkingAt = ply;
    this.#moving = this.#deps
      .think(this.#task('move', table))
      .then(async (answer) => {
        if (answer.kind === 'move' && this.#table?.ply === ply && this.#line === line)
          await this.#send({ type: 'move', ply, path: answer.points });
      })
      .catch((error: unknown) => this.#fault(error, `computer move ${this.tableId}`));
  }

  /**
   * Accepts a draw only when its own evaluation says it cannot win: a forced loss seen, or clearly worse; and
   * at levels 1-3 not before move 20 (ply 38: move n is plies 2n-2 and 2n-1), so a beginner's game is not
   * ended by agreement after a few moves. Every offer gets an answer, so the offerer is told of a decline.
   */
  #answerDraw(): void {
    const table = this.#table;
    if (!this.#holding || !table || table.status !== 'playing') return;
    if (this.#seat.level <= EARLY_DRAW_LEVEL && table.ply < DRAW_FROM_PLY) {
      void this.#send({ type: 'draw-decline' });
      return;
    }
    this.#deps
      .think(this.#task('assess', table))
      .then((answer) => {
        if (answer.kind !== 'assess') return;
        const mine = this.side === 'fox' ? answer.foxScore : -answer.foxScore;
        const lost = answer.winner === opponent(this.side) || mine <= -DRAW_MARGIN;
        void this.#send({ type: lost ? 'draw-accept' : 'draw-decline' });
      })
      .catch((error: unknown) => this.#fault(error, `computer draw ${this.tableId}`));
  }

  #task(kind: ThinkTask['kind'], table: TableView): ThinkTask {
    const limits = [this.#deps.thinkMs, clockBudgetMs(table, this.side)].filter((ms): ms is number => Boolean(ms));
    return {
      kind,
      variant: table.variant,
      options: table.options,
      moves: table.moves,
      level: this.#seat.level,
      ...(limits.length ? { timeMs: Math.min(...limits) } : {}),
    };
  }

  /**
   * Sends a game message through the authority. A refusal because the table moved on while the computer thought
   * (the game ended, a ply was played) is expected and dropped; any other refusal is a fault worth a log line.
   * Never rejects.
   */
  async #send(message: PlayMessage): Promise<void> {
    if (this.#left) return;
    await this.#deps.authority.play(this, message).then(
      (outcome) => {
        if (outcome.ok || MOVED_ON.has(outcome.error.code)) return;
        this.#fault(new Error(`${outcome.error.code}: ${outcome.error.message}`), `computer ${message.type}`);
      },
      (error: unknown) => this.#fault(error, `computer ${message.type}`),
    );
  }

  /** Reports a fault, unless the player has left (a shutdown cancels the thinking it had asked for). */
  #fault(error: unknown, what: string): void {
    if (!this.#left) this.#deps.onError(error, what);
  }

  async #leave(): Promise<void> {
    if (this.#left) return;
    this.#left = true;
    this.#keepCompany();
    this.#deps.authority.leave(this);
    this.#deps.onLeave(this.tableId);
    await this.#giveBack();
  }
}

/** Refusals that only say the table moved on while the computer was thinking. */
const MOVED_ON: ReadonlySet<string> = new Set(['game-over', 'stale-ply', 'not-your-turn']);
