// `pnpm bench` engine section: search speed (nodes/s, depth) from each variant's start per level
// and in a free 2 s search; then strength: each level against the one below, level 8 against a
// random mover and a one-ply greedy player, and the longest think of each level. Games run in
// worker threads, one per core. --quick: fewer games at a quarter of the time (indicative only).
import { getVariant, newGame, type Side, VARIANT_IDS } from '@fg/rules';

import { chooseMove, searchStateOf } from '../src/choose.js';
import { LEVELS, MAX_LEVEL } from '../src/levels.js';
import { Searcher } from '../src/search.js';
import { TranspositionTable } from '../src/table.js';
import { option } from './args.js';
import type { GameJob, GameResult, PlayerSpec } from './players.js';
import { playAll, THREADS } from './pool.js';

const quick = process.argv.includes('--quick');
const gamesArg = option('games');
const GAMES_PER_PAIR = gamesArg ? Number(gamesArg) : quick ? 2 : 40;
const GAMES_VS_RANDOM = quick ? 4 : 40; // half on each side
const GAMES_VS_GREEDY = quick ? 4 : 16;
const TIME_SCALE = quick ? 0.25 : 1;
// --pairs=5,7: only the pairs of these levels against the one below (the same games as in the full run)
const pairsArg = option('pairs');
const ONLY_PAIRS = pairsArg ? new Set(pairsArg.split(',').map(Number)) : null;
const pad = (v: unknown, n: number): string => String(v).padStart(n);

function speed(): void {
  console.log(
    `search from the start: per level (its own limits${quick ? ', a quarter of its time' : ''}), and a free ${quick ? '0.5' : '2'} s search`,
  );
  console.log('variant      level  depth      nodes     ms   knodes/s');
  for (const id of VARIANT_IDS) {
    const v = getVariant(id);
    if (!v.ok) throw new Error(v.error.message);
    const game = newGame(v.value);
    for (let level = 1; level <= MAX_LEVEL; level++) {
      const c = chooseMove(game, { level, seed: 1, timeMs: LEVELS[level - 1]!.timeMs * TIME_SCALE });
      const rate = Math.round(c.nodes / Math.max(1, c.ms));
      console.log(
        `${id.padEnd(12)} ${pad(level, 5)} ${pad(c.depth, 6)} ${pad(c.nodes, 10)} ${pad(c.ms, 6)} ${pad(rate, 10)}`,
      );
    }
    const searcher = new Searcher(searchStateOf(game), new TranspositionTable(20));
    const started = Date.now();
    const out = searcher.run({ maxDepth: 64, deadline: started + (quick ? 500 : 2000) });
    const ms = Date.now() - started;
    console.log(
      `${id.padEnd(12)} ${'2 s'.padStart(5)} ${pad(out.depth, 6)} ${pad(out.nodes, 10)} ${pad(ms, 6)} ${pad(Math.round(out.nodes / ms), 10)}`,
    );
  }
}

const level = (n: number): PlayerSpec => ({ kind: 'level', level: n });
/** A variant and its options, as the strength games play it. */
interface Setup {
  readonly variant: string;
  readonly options?: Readonly<Record<string, unknown>>;
}

/**
 * The four variants, each in the setup the level pairs play: one where the level, not the side,
 * decides. Standard with 15 geese that may also step sideways: with the default 13 forward-only
 * geese the fox side won every game between levels 4-8, whichever level had it, so those games
 * told no level from the next. Rævskak with 15 geese (the fox starts, captures are mandatory,
 * geese go forward and sideways): with 13 geese that may step back, the geese stayed at home
 * and nearly every game between levels 2-8 reached the ply cap. --default-setups plays every
 * variant's default instead.
 */
const SETUPS: readonly Setup[] = process.argv.includes('--default-setups')
  ? VARIANT_IDS.map((variant) => ({ variant }))
  : [
      { variant: 'standard', options: { geese: 15, sideways: true } },
      { variant: 'two-foxes' },
      { variant: 'big-cross' },
      { variant: 'raevskak', options: { geese: 15 } },
    ];

const job = (setup: Setup, fox: PlayerSpec, geese: PlayerSpec, seed: number, openingPlies: number): GameJob => ({
  ...setup,
  fox,
  geese,
  seed,
  openingPlies,
  timeScale: TIME_SCALE,
  maxPlies: 300,
});

/** Games of `a` against `b`: variants in turn, each opening played with `a` on both sides. */
function match(
  a: PlayerSpec,
  b: PlayerSpec,
  games: number,
  variants: readonly Setup[],
  seed: number,
  opening: number,
): { aSide: Side; job: GameJob }[] {
  return Array.from({ length: games }, (_, g) => {
    const variant = variants[g % variants.length]!;
    const aFox = Math.floor(g / variants.length) % 2 === 0;
    const s = seed * 1000 + Math.floor(g / (2 * variants.length)) * 10 + (g % variants.length);
    return {
      aSide: aFox ? 'fox' : 'geese',
      job: aFox ? job(variant, a, b, s, opening) : job(variant, b, a, s, opening),
    };
  });
}

interface Tally {
  wins: number;
  draws: number;
  losses: number;
  winsAs: Record<Side, number>;
  gamesAs: Record<Side, number>;
}

