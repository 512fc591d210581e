// The printed report: plain-text tables with each figure next to its target.
import type { Paced, Saturation, Window } from './modes.js';
import type { TargetKind } from './target.js';

/** The targets. */
export const TARGETS = { ratio: 0.5, roundTripP99Ms: 20, rssPerTableKb: 60, redisCpuRatio: 1.5 };

const MIN_TABLES_FOR_MEMORY = 500;

/** Saturation results by table count, for each process measured. */
export type SaturationResults = Map<number, Partial<Record<TargetKind, Saturation>>>;

const num = (x: number | undefined, digits = 0): string =>
  x === undefined || !Number.isFinite(x) ? '-' : x.toFixed(digits);
const pct = (x: number | undefined): string =>
  x === undefined || !Number.isFinite(x) ? '-' : `${Math.round(x * 100)}%`;
const verdict = (ok: boolean | undefined): string => (ok === undefined ? '' : ok ? 'PASS' : 'MISS');
const row = (cells: string[], widths: number[]): string =>
  cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
const errorsOf = (w: Window): string =>
  w.mark.errors === 0 ? '' : `; errors ${w.mark.errors} ${JSON.stringify(w.mark.errorCodes)}`;
const seconds = (ms: number): string => `${ms / 1000} s`;

/** Prints the saturation table: throughput, CPU per move, and the server-to-relay ratios. */
export function printSaturation(results: SaturationResults, measuredMs: number, warmupMs: number): void {
  console.log(
    `\nsaturation: each player answers as soon as it sees the opponent's move (${seconds(measuredMs)} after ${seconds(warmupMs)} warm-up)`,
  );
  const widths = [5, 14, 13, 5, 11, 18, 17, 9, 10, 9, 17];
  const header = [
    'N',
    'server moves/s',
    'relay moves/s',
    'ratio',
    'target',
    'server CPU us/move',
    'relay CPU us/move',
    'CPU ratio',
    'server CPU',
    'relay CPU',
    'client CPU (s/r)',
  ];
  console.log(row(header, widths));
  for (const [n, { server, relay }] of results) {
    const ratio = server && relay ? server.movesPerSecond / relay.movesPerSecond : undefined;
    const cpuRatio = server && relay ? relay.cpuPerMoveMicros / server.cpuPerMoveMicros : undefined;
    const cells = [
      String(n),
      num(server?.movesPerSecond),
      num(relay?.movesPerSecond),
      num(ratio, 2),
      `>=${TARGETS.ratio} ${verdict(ratio === undefined ? undefined : ratio >= TARGETS.ratio)}`,
      num(server?.cpuPerMoveMicros),
      num(relay?.cpuPerMoveMicros),
      num(cpuRatio, 2),
      pct(server?.cpuShare),
      pct(relay?.cpuShare),
      `${pct(server?.clientCpuShare)}/${pct(relay?.clientCpuShare)}`,
    ];
    console.log(row(cells, widths));
  }
  console.log(
    '  ratio = server moves/s / relay moves/s; CPU ratio = relay CPU us/move / server CPU us/move, the ratio of',
  );
  console.log(
    '  one-core capacities, which holds even where the load client (sharing the two cores) limits the relay;',
  );
  console.log('  CPU columns: share of one core used by the server, the relay and the load client while measured.');
  printRedisSaturation(results);
  for (const [n, r] of results) {
    for (const [kind, s] of Object.entries(r)) {
      const w = s.window;
      console.log(
        `  N=${n} ${kind}: ${w.mark.moves} moves, ${w.mark.games} games finished in ${w.seconds.toFixed(1)} s${errorsOf(w)}`,
      );
    }
  }
}

/** Prints Redis mode against SQLite mode: one instance each, CPU per move of the instance and of redis-server. */
function printRedisSaturation(results: SaturationResults): void {
  if (![...results.values()].some((r) => r.redis)) return;
  console.log('\nRedis mode (REDIS_URL, one instance, redis-server with AOF fsync always) against SQLite mode:');
  const widths = [5, 14, 13, 17, 16, 13, 13, 20, 14];
  const header = [
    'N',
    'sqlite moves/s',
    'redis moves/s',
    'sqlite CPU us/mv',
    'redis CPU us/mv',
    'CPU ratio',
    'target',
    'redis-server us/mv',
    'ratio with it',
  ];
  console.log(row(header, widths));
  for (const [n, { server, redis }] of results) {
    const ratio = server && redis ? redis.cpuPerMoveMicros / server.cpuPerMoveMicros : undefined;
    const withRedis =
      server && redis ? (redis.cpuPerMoveMicros + redis.extraCpuPerMoveMicros) / server.cpuPerMoveMicros : undefined;
    const cells = [
      String(n),
      num(server?.movesPerSecond),
      num(redis?.movesPerSecond),
      num(server?.cpuPerMoveMicros),
      num(redis?.cpuPerMoveMicros),
      num(ratio, 2),
      `<=${TARGETS.redisCpuRatio} ${verdict(ratio === undefined ? undefined : ratio <= TARGETS.redisCpuRatio)}`,
      num(redis?.extraCpuPerMoveMicros),
      num(withRedis, 2),
    ];
    console.log(row(cells, widths));
  }
  console.log('  CPU ratio = server CPU per move on Redis / on SQLite (the instance only: the target);');
  console.log('  ratio with it adds the CPU redis-server spent per move, for the whole cost of the mode.');
}

