// One table under load: two players and two spectators on their own WebSockets, playing a real
// game of random legal moves, and timing every move from its send to its `moved` broadcast.
import type { CreateTableResponse, TakeSeatResponse } from '@fg/protocol';
import { type Game, newGame, playPoints, type Side, type Variant } from '@fg/rules';
import WebSocket from 'ws';

/** `BENCH_CLOCK=300+3` in the environment gives every table that clock, to compare CPU per move with and without clocks. */
const BENCH_CLOCK = ((): { clock?: { initial: number; increment: number } } => {
  const match = /^(\d+)\+(\d+)$/.exec(process.env.BENCH_CLOCK ?? '');
  return match ? { clock: { initial: Number(match[1]), increment: Number(match[2]) } } : {};
})();

/** Who a socket is at its table. */
export type Role = Side | 'spectator';

/** How the players move: not at all, as fast as they can, or once per interval. */
export type Mode = 'idle' | 'saturation' | 'paced';

/** Counters and samples every table of a load client adds to. */
export interface LoadStats {
  moves: number; // moves acknowledged to their sender
  games: number; // games played to their end
  errors: number;
  readonly errorCodes: Record<string, number>;
  skipped: number; // paced ticks that found the table's previous move still unacknowledged
  roundTrips: number[]; // ms from a move's send to its `moved` at the sender
  deliveries: number[]; // ms from a move's send to its `moved` at each spectator
}

/** What the tables of a load client share. */
export interface LoadContext {
  readonly baseUrl: string;
  readonly peerUrl: string; // the geese player and one spectator connect here (another instance, or baseUrl)
  readonly variant: Variant;
  readonly random: () => number;
  readonly stats: LoadStats;
  mode: Mode;
  intervalMs: number;
  recording: boolean;
  /** Called once a table's game has ended and its sockets are closing, to open a new one. */
  onFinished(table: LoadTable): void;
}

const WELCOME_TIMEOUT_MS = 15_000;
const CLOSE_TIMEOUT_MS = 3_000;
const MAX_ERROR_LOGS = 5;
let errorLogs = 0;

/** Counts an error and logs the first few, so a broken run says why. */
export function countError(stats: LoadStats, code: string, detail: string): void {
  stats.errors++;
  stats.errorCodes[code] = (stats.errorCodes[code] ?? 0) + 1;
  if (errorLogs++ < MAX_ERROR_LOGS) console.error(`load client: ${code}: ${detail}`);
}

/** POSTs JSON and returns the parsed answer; rate-limited requests wait and retry. */
async function postJson<T>(ctx: LoadContext, url: string, body: unknown): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = await res.json().catch(() => null);
    if (res.status === 429 && attempt < 30) {
      countError(ctx.stats, 'http-429', `${url} ${JSON.stringify(answer)}`);
      await new Promise((r) => setTimeout(r, 200 * Math.min(attempt + 1, 10)));
      continue;
    }
    if (res.status !== 201) throw new Error(`POST ${url}: ${res.status} ${JSON.stringify(answer)}`);
    return answer as T;
  }
}

/** A table of the load: its game as the moves come back, its four sockets and its timings. */
export class LoadTable {
  private game: Game;
  private readonly sockets: { role: Role; ws: WebSocket }[] = [];
  private readonly players = new Map<Side, WebSocket>();
  private readonly sentAt: number[] = []; // by ply
  private readonly moverOf: Side[] = []; // by ply
  private readonly receipts: number[] = []; // by ply: sockets that have seen the move
  private pending = false; // a move was sent and its sender has not seen it come back yet
  private timer: NodeJS.Timeout | undefined;
  private closing = false;
  private finished = false;

  private constructor(
    private readonly ctx: LoadContext,
    readonly id: string,
    private readonly tokens: Readonly<Record<Side, string>>,
  ) {
    this.game = newGame(ctx.variant);
  }

  /**
   * Creates a table over HTTP, takes both seats and connects the players and two spectators: the fox and one
   * spectator at `baseUrl`, the geese and the other at `peerUrl` (in the Redis mode's split run, another instance).
   */
  static async open(ctx: LoadContext): Promise<LoadTable> {
    const table = await LoadTable.seat(ctx, await LoadTable.create(ctx));
    await Promise.all([table.connectPlayers(), table.connectSpectators()]);
    return table;
  }

  /** The first step of `open`: a table created at `baseUrl` with the fox seat; its id and the fox's token. */
  static async create(ctx: LoadContext): Promise<{ readonly id: string; readonly fox: string }> {
    const created = await postJson<CreateTableResponse>(ctx, `${ctx.baseUrl}/api/tables`, {
      variant: ctx.variant.id,
      side: 'fox',
      ...BENCH_CLOCK,
    });
    return { id: created.table.id, fox: created.seat.token };
  }

  /** The second step: the geese seat taken at `peerUrl`; the table, no socket open yet. */
  static async seat(ctx: LoadContext, created: { readonly id: string; readonly fox: string }): Promise<LoadTable> {
    const joined = await postJson<TakeSeatResponse>(ctx, `${ctx.peerUrl}/api/tables/${created.id}/seats`, {});
    return new LoadTable(ctx, created.id, { fox: created.fox, geese: joined.seat.token });
  }

