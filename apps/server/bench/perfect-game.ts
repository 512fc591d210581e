// Manual check against a server with a real solution table: level 9 plays whole games against level 8 (this
// script, in process) on both sides, and every move of level 9 is checked against the table here (it must never
// give up a win or, with sideways moves, a draw); then the timings of the solution endpoints. Usage (a server
// started with SOLUTION_DIR, say on port 3601):
//   SOLUTION_DIR=/work/solutions tsx apps/server/bench/perfect-game.ts http://127.0.0.1:3601 [thinkMs] [--sideways]
import { chooseMove } from '@fg/engine';
import type { CreateTableResponse, ServerMessage } from '@fg/protocol';
import {
  type Game,
  getVariant,
  makePosition,
  newGame,
  opponent,
  playMoveText,
  type Position,
  type Side,
} from '@fg/rules';
import { openSolution, solutionDir } from '@fg/solver';
import WebSocket from 'ws';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const base = args[0] ?? 'http://127.0.0.1:3601';
const humanMs = Number(args[1] ?? 300);
const sideways = process.argv.includes('--sideways');
const options = { geese: 13, sideways };
const standard = getVariant('standard', options);
if (!standard.ok) throw new Error(standard.error.message);
const variant = standard.value;
const solution = openSolution(solutionDir(), options);
if (!solution) throw new Error(`no 13-geese table${sideways ? ' with sideways moves' : ''} in ${solutionDir()}`);
const query = `geese=13&sideways=${sideways}`;

/** What a position is worth to `side` with perfect play: 2 a win, 1 a draw, 0 a loss. */
function worth(position: Position, side: Side): number {
  const winner = solution!.winner(position);
  return winner === side ? 2 : winner === null ? 1 : 0;
}

/** What level 9 faced on its moves, and what it kept. */
interface Tally {
  won: number; // to move in a won position
  keptWin: number;
  drawn: number; // to move in a drawn position
  keptDraw: number; // kept the draw or better
  lost: number;
  gaveUp: string[]; // moves that lowered its worth: none expected
}

/** One game: level 9 on `perfect`'s side, level 8 (here) on the other. */
async function game(
  perfect: Side,
): Promise<{ plies: number; result: string; tally: Tally; id: string; worth: number[] }> {
  const created = (await (
    await fetch(`${base}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ variant: 'standard', options, side: opponent(perfect), computer: { level: 9 } }),
    })
  ).json()) as CreateTableResponse;
  const id = created.table.id;
  const socket = new WebSocket(`${base.replace('http', 'ws')}/api/tables/${id}/ws`);
  let g: Game = newGame(variant);
  const tally: Tally = { won: 0, keptWin: 0, drawn: 0, keptDraw: 0, lost: 0, gaveUp: [] };
  const worths: number[] = []; // level 9's worth before each of its moves
  let result = '';
  await new Promise<void>((resolve, reject) => {
    const moveIfMine = (): void => {
      if (g.result || g.position.turn === perfect) return;
      const choice = chooseMove(g, { level: 8, timeMs: humanMs });
      socket.send(JSON.stringify({ type: 'move', ply: g.moves.length, path: choice.points }));
    };
    const end = (r: { winner: Side | null; reason: string }): void => {
      result = `${r.winner ?? 'draw'} (${r.reason})`;
      socket.close();
      resolve();
    };
    socket.on('open', () => socket.send(JSON.stringify({ type: 'hello', token: created.seat.token })));
    socket.on('message', (data) => {
      const message = JSON.parse((data as Buffer).toString()) as ServerMessage;
      if (message.type === 'welcome') moveIfMine();
      else if (message.type === 'moved') {
        const before = g.position;
        const next = playMoveText(g, message.move);
        if (!next.ok) return reject(new Error(next.error.message));
        if (before.turn === perfect) {
          const was = worth(before, perfect);
          worths.push(was);
          const ended = next.value.result;
          const now = ended
            ? ended.winner === perfect
              ? 2
              : ended.winner === null
                ? 1
                : 0
            : worth(next.value.position, perfect);
          if (was === 2) tally.won++;
          else if (was === 1) tally.drawn++;
          else tally.lost++;
          if (was === 2 && now === 2) tally.keptWin++;
          if (was === 1 && now >= 1) tally.keptDraw++;
          if (now < was) {
            const line = `ply ${g.moves.length}: ${message.move} from ${makePosition(variant.board, before)} (${was} -> ${now})`;
            tally.gaveUp.push(line);
            console.log(`GAVE UP ${was === 2 ? 'A WIN' : 'A DRAW'} at ${line}`);
          }
        }
        g = next.value;
        // A game the rules end says so in its last `moved`.
        if (message.result) return end(message.result);
        moveIfMine();
      } else if (message.type === 'ended') end(message.result);
      else if (message.type === 'error') reject(new Error(message.message));
    });
  });
  return { plies: g.moves.length, result, tally, id, worth: worths };
}

/** Milliseconds of `count` requests to `path`, one after another: median and worst. */
async function timed(path: string, count: number): Promise<string> {
  const ms: number[] = [];
  let status = 0;
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(base + path);
    status = response.status;
    await response.text();
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  return `${status}, median ${ms[count >> 1]!.toFixed(2)} ms, worst ${ms[count - 1]!.toFixed(2)} ms over ${count}`;
}

const start = encodeURIComponent(makePosition(variant.board, newGame(variant).position));
console.log(
  'solution of the start:',
  await (await fetch(`${base}/api/solution/standard?position=${start}&${query}`)).text(),
);
console.log('GET /api/solution (start):', await timed(`/api/solution/standard?position=${start}&${query}`, 200));
for (const side of ['fox', 'geese'] as const) {
  const started = Date.now();
  const { plies, result, tally, id, worth: worths } = await game(side);
  console.log(
    `level 9 as ${side}: ${plies} plies, result ${result}; level 9 to move in a won position ${tally.won} times (kept the win ${tally.keptWin}), in a drawn one ${tally.drawn} (kept at least the draw ${tally.keptDraw}), in a lost one ${tally.lost}; gave up ${tally.gaveUp.length}; ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  const rises = worths.flatMap((w, i) =>
    i > 0 && w > worths[i - 1]! ? [`move ${i + 1}: ${worths[i - 1]} -> ${w}`] : [],
  );
  console.log(`  level 9's worth rose (level 8 erred) at ${rises.join(', ') || 'no move'}`);
  const verdicts = (await (await fetch(`${base}/api/tables/${id}/verdicts`)).json()) as { verdicts: (Side | null)[] };
  const changes = verdicts.verdicts.flatMap((v, i) => (i > 0 && v !== verdicts.verdicts[i - 1] ? [i - 1] : []));
  console.log(
    `  verdicts: ${verdicts.verdicts.length} entries, winner changed at move index ${changes.join(', ') || 'none'}`,
  );
  console.log(`  GET /api/tables/:id/verdicts: ${await timed(`/api/tables/${id}/verdicts`, 20)}`);
}
solution.close();
