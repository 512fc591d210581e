// `pnpm solve standard --geese 13 [--out DIR] [--up-to K] [--workers N]` (docs/rules.md section 10):
// builds the table with a progress bar on standard error, then prints the start's verdict and the
// per-tier counts. --up-to K builds tiers 4..K only: a test table, answering positions with at most
// K geese (seconds for K = 6).
import { existsSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';

import { convertTable } from './convert.js';
import { solutionDir } from './dir.js';
import { choose, MIN_GEESE, POINTS } from './geometry.js';
import { buildWdlTable } from './sideways/build.js';
import { convertWdlTable, isWdlTable, recordConversion } from './sideways/convert.js';
import { type WdlSummary, writeWdlSummary } from './sideways/summary.js';
import { buildTable, type Progress } from './solve.js';
import { writeSummary } from './summary.js';

const USAGE =
  'usage: pnpm solve standard --geese 13|15|17 [--sideways] [--out DIR] [--up-to K] [--workers N] [--checkpoint SECONDS] [--format 2|1]\n' +
  '       pnpm solve --convert <format-1 table.fgs | sideways table.fgw> [--out FILE] (writes format 2, by default table.fgc beside it)';

/** The words after `pnpm solve`, read; or a message saying what is wrong. */
function parse(args: readonly string[]):
  | {
      geese: number;
      out: string;
      upTo: number;
      workers: number | null;
      checkpoint: number;
      sideways: boolean;
      format: 1 | 2;
    }
  | string {
  let geese = 13;
  let out = solutionDir();
  let upTo: number | null = null;
  let workers: number | null = null;
  let checkpoint = 300;
  let sideways = false;
  let format = 2;
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] =
      args[i]!.startsWith('--') && args[i]!.includes('=') ? args[i]!.split('=', 2) : [args[i]!, undefined];
    const value = (): string => inline ?? args[++i] ?? '';
    const number = (name: string, text: string): number => {
      if (!/^\d+$/.test(text)) throw new Error(`bad ${name} "${text}"; expected a whole number`);
      return Number(text);
    };
    if (flag === '--geese') geese = number('--geese', value());
    else if (flag === '--out') out = value();
    else if (flag === '--up-to') upTo = number('--up-to', value());
    else if (flag === '--workers') workers = number('--workers', value());
    else if (flag === '--checkpoint') checkpoint = number('--checkpoint', value());
    else if (flag === '--format') format = number('--format', value());
    else if (flag === '--sideways') {
      // The bare flag, or =true / =false as the rules command line takes it (docs/rules.md section 7).
      if (inline !== undefined && inline !== 'true' && inline !== 'false')
        return `bad --sideways "${inline}"; expected --sideways, --sideways=true or --sideways=false`;
      sideways = inline !== 'false';
    } else if (flag.startsWith('--')) return `unknown flag "${flag}"; ${USAGE}`;
    else positional.push(flag);
  }
  if (positional[0] !== 'standard' || positional.length > 1)
    return `expected the variant standard (the only one solved); ${USAGE}`;
  if (![13, 15, 17].includes(geese)) return `bad --geese ${geese}; expected 13 | 15 | 17`;
  if (out === '') return '--out needs a directory';
  if (format !== 1 && format !== 2) return `bad --format ${format}; expected 2 (compact, the default) | 1`;
  return { geese, out, upTo: upTo ?? geese, workers, checkpoint, sideways, format };
}