/** Prints the paced table: latency percentiles, memory per table and CPU, server next to relay. */
export function printPaced(
  results: Partial<Record<TargetKind, Paced>>,
  tables: number,
  measuredMs: number,
  warmupMs: number,
): void {
  console.log(
    `\npaced: ${tables} tables, one move per table per second (${seconds(measuredMs)} after ${seconds(warmupMs)} warm-up)`,
  );
  const widths = [30, 10, 16, 10, 8, 7];
  console.log(row(['figure', 'server', 'redis 2 inst.', 'relay', 'target', ''], widths));
  const { server, redis, relay } = results;
  const memoryTarget = tables >= MIN_TABLES_FOR_MEMORY ? TARGETS.rssPerTableKb : undefined;
  const lines: [string, (p: Paced) => number, number | undefined][] = [
    ['round trip p50 ms', (p) => p.roundTrip.p50, undefined],
    ['round trip p99 ms', (p) => p.roundTrip.p99, TARGETS.roundTripP99Ms],
    ['round trip max ms', (p) => p.roundTrip.max, undefined],
    ['spectator delivery p50 ms', (p) => p.delivery.p50, undefined],
    ['spectator delivery p99 ms', (p) => p.delivery.p99, undefined],
    ['spectator delivery max ms', (p) => p.delivery.max, undefined],
    // With few tables the process's fixed memory swamps the difference: no verdict then.
    ['RSS per table kB (after GC)', (p) => p.rssPerTableKb, memoryTarget],
    ['RSS per table kB (before GC)', (p) => p.rawRssPerTableKb, memoryTarget],
    ['  live JS heap per table kB', (p) => p.heapPerTableKb, undefined],
    ['CPU us/move', (p) => p.window.cpuMicros / p.window.mark.moves, undefined],
    ['CPU use, % of one core', (p) => (100 * p.window.cpuMicros) / (p.window.seconds * 1e6), undefined],
  ];
  for (const [label, pick, target] of lines) {
    const figure = server ? pick(server) : undefined;
    const onRedis = redis ? pick(redis) : undefined;
    // The verdict is the SQLite server's, and the Redis mode's where it is measured (both must hold).
    const held = [figure, onRedis].filter((x): x is number => x !== undefined);
    const ok = target === undefined || held.length === 0 ? undefined : held.every((x) => x <= target);
    console.log(
      row(
        [
          label,
          num(figure, 1),
          num(onRedis, 1),
          num(relay ? pick(relay) : undefined, 1),
          target === undefined ? '' : `<=${target}`,
          verdict(ok),
        ],
        widths,
      ),
    );
  }
  if (redis)
    console.log(
      '  redis 2 inst.: two instances on one redis-server; each table created on A, its geese seat taken on B, fox and one\n' +
        '  spectator connected to A, geese and the other spectator to B; memory and CPU are instance A only.',
    );
  console.log(
    '  before GC counts garbage not yet collected, so it depends on when V8 last ran; after GC is what the tables hold',
  );
  if (tables < MIN_TABLES_FOR_MEMORY)
    console.log("  (with few tables the process's fixed memory dominates RSS per table; measure it with 1000)");
  for (const [kind, p] of Object.entries(results)) {
    const m = p.window.mark;
    console.log(
      `  ${kind}: ${p.opened} tables, ${m.moves} moves (${m.roundTrips.length} round trips, ${m.deliveries.length} deliveries), ` +
        `${m.skipped} ticks skipped (previous move not yet back), client loop delay p99 ${m.loopDelayP99Ms.toFixed(1)} ms, ` +
        `max ${m.loopDelayMaxMs.toFixed(1)} ms${errorsOf(p.window)}`,
    );
  }
}
