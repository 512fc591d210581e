// The human side of computer games for the benchmark: each plays a random legal move as soon as it is its turn,
// and starts a new game against the computer when one ends, so N computer games run all the time.
import { type Game, generateMoves, getVariant, newGame, playMoveText } from '@fg/rules';
import WebSocket from 'ws';

const standard = getVariant('standard');
if (!standard.ok) throw new Error(standard.error.message);
const variant = standard.value;

/** Computer games kept running against one server. */
export class ComputerGames {
  readonly #baseUrl: string;
  readonly #level: number;
  readonly #sockets = new Set<WebSocket>();
  #stopped = false;
  /** Moves the computer has played. */
  computerMoves = 0;
  /** Games finished. */
  games = 0;

  constructor(baseUrl: string, level: number) {
    this.#baseUrl = baseUrl;
    this.#level = level;
  }

  /** Starts `count` games (each replaced by a new one when it ends). */
  async start(count: number): Promise<void> {
    await Promise.all(Array.from({ length: count }, (_, i) => this.#play(i % 2 === 0 ? 'geese' : 'fox')));
  }

  /** Stops playing and closes every socket. */
  stop(): void {
    this.#stopped = true;
    for (const socket of this.#sockets) socket.close();
  }

  async #play(side: 'fox' | 'geese'): Promise<void> {
    if (this.#stopped) return;
    const response = await fetch(`${this.#baseUrl}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ variant: 'standard', side, computer: { level: this.#level } }),
    });
    if (response.status !== 201) throw new Error(`computer table: HTTP ${response.status}`);
    const created = (await response.json()) as { table: { id: string }; seat: { token: string } };
    const socket = new WebSocket(`${this.#baseUrl.replace(/^http/, 'ws')}/api/tables/${created.table.id}/ws`);
    this.#sockets.add(socket);
    let game: Game = newGame(variant);
    const moveIfMine = (): void => {
      if (game.result || game.position.turn !== side) return;
      const moves = generateMoves(variant, game.position);
      const path = moves[Math.floor(Math.random() * moves.length)]!;
      socket.send(
        JSON.stringify({ type: 'move', ply: game.moves.length, path: path.map((p) => variant.board.points[p]!.name) }),
      );
    };
    socket.on('open', () => socket.send(JSON.stringify({ type: 'hello', token: created.seat.token })));
    socket.on('message', (data) => {
      const message = JSON.parse((data as Buffer).toString('utf8')) as { type: string; move?: string; side?: string };
      if (message.type === 'welcome') return moveIfMine();
      if (message.type !== 'moved') return;
      const next = playMoveText(game, message.move!);
      if (!next.ok) throw new Error(`bad move ${message.move}: ${next.error.message}`);
      game = next.value;
      if (message.side !== side) this.computerMoves++;
      if (!game.result) return moveIfMine();
      this.games++;
      socket.close();
      this.#sockets.delete(socket);
      void this.#play(side);
    });
  }
}