/** Minutes and seconds. */
function duration(seconds: number): string {
  const s = Math.round(seconds);
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s` : `${s}s`;
}

let lastLine = 0;
/** The progress bar: redrawn in place on a terminal, a line every 30 s in a log. */
function showProgress(p: Progress & { readonly level?: number; readonly round?: number }): void {
  const width = 30;
  const filled = Math.round(p.share * width);
  const left = p.secondsLeft === null ? 'estimating' : `${duration(p.secondsLeft)} left`;
  const at = p.level === undefined ? '' : ` level ${p.level} round ${p.round}`;
  const line = `tier ${p.tier}/${p.top} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${(100 * p.share).toFixed(1)}% (tier ${(100 * p.tierShare).toFixed(1)}%${at}) ${left}`;
  if (process.stderr.isTTY) process.stderr.write(`\r${line}\x1b[K`);
  else if (Date.now() - lastLine > 30_000 || p.tierShare >= 1) {
    process.stderr.write(`${new Date().toISOString()} ${line}\n`);
    lastLine = Date.now();
  }
}

/** `--convert <table.fgs | table.fgw> [--out FILE]`: format 1, or the raw table with sideways moves, to format 2. */
function convert(args: readonly string[]): number {
  let input = '';
  let output = '';
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i]!.includes('=') ? args[i]!.split('=', 2) : [args[i]!, undefined];
    const value = inline ?? args[++i] ?? '';
    if (flag === '--convert') input = value;
    else if (flag === '--out') output = value;
    else {
      process.stderr.write(`unexpected "${args[i]}" with --convert; ${USAGE}\n`);
      return 2;
    }
  }
  if (input === '' || !existsSync(input)) {
    process.stderr.write(`--convert needs a format-1 table file${input ? `; there is none at ${input}` : ''}\n`);
    return 2;
  }
  output ||= join(dirname(input), 'table.fgc');
  const started = Date.now();
  if (isWdlTable(input)) return convertWdl(input, output, started);
  try {
    const header = convertTable(input, output, (line) => void process.stderr.write(line + '\n'));
    process.stdout.write(
      `format 2: ${output}, ${statSync(output).size} bytes (format 1: ${statSync(input).size} bytes), tiers ${header.minGeese}..${header.maxGeese}, ${duration((Date.now() - started) / 1000)}\n`,
    );
    return 0;
  } catch (e) {
    process.stderr.write(`solve --convert: ${(e as Error).message}\n`);
    return 1;
  }
}

/** `--convert <table.fgw>`: the raw table with sideways moves to format 2, its figures added to summary.json beside it. */
function convertWdl(input: string, output: string, started: number): number {
  try {
    const log = (line: string): void => void process.stderr.write(`${new Date().toISOString()} ${line}\n`);
    const { header, tiers } = convertWdlTable(input, output, log);
    const wallSeconds = (Date.now() - started) / 1000;
    const peakRssBytes = process.resourceUsage().maxRSS * 1024;
    const bytes = statSync(output).size;
    recordConversion(input, { file: output, bytes, wallSeconds, peakRssBytes, tiers });
    process.stdout.write(
      `format 2 with sideways moves: ${output}, ${bytes} bytes (wdl-1: ${statSync(input).size} bytes), tiers ${header.minGeese}..${header.maxGeese}, ${duration(wallSeconds)}, peak RSS ${(peakRssBytes / 1e9).toFixed(2)} GB\n`,
    );
    return 0;
  } catch (e) {
    process.stderr.write(`solve --convert: ${(e as Error).message}\n`);
    return 1;
  }
}

async function main(args: readonly string[]): Promise<number> {
  if (args.some((a) => a === '--convert' || a.startsWith('--convert='))) return convert(args);
  let parsed;
  try {
    parsed = parse(args);
  } catch (e) {
    parsed = (e as Error).message;
  }
  if (typeof parsed === 'string') {
    process.stderr.write(parsed + '\n');
    return 2;
  }
  let sets = 0;
  for (let k = MIN_GEESE; k <= parsed.upTo; k++) sets += choose(POINTS, k);
  const workers = parsed.workers ?? (sets < 2e7 ? 0 : Math.min(2, availableParallelism()));
  const log = (line: string): void => void process.stderr.write(`${process.stderr.isTTY ? '\r\x1b[K' : ''}${line}\n`);
  log(
    `solving standard, ${parsed.geese} geese, tiers ${MIN_GEESE}..${parsed.upTo} (${sets} geese sets) into ${parsed.out} on ${workers || 'this'} thread${workers === 1 || !workers ? '' : 's'}`,
  );
  if (parsed.sideways) return sideways(parsed, workers, log);
  let build;
  try {
    build = await buildTable({
      geese: parsed.geese,
      upTo: parsed.upTo,
      dir: parsed.out,
      workers,
      checkpointSeconds: parsed.checkpoint,
      format: parsed.format,
      onProgress: showProgress,
      log,
    });
  } catch (e) {
    log(`solve: ${(e as Error).message}`);
    return 1;
  }
  if (process.stderr.isTTY) process.stderr.write('\n');
  const summary = writeSummary(parsed.out, build);
  const out = [`table: ${build.path}`];
  if (summary.start?.winner === 'fox')
    out.push(`start: the fox wins; winning first moves: ${summary.start.winningMoves.join(' ')}`);
  else if (summary.start) {
    const replies = Object.entries(summary.start.replies).map(([move, keep]) => `${move}: ${keep.join(' ')}`);
    out.push(`start: the geese win; the geese's winning replies to each first move of the fox: ${replies.join('; ')}`);
  } else out.push(`start: not in this test table (tiers ${MIN_GEESE}..${summary.maxGeese})`);
  for (const t of summary.tiers)
    out.push(
      `geese ${t.geese}: ${t.sets} sets; fox to move wins ${t.foxToMove.foxWins} of ${t.foxToMove.positions}; geese to move win ${t.geeseToMove.geeseWins} of ${t.geeseToMove.positions}`,
    );
  out.push(
    `wall time ${duration(summary.wallSeconds)}${summary.resumed ? ' (over more than one run)' : ''}, peak RSS ${(summary.peakRssBytes / 1e9).toFixed(2)} GB`,
  );
  process.stdout.write(out.join('\n') + '\n');
  return 0;
}

