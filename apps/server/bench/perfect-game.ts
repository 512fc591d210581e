// Manual check against a server with a real solution table: level 9 plays whole games against level 8 (this
// script, in process) on both sides, and every move of level 9 is checked against the table here; then the timings
// of the solution endpoints. Usage (a server started with SOLUTION_DIR, say on port 3601):
//   SOLUTION_DIR=/work/solutions tsx apps/server/bench/perfect-game.ts http://127.0.0.1:3601 [thinkMs]
import { chooseMove } from '@fg/engine';
import type { CreateTableResponse, ServerMessage } from '@fg/protocol';
import { type Game, getVariant, makePosition, newGame, opponent, playMoveText, type Side } from '@fg/rules';
import { openSolution, solutionDir } from '@fg/solver';
import WebSocket from 'ws';

const base = process.argv[2] ?? 'http://127.0.0.1:3601';
const humanMs = Number(process.argv[3] ?? 300);
const standard = getVariant('standard', { geese: 13, sideways: false });
if (!standard.ok) throw new Error(standard.error.message);
const variant = standard.value;
const solution = openSolution(solutionDir(), { geese: 13 });
if (!solution) throw new Error(`no 13-geese table in ${solutionDir()}`);

/** One game: level 9 on `perfect`'s side, level 8 (here) on the other; what level 9 did in won positions. */
async function game(
  perfect: Side,
): Promise<{ plies: number; winner: string; won: number; kept: number; lost: number; id: string }> {
  const created = (await (
    await fetch(`${base}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ variant: 'standard', side: opponent(perfect), computer: { level: 9 } }),
    })
  ).json()) as CreateTableResponse;
  const id = created.table.id;
  const socket = new WebSocket(`${base.replace('http', 'ws')}/api/tables/${id}/ws`);
  let g: Game = newGame(variant);
  let won = 0;
  let kept = 0;
  let lost = 0;
  let winner = '';
  await new Promise<void>((resolve, reject) => {
    const moveIfMine = (): void => {
      if (g.result || g.position.turn === perfect) return;
      const choice = chooseMove(g, { level: 8, timeMs: humanMs });
      socket.send(JSON.stringify({ type: 'move', ply: g.moves.length, path: choice.points }));
    };
    socket.on('open', () => socket.send(JSON.stringify({ type: 'hello', token: created.seat.token })));
    socket.on('message', (data) => {
      const message = JSON.parse((data as Buffer).toString()) as ServerMessage;
      if (message.type === 'welcome') moveIfMine();
      else if (message.type === 'moved') {
        const before = g.position;
        const next = playMoveText(g, message.move);
        if (!next.ok) return reject(new Error(next.error.message));
        if (before.turn === perfect && solution!.winner(before) === perfect) {
          won++;
          if (next.value.result?.winner === perfect || solution!.winner(next.value.position) === perfect) kept++;
          else
            console.log(
              `THREW A WIN AWAY at ply ${g.moves.length}: ${message.move} from ${makePosition(variant.board, before)}`,
            );
        } else if (before.turn === perfect) lost++;
        g = next.value;
        // A game the rules end says so in its last `moved`.
        if (message.result) {
          winner = message.result.winner ?? 'none';
          socket.close();
          return resolve();
        }
        moveIfMine();
      } else if (message.type === 'ended') {
        winner = message.result.winner ?? 'none';
        socket.close();
        resolve();
      } else if (message.type === 'error') reject(new Error(message.message));
    });
  });
  return { plies: g.moves.length, winner, won, kept, lost, id };
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
  await (await fetch(`${base}/api/solution/standard?position=${start}&geese=13&sideways=false`)).text(),
);
console.log(
  'GET /api/solution (start):',
  await timed(`/api/solution/standard?position=${start}&geese=13&sideways=false`, 200),
);
const ids: string[] = [];
for (const side of ['fox', 'geese'] as const) {
  const started = Date.now();
  const result = await game(side);
  ids.push(result.id);
  console.log(
    `level 9 as ${side}: ${result.plies} plies, winner ${result.winner}; level 9 to move in a won position ${result.won} times, kept the win ${result.kept}; in a lost one ${result.lost}; ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  const verdicts = (await (await fetch(`${base}/api/tables/${result.id}/verdicts`)).json()) as { verdicts: Side[] };
  const changes = verdicts.verdicts.flatMap((v, i) => (i > 0 && v !== verdicts.verdicts[i - 1] ? [i - 1] : []));
  console.log(
    `  verdicts: ${verdicts.verdicts.length} entries, winner changed at move index ${changes.join(', ') || 'none'}`,
  );
  console.log(`  GET /api/tables/:id/verdicts: ${await timed(`/api/tables/${result.id}/verdicts`, 20)}`);
}
solution.close();
