// Instructions a move costs, counted by valgrind's callgrind rather than timed: this machine's noise (the same
// server 222 and 240 µs a move ten minutes apart) does not reach a count, which the JIT still moves by ~5%. The
// server (or the relay) runs under callgrind; the load client, outside it, plays real games as run.ts does: tables
// of two players and two spectators, every move answered at once, a new table for every finished game, so a
// table's creation, seats, joins and leaves are spread over its moves as in the CPU figure. Counters are zeroed
// after a warm-up and dumped after the measured moves. Kernel time is not counted (the relay's is much the same).
// Needs valgrind (Debian: apt-get install valgrind; not a test dependency).
// Run: tsx apps/server/bench/instructions.ts [--moves 3000] [--tables 20] [--only server,relay] [--server-dir <dir>]
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { seededRandom } from '@fg/engine';
import { getVariant } from '@fg/rules';

import { freePort, productionNodeFlags } from '../src/testing/server-process.js';
import { type LoadContext, LoadTable } from './load-table.js';
import { buildServer, TSX_IMPORT, UNLIMITED_ENV } from './target.js';

const { values: flags } = parseArgs({
  options: {
    moves: { type: 'string', default: '3000' },
    tables: { type: 'string', default: '20' },
    only: { type: 'string', default: 'server,relay' },
    'server-dir': { type: 'string' },
    games: { type: 'string' }, // instead of moves: this many tables opened and closed without a move
    keep: { type: 'string' }, // a folder to copy each process's dump into (for callgrind_annotate)
  },
});
const MOVES = Number(flags.moves);
const TABLES = Number(flags.tables);
const WARMUP_MOVES = 1500;
const standard = getVariant('standard');
if (!standard.ok) throw new Error(standard.error.message);
const variant = standard.value;