  /** The players' sockets, each up to its welcome. */
  connectPlayers(): Promise<unknown> {
    return Promise.all([
      this.connect(this.ctx.baseUrl, 'fox', this.tokens.fox),
      this.connect(this.ctx.peerUrl, 'geese', this.tokens.geese),
    ]);
  }

  /** The two spectators' sockets, each up to its welcome. */
  connectSpectators(): Promise<unknown> {
    return Promise.all([this.connect(this.ctx.baseUrl, 'spectator'), this.connect(this.ctx.peerUrl, 'spectator')]);
  }

  /** Opens one socket, says hello and waits for the welcome. */
  private connect(baseUrl: string, role: Role, token?: string): Promise<void> {
    const url = `${baseUrl.replace(/^http/, 'ws')}/api/tables/${this.id}/ws`;
    const ws = new WebSocket(url, { perMessageDeflate: false });
    this.sockets.push({ role, ws });
    if (role !== 'spectator') this.players.set(role, ws);
    return new Promise((resolve, reject) => {
      const timeout = setTimeout(
        () => reject(new Error(`table ${this.id}: no welcome for ${role}`)),
        WELCOME_TIMEOUT_MS,
      );
      ws.on('open', () => ws.send(JSON.stringify(token ? { type: 'hello', token } : { type: 'hello' })));
      ws.on('error', (error) => reject(error));
      ws.on('close', (code) => {
        if (!this.closing) countError(this.ctx.stats, `closed-${code}`, `table ${this.id}: ${role} socket closed`);
      });
      ws.on('message', (data) => {
        const message = JSON.parse((data as Buffer).toString());
        if (message.type === 'moved') this.onMoved(role, message.ply, message.path);
        else if (message.type === 'error') this.onError(role, message.code, message.message);
        else if (message.type === 'welcome') {
          clearTimeout(timeout);
          resolve();
        }
      });
    });
  }

  /** Starts moving in the context's mode: at once (saturation) or on a timer (paced). */
  start(): void {
    if (this.ctx.mode === 'saturation') this.sendMove();
    else if (this.ctx.mode === 'paced') {
      const origin = performance.now() + this.ctx.random() * this.ctx.intervalMs;
      let ticks = 0;
      const tick = (): void => {
        if (this.ctx.mode !== 'paced' || this.closing) return;
        if (this.pending) this.ctx.stats.skipped++;
        else this.sendMove();
        ticks++;
        this.timer = setTimeout(tick, Math.max(0, origin + ticks * this.ctx.intervalMs - performance.now()));
      };
      this.timer = setTimeout(tick, origin - performance.now());
    }
  }

  /** Whether a move of this table still awaits its acknowledgement. */
  get busy(): boolean {
    return this.pending;
  }

  /** The player to move sends a random legal move, unless it has already sent one for this ply. */
  private sendMove(): void {
    const { game } = this;
    const ply = game.moves.length;
    if (game.result || this.sentAt[ply] !== undefined || this.closing) return;
    const path = game.legal[Math.floor(this.ctx.random() * game.legal.length)]!;
    const names = path.map((p) => game.variant.board.points[p]!.name);
    const frame = JSON.stringify({ type: 'move', ply, path: names });
    this.pending = true;
    this.sentAt[ply] = performance.now();
    this.players.get(game.position.turn)!.send(frame);
  }

  /** Follows the game, records timings, and lets the player to move answer in saturation. */
  private onMoved(role: Role, ply: number, path: string[]): void {
    const now = performance.now();
    if (ply === this.game.moves.length) {
      const next = playPoints(this.game, path);
      if (!next.ok) return countError(this.ctx.stats, 'desync', `table ${this.id} ply ${ply}: ${next.error.message}`);
      this.moverOf[ply] = this.game.position.turn;
      this.game = next.value;
    }
    const mover = this.moverOf[ply];
    const sent = this.sentAt[ply];
    if (sent !== undefined && this.ctx.recording) {
      if (role === mover) this.ctx.stats.roundTrips.push(now - sent);
      else if (role === 'spectator') this.ctx.stats.deliveries.push(now - sent);
    }
    if (role === mover) {
      this.ctx.stats.moves++;
      this.pending = false;
    }
    this.receipts[ply] = (this.receipts[ply] ?? 0) + 1;
    if (this.game.result) {
      if (ply === this.game.moves.length - 1 && this.receipts[ply] === this.sockets.length) this.finish();
      return;
    }
    if (this.ctx.mode === 'saturation' && role === this.game.position.turn) this.sendMove();
  }

  /** Counts a refused move; the table stays idle after it rather than guessing. */
  private onError(role: Role, code: string, message: string): void {
    countError(this.ctx.stats, code, `table ${this.id} ${role}: ${message}`);
    if (role !== 'spectator') this.pending = false;
  }

  /** The game is over: count it, close this table and let the client open a new one. */
  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.ctx.stats.games++;
    this.ctx.onFinished(this);
  }

  /** Closes the four sockets and waits for them to close. */
  async close(): Promise<void> {
    this.closing = true;
    clearTimeout(this.timer);
    await Promise.all(
      this.sockets.map(
        ({ ws }) =>
          new Promise<void>((resolve) => {
            if (ws.readyState === WebSocket.CLOSED) return resolve();
            const timeout = setTimeout(() => (ws.terminate(), resolve()), CLOSE_TIMEOUT_MS);
            ws.once('close', () => (clearTimeout(timeout), resolve()));
            ws.close();
          }),
      ),
    );
  }
}
