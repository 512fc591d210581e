// The rules command line (docs/rules.md section 7) as a pure function from words to output, so that
// the CLI, batch mode and tests share one implementation.
import { type Game, newGame, playMoveText, replayRecord } from './game.js';
import { generateMoves } from './moves.js';
import { makeMoveText } from './notation.js';
import { formatOutcome, materialOutcome } from './outcome.js';
import { perft } from './perft.js';
import { makePosition, parsePosition, type Position, startPosition } from './position.js';
import { readRecord } from './record.js';
import { getVariant, type Variant } from './variants.js';

/** What a command printed and its exit status: 0 ok, 1 illegal move, 2 bad input. */
export interface CommandOutput {
  readonly status: 0 | 1 | 2;
  readonly lines: readonly string[]; // standard output, one entry a line
  readonly error?: string; // the message for standard error when status is not 0
}

/** The words of a command after its name: the variant, flags, and the other words in order. */
export interface Parsed {
  readonly variant: Variant;
  readonly position: Position;
  readonly rest: readonly string[];
}

const USAGE = 'expected perft | moves | play | replay | batch';

const usageError = (message: string): CommandOutput => ({ status: 2, lines: [], error: message });

/** Reads `<variant> [--geese N] [--sideways] [--position "<text>"] words...`; flags may stand anywhere. */
function parseArgs(words: readonly string[]): Parsed | CommandOutput {
  const options: Record<string, unknown> = {};
  let positionText: string | undefined;
  const positional: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const [flag, inline] =
      word.startsWith('--') && word.includes('=')
        ? [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]
        : [word, undefined];
    const value = (): string | undefined => inline ?? words[++i];
    if (flag === '--geese') {
      const text = value();
      if (text === undefined || !/^\d+$/.test(text))
        return usageError(`bad --geese "${text ?? ''}"; expected 13 | 15 | 17`);
      options.geese = Number(text);
    } else if (flag === '--sideways') {
      // A bare flag; `--sideways=true|false` is read too, never taken as on whatever it says.
      if (inline !== undefined && inline !== 'true' && inline !== 'false')
        return usageError(`bad --sideways="${inline}"; expected --sideways, --sideways=true or --sideways=false`);
      options.sideways = inline !== 'false';
    } else if (flag === '--position') {
      positionText = value();
      if (positionText === undefined) return usageError('--position needs position text');
    } else if (flag.startsWith('--')) {
      return usageError(`unknown flag "${flag}"; expected --geese N, --sideways or --position "<text>"`);
    } else {
      positional.push(word);
    }
  }
  const [variantId, ...rest] = positional;
  if (variantId === undefined)
    return usageError('missing variant; expected standard | two-foxes | big-cross | raevskak');
  const variant = getVariant(variantId, options);
  if (!variant.ok) return usageError(variant.error.message);
  if (positionText === undefined) return { variant: variant.value, position: startPosition(variant.value), rest };
  const position = parsePosition(variant.value, positionText);
  if (!position.ok) return usageError(`bad position: ${position.error.message}`);
  return { variant: variant.value, position: position.value, rest };
}

function perftCommand({ variant, position, rest }: Parsed): CommandOutput {
  const [depthText, ...extra] = rest;
  if (depthText === undefined || !/^\d{1,2}$/.test(depthText))
    return usageError(`bad depth "${depthText ?? ''}"; expected a whole number from 0 to 99`);
  if (extra.length) return usageError(`unexpected "${extra[0]}" after the depth`);
  return { status: 0, lines: [String(perft(variant, position, Number(depthText)))] };
}

function movesCommand({ variant, position, rest }: Parsed): CommandOutput {
  if (rest.length) return usageError(`unexpected "${rest[0]}"; moves takes no move text`);
  const moves = materialOutcome(variant, position) ? [] : generateMoves(variant, position);
  const texts = moves.map((m) => makeMoveText(variant.board, m));
  texts.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { status: 0, lines: texts };
}

function playCommand({ variant, position, rest }: Parsed): CommandOutput {
  let game = newGame(variant, position);
  for (const [i, text] of rest.entries()) {
    const next = playMoveText(game, text);
    if (!next.ok) return { status: 1, lines: [], error: `move ${i + 1}: ${next.error.message}` };
    game = next.value;
  }
  return playedOutput(game);
}

/** The two lines of `play`: the position reached and the result. */
function playedOutput(game: Game): CommandOutput {
  return {
    status: 0,
    lines: [`position: ${makePosition(game.variant.board, game.position)}`, `result: ${formatOutcome(game.result)}`],
  };
}

/** `rules replay`: reads a game record text (docs/rules.md section 9) and answers as `play` would; 2 if malformed, 1 if a move is illegal. */
export function replayCommand(text: string): CommandOutput {
  const record = readRecord(text);
  if (!record.ok) return usageError(`bad record: ${record.error.message}`);
  const { variant, moves } = record.value;
  const game = replayRecord({ variant: variant.id, options: variant.options, moves });
  if (!game.ok) return { status: 1, lines: [], error: game.error.message };
  return playedOutput(game.value);
}

/** Commands a program built on this library adds (the solver's `solve`), read with the same flags. */
export type ExtraCommands = Readonly<Record<string, (parsed: Parsed) => CommandOutput>>;

/** Runs one command given as words (`['perft', 'standard', '3']`); batch is the caller's. */
export function runCommand(words: readonly string[], extra: ExtraCommands = {}): CommandOutput {
  const [name, ...args] = words;
  const commands: ExtraCommands = { ...extra, perft: perftCommand, moves: movesCommand, play: playCommand };
  const run = Object.hasOwn(commands, name ?? '') ? commands[name!] : undefined;
  if (!run) return usageError(name === undefined ? `missing command; ${USAGE}` : `unknown command "${name}"; ${USAGE}`);
  const parsed = parseArgs(args);
  return 'variant' in parsed ? run(parsed) : parsed;
}

/**
 * Splits a batch line into words as a shell would: double quotes keep spaces inside a word and may stand inside
 * one (`--position="fox:d4 geese:c1"`); null when a quote is left open.
 */
export function splitWords(line: string): string[] | null {
  if ((line.match(/"/g)?.length ?? 0) % 2 !== 0) return null;
  return (line.match(/(?:[^\s"]+|"[^"]*")+/g) ?? []).map((word) => word.replace(/"/g, ''));
}

/** Answers one batch line: the command's output then `.`, or `error: <message>` then `.`. */
export function runBatchLine(line: string, extra: ExtraCommands = {}): string[] {
  const words = splitWords(line);
  if (words === null) return ['error: unbalanced double quotes', '.'];
  if (words[0] === 'batch') return ['error: batch cannot be nested', '.'];
  const output = runCommand(words, extra);
  if (output.status !== 0) return [`error: ${output.error ?? 'failed'}`, '.'];
  return [...output.lines, '.'];
}