/** The start's value in words: a draw and its drawing moves, the winning first moves, or the winner's replies. */
function wdlStartLine(start: NonNullable<WdlSummary['start']>): string {
  if (start.winner === null) return `start: a draw; first moves that keep the draw: ${start.keep.join(' ')}`;
  const who = start.winner === 'fox' ? 'the fox wins' : 'the geese win';
  if (start.keep.length > 0) return `start: ${who}; winning first moves: ${start.keep.join(' ')}`;
  const replies = Object.entries(start.replies).map(([move, keep]) => `${move}: ${keep.join(' ')}`);
  return `start: ${who}; the winning replies to each first move: ${replies.join('; ')}`;
}

/** The build with sideways moves: win, draw or loss (docs/solution.md). */
async function sideways(
  parsed: { geese: number; out: string; upTo: number; checkpoint: number },
  workers: number,
  log: (line: string) => void,
): Promise<number> {
  let build;
  try {
    build = await buildWdlTable({
      geese: parsed.geese,
      upTo: parsed.upTo,
      dir: parsed.out,
      workers,
      checkpointSeconds: parsed.checkpoint,
      onProgress: showProgress,
      log,
    });
  } catch (e) {
    log(`solve: ${(e as Error).message}`);
    return 1;
  }
  if (process.stderr.isTTY) process.stderr.write('\n');
  const summary = writeWdlSummary(parsed.out, build);
  const out = [`table: ${build.path}`];
  const start = summary.start;
  out.push(start ? wdlStartLine(start) : `start: not in this test table (tiers ${MIN_GEESE}..${summary.maxGeese})`);
  for (const t of summary.tiers)
    out.push(
      `geese ${t.geese}: ${t.sets} sets; fox to move: ${t.foxToMove.foxWins} wins, ${t.foxToMove.draws} draws, ${t.foxToMove.foxLosses} losses; geese to move: ${t.geeseToMove.geeseWins} wins, ${t.geeseToMove.draws} draws, ${t.geeseToMove.geeseLosses} losses; at most ${t.rounds} rounds (${t.quietPlies} quiet plies) in a level`,
    );
  out.push(
    `the verdicts are exact under the fifty-move rule for quiet <= ${Math.max(-1, 99 - summary.quietPlies)} (a win needs at most ${summary.quietPlies} quiet plies inside a level)`,
  );
  out.push(
    `wall time ${duration(summary.wallSeconds)}${summary.resumed ? ' (over more than one run)' : ''}, peak RSS ${(summary.peakRssBytes / 1e9).toFixed(2)} GB`,
  );
  process.stdout.write(out.join('\n') + '\n');
  return 0;
}

main(process.argv.slice(2)).then(
  (status) => {
    process.exitCode = status;
  },
  (error: unknown) => {
    process.stderr.write(`internal error: ${String(error)}\n`);
    process.exitCode = 3;
  },
);