function tally(games: { aSide: Side }[], results: GameResult[]): Tally {
  const t: Tally = { wins: 0, draws: 0, losses: 0, winsAs: { fox: 0, geese: 0 }, gamesAs: { fox: 0, geese: 0 } };
  games.forEach(({ aSide }, i) => {
    const r = results[i]!;
    t.gamesAs[aSide]++;
    if (r.winner === null) t.draws++;
    else if (r.winner === aSide) {
      t.wins++;
      t.winsAs[aSide]++;
    } else t.losses++;
  });
  return t;
}

const percent = (t: Tally): number => (100 * (t.wins + t.draws / 2)) / (t.wins + t.draws + t.losses);

interface Section {
  readonly title: string;
  readonly games: { aSide: Side; job: GameJob }[];
  readonly target: (t: Tally) => string;
}

/** The sections: level 8's hard targets first, then the pairs, fastest first, so that a cut-short run still reports most. */
function sections(): Section[] {
  const list: Section[] = ONLY_PAIRS
    ? []
    : [
        {
          title: 'level 8 vs random, standard 13',
          games: match(level(8), { kind: 'random' }, GAMES_VS_RANDOM, [{ variant: 'standard' }], 90, 0),
          target: (t) => (t.losses === 0 && t.draws === 0 ? 'PASS (won every game)' : 'MISS (not every game won)'),
        },
        {
          title: 'level 8 vs one-ply greedy',
          games: match(level(8), { kind: 'greedy' }, GAMES_VS_GREEDY, SETUPS, 91, 2),
          target: () => '',
        },
      ];
  for (let l = 2; l <= MAX_LEVEL; l++) {
    if (ONLY_PAIRS && !ONLY_PAIRS.has(l)) continue;
    list.push({
      title: `level ${l} vs level ${l - 1}`,
      games: match(level(l), level(l - 1), GAMES_PER_PAIR, SETUPS, l, 2),
      target: (t) => (percent(t) >= 60 ? 'PASS (>= 60%)' : 'MISS (< 60%)'),
    });
  }
  return list;
}

/** The first player's W-D-L per variant: 'standard 5-0-5, two-foxes 6-2-2'. */
function perVariant(games: { aSide: Side; job: GameJob }[], results: GameResult[]): string {
  const byVariant = new Map<string, [number, number, number]>();
  games.forEach(({ aSide, job: j }, i) => {
    const r = results[i]!;
    const t = byVariant.get(j.variant) ?? [0, 0, 0];
    t[r.winner === null ? 1 : r.winner === aSide ? 0 : 2]++;
    byVariant.set(j.variant, t);
  });
  return [...byVariant].map(([v, t]) => `${v} ${t.join('-')}`).join(', ');
}

/** How the games ended, most frequent first: 'fox-trapped 12, threefold-repetition 3'. */
function endings(results: GameResult[]): string {
  const counts = new Map<string, number>();
  for (const r of results) counts.set(r.reason, (counts.get(r.reason) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([reason, n]) => `${reason} ${n}`)
    .join(', ');
}

async function strength(): Promise<void> {
  const started = Date.now();
  const list = sections();
  const total = list.reduce((n, s) => n + s.games.length, 0);
  console.log(
    `\nstrength: ${total} games on ${THREADS} worker threads${quick ? ", quick: a quarter of each level's time, few games (indicative only)" : ''}; each line as its games finish`,
  );
  const header = 'pairing                          games  W-D-L      score  as fox  as geese  avg plies  target';
  console.log(header);
  const lines: string[] = [];
  const maxMs = new Map<string, number>();
  for (const s of list) {
    const part = await playAll(s.games.map((g) => g.job));
    const t = tally(s.games, part);
    part.forEach((r, i) => {
      const g = s.games[i]!.job;
      for (const side of ['fox', 'geese'] as const) {
        const spec = g[side];
        const name = spec.kind === 'level' ? `level ${spec.level}` : spec.kind;
        maxMs.set(name, Math.max(maxMs.get(name) ?? 0, r.maxMs[side]));
      }
    });
    const plies = Math.round(part.reduce((n, r) => n + r.plies, 0) / part.length);
    const line = `${s.title.padEnd(32)} ${pad(part.length, 5)}  ${`${t.wins}-${t.draws}-${t.losses}`.padEnd(9)} ${pad(percent(t).toFixed(0) + '%', 6)}  ${pad(`${t.winsAs.fox}/${t.gamesAs.fox}`, 6)}  ${pad(`${t.winsAs.geese}/${t.gamesAs.geese}`, 8)}  ${pad(plies, 9)}  ${s.target(t)}`;
    lines.push(line);
    console.log(
      `${line}\n    per variant: ${perVariant(s.games, part)}\n    endings: ${endings(part)}; ${Math.round((Date.now() - started) / 1000)} s so far`,
    );
  }
  console.log(`\nthe strength table\n${header}\n${lines.join('\n')}`);
  console.log('\nlongest think per move in these games (ms)');
  for (let l = 1; l <= MAX_LEVEL; l++) {
    const ms = maxMs.get(`level ${l}`) ?? 0;
    const budget = Math.round(LEVELS[l - 1]!.timeMs * TIME_SCALE);
    const verdict = l === MAX_LEVEL ? (ms <= 2000 ? ' PASS (<= 2 s)' : ' MISS (> 2 s)') : '';
    console.log(`level ${l}: ${pad(ms, 5)} (budget ${budget})${verdict}`);
  }
  console.log(`strength run took ${Math.round((Date.now() - started) / 1000)} s`);
}

if (!process.argv.includes('--strength-only')) speed();
await strength();
