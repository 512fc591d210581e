// Which setups tell two levels apart: plays level a against level b on both sides of every
// variant's setups (standard and rævskak with 13, 15 and 17 geese, standard also with sideways
// geese) and prints each game's winner. A setup where the fox side (or a draw) wins whichever
// level plays it measures nothing; bench/engine.ts plays the ones where the level decides.
//   pnpm exec tsx packages/engine/bench/setups.ts --a=5 --b=4 --games=4
import { option } from './args.js';
import type { GameJob, GameResult } from './players.js';
import { playAll } from './pool.js';

const a = Number(option('a', '5'));
const b = Number(option('b', '4'));
const games = Number(option('games', '4')); // openings per setup, each played with a on both sides

const SETUPS: readonly { variant: string; options: Record<string, unknown> }[] = [
  ...[13, 15, 17].map((geese) => ({ variant: 'standard', options: { geese } })),
  ...[13, 15, 17].map((geese) => ({ variant: 'standard', options: { geese, sideways: true } })),
  ...[13, 15, 17].map((geese) => ({ variant: 'raevskak', options: { geese } })),
  { variant: 'two-foxes', options: {} },
  { variant: 'big-cross', options: {} },
];

const plan = SETUPS.flatMap((setup) =>
  Array.from({ length: games * 2 }, (_, g) => {
    const aFox = g % 2 === 0;
    const job: GameJob = {
      ...setup,
      fox: { kind: 'level', level: aFox ? a : b },
      geese: { kind: 'level', level: aFox ? b : a },
      seed: 7000 + Math.floor(g / 2),
      openingPlies: 2,
      timeScale: 1,
      maxPlies: 300,
    };
    return { label: `${setup.variant} ${JSON.stringify(setup.options)}`, aFox, job };
  }),
);
const results = await playAll(plan.map((p) => p.job));
const line = (r: GameResult): string => (r.winner === null ? `draw (${r.reason})` : `${r.winner} (${r.reason})`);
console.log(`level ${a} against level ${b}, ${games} openings a setup, the winner of each game:`);
for (const setup of SETUPS) {
  const label = `${setup.variant} ${JSON.stringify(setup.options)}`;
  for (const aFox of [true, false]) {
    const mine = results.filter((_, i) => plan[i]!.label === label && plan[i]!.aFox === aFox);
    console.log(`${label.padEnd(40)} ${a} as ${aFox ? 'fox  ' : 'geese'}: ${mine.map(line).join(', ')}`);
  }
}