/** One process under callgrind, on a free port and its own data folder. */
async function start(kind: 'server' | 'relay', out: string): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const serverDir = flags['server-dir'] ?? join(import.meta.dirname, '..');
  const script = kind === 'server' ? buildServer(serverDir) : join(import.meta.dirname, 'relay.ts');
  const node = kind === 'server' ? [...productionNodeFlags(serverDir), script] : ['--import', TSX_IMPORT, script];
  const child = spawn(
    'valgrind',
    ['--tool=callgrind', `--callgrind-out-file=${join(out, 'cg.%p')}`, '--dump-line=no', process.execPath, ...node],
    {
      cwd: serverDir,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: join(out, 'data'),
        LOG_LEVEL: 'warn',
        ...UNLIMITED_ENV,
        PING_SECONDS: '3600',
        PONG_SECONDS: '7200', // no liveness pings: their count would follow the run's length, not its moves
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let tail = '';
  child.stderr.on('data', (chunk: Buffer) => (tail = (tail + String(chunk)).slice(-2000)));
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 600_000; ;) {
    if (child.exitCode !== null) throw new Error(`${kind} exited under callgrind:\n${tail}`);
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, url };
    if (Date.now() > deadline) throw new Error(`${kind}: no /healthz under callgrind within 600 s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** What the load's tables share: one process, seeded random moves (the same games on every run). */
function loadContext(url: string, mode: 'saturation' | 'idle', onFinished: (table: LoadTable) => void): LoadContext {
  return {
    baseUrl: url,
    peerUrl: url,
    variant,
    random: seededRandom(7),
    stats: { moves: 0, games: 0, errors: 0, errorCodes: {}, skipped: 0, roundTrips: [], deliveries: [] },
    mode,
    intervalMs: 1000,
    recording: false,
    onFinished,
  };
}

/** Plays `moves` moves on `tables` tables at once, a new table for each finished game; returns what was played. */
async function play(url: string, moves: number, tables = TABLES): Promise<{ moves: number; games: number }> {
  const open = new Set<LoadTable>();
  let done: () => void;
  let fail: (error: unknown) => void;
  const finished = new Promise<void>((resolve, reject) => ((done = resolve), (fail = reject)));
  finished.catch(() => undefined); // awaited below; a failure before that is not unhandled meanwhile
  // A table that cannot be opened again fails the run through `finished`: a rejection nobody awaits would end this
  // process at once, leaving its server running under callgrind.
  const ctx = loadContext(url, 'saturation', (table) => {
    open.delete(table);
    table
      .close()
      .then(() => (ctx.stats.moves < moves ? openOne() : open.size === 0 && done()))
      .catch((error: unknown) => fail(error));
  });
  // Under callgrind a join can take longer than the load client waits for its welcome (code seen for the first
  // time is translated first): a table that did not open is opened again, and counted.
  let retries = 0;
  const openOne = async (): Promise<void> => {
    for (;;) {
      try {
        const table = await LoadTable.open(ctx);
        open.add(table);
        table.start();
        return;
      } catch (error) {
        if (++retries > 20) throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: tables }, openOne));
  await finished;
  const { stats } = ctx;
  if (retries > 0) console.log(`  (${retries} tables opened again after a slow join)`);
  if (stats.errors > 0) throw new Error(`${stats.errors} errors: ${JSON.stringify(stats.errorCodes)}`);
  return { moves: stats.moves, games: stats.games };
}

/** Opens `games` tables (created, seated, four sockets welcomed) and closes them without a move, 10 at a time. */
async function openAndClose(url: string, games: number): Promise<void> {
  const ctx = loadContext(url, 'idle', () => undefined);
  let next = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next++ < games) await (await LoadTable.open(ctx)).close();
    }),
  );
}

/**
 * Asks callgrind to zero its counters or dump them, and resolves once it has: it takes a command only when the
 * process runs code, so requests wake an idle server until callgrind_control has its answer. callgrind_control must
 * see the process's HOST (valgrind names the pipe it listens on after HOST and USER): the server's is 127.0.0.1.
 */
async function ask(command: '-z' | '-d', pid: number, url: string): Promise<void> {
  let answered = false;
  spawn('callgrind_control', [command, String(pid)], {
    stdio: 'ignore',
    env: { ...process.env, HOST: '127.0.0.1' },
  }).once('exit', () => (answered = true));
  while (!answered) {
    await fetch(`${url}/healthz`).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The file of the last dump: callgrind names them cg.<pid>.<n>. */
function lastDump(out: string): string | undefined {
  const dumps = readdirSync(out).filter((f) => /^cg\.\d+\.\d+$/.test(f));
  return dumps.sort((a, b) => Number(a.split('.').at(-1)) - Number(b.split('.').at(-1))).at(-1);
}

/** The instructions counted since the last zeroing, from the dump asked for now. */
async function dumped(out: string, pid: number, url: string): Promise<{ total: number; compiling: number }> {
  const before = lastDump(out);
  await ask('-d', pid, url);
  const last = lastDump(out);
  if (last === undefined || last === before)
    throw new Error(`no dump from ${pid} in ${out}: ${readdirSync(out).join(' ')}`);
  const summary = /^summary:\s+(\d+)/m.exec(readFileSync(join(out, last), 'utf8'));
  if (!summary) throw new Error(`no summary in ${last}`);
  return { total: Number(summary[1]), compiling: compiling(join(out, last)) };
}

/**
 * The instructions V8's optimizing compiler spent on its threads (inclusive, from callgrind_annotate): in a window
 * of a few thousand moves it still compiles code seen for the first time, a share that depends on how long the
 * process has run more than on what a move does, so it is printed apart.
 */
function compiling(dump: string): number {
  const annotated = execFileSync('callgrind_annotate', ['--inclusive=yes', '--auto=no', '--threshold=100', dump], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const line = annotated.split('\n').find((l) => l.includes('v8::internal::OptimizedCompilationJob::ExecuteJob('));
  return line ? Number(line.trim().split(/\s+/)[0]!.replaceAll(',', '')) : 0;
}

// A signal ends the run through `exit`, so the server under callgrind is killed with it.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
for (const kind of flags.only.split(',') as ('server' | 'relay')[]) {
  const out = mkdtempSync(join(tmpdir(), `fg-callgrind-${kind}-`));
  const { child, url } = await start(kind, out);
  const pid = child.pid!;
  // However this process ends, its server does not outlive it.
  const killChild = (): void => void child.kill('SIGKILL');
  process.once('exit', killChild);
  try {
    await play(url, 100, 1);
    await play(url, WARMUP_MOVES);
    await ask('-z', pid, url);
    const games = flags.games === undefined ? null : Number(flags.games);
    const ran = games === null ? await play(url, MOVES) : (await openAndClose(url, games), { moves: 0, games });
    await new Promise((resolve) => setTimeout(resolve, 1000)); // the leaves of the last tables
    const counted = await dumped(out, pid, url);
    if (flags.keep) {
      copyFileSync(join(out, lastDump(out)!), join(flags.keep, `${kind}.callgrind`));
    }
    const rest = counted.total - counted.compiling;
    const per = games === null ? ran.moves : games;
    const what = games === null ? `${ran.moves} moves, ${ran.games} games` : `${games} tables opened, closed, no move`;
    console.log(
      `${kind}: ${what}; ${(rest / per / 1e3).toFixed(1)} k instructions a ${games === null ? 'move' : 'table'} ` +
        `(+ ${(counted.compiling / per / 1e3).toFixed(1)} k in the optimizing compiler)`,
    );
  } finally {
    // SIGTERM: the server stops as in production, and valgrind removes its control pipes from /tmp.
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
    process.removeListener('exit', killChild);
    rmSync(out, { recursive: true, force: true });
  }
}
