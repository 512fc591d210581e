// The game record text of docs/rules.md section 9: one writer and one reader, used by the server's
// download and by `rules replay`. Tag lines, an empty line, numbered moves, the result word last.
import { fail, ok, type Result } from './result.js';
import type { Side } from './side.js';
import { getVariant, type Options, type OptionValue, type Variant } from './variants.js';

/** The result word that ends a record: a winner, a draw, or `*` while the game goes on. */
type RecordResult = Side | 'draw' | '*';

/** What a record is written from. */
export interface RecordFacts {
  readonly variant: Variant;
  readonly moves: readonly string[]; // move text, oldest first: ['d4-d5', 'c3-c4']
  readonly result: { readonly winner: Side | null; readonly reason: string } | null; // null while playing
  readonly site?: string; // 'http://localhost:3000/t/V1StGXR8_Z'
  readonly date?: Date; // written as the UTC day: 2026.11.30
  readonly clock?: { readonly initial: number; readonly increment: number }; // seconds: 300, 3
}

/** A record as read: every tag in order, and what the tags and move text say. */
export interface ReadRecord {
  readonly tags: Readonly<Record<string, string>>; // { Variant: 'standard', Options: 'geese=13 sideways=false' }
  readonly variant: Variant;
  readonly moves: readonly string[]; // ['d4-d5', 'c3-c4']
  readonly result: RecordResult;
}

const LINE_LIMIT = 80;
const RESULT_WORDS: readonly string[] = ['fox', 'geese', 'draw', '*'];

const quote = (value: string): string => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
const day = (date: Date): string =>
  `${date.getUTCFullYear()}.${String(date.getUTCMonth() + 1).padStart(2, '0')}.${String(date.getUTCDate()).padStart(2, '0')}`;

/** The result word of a game's result (`*` while it goes on). */
function resultWord(result: RecordFacts['result']): RecordResult {
  // An aborted game (protocol) has no winner and was not drawn: `*`, as chess PGN writes it.
  if (!result || result.reason === 'aborted') return '*';
  return result.winner ?? 'draw';
}

/** Options as the record writes them: `geese=13 sideways=false`, every option of the variant. */
export function formatOptions(options: Options): string {
  return Object.entries(options)
    .map(([name, value]) => `${name}=${String(value)}`)
    .join(' ');
}

/** Moves numbered in pairs from the first mover, packed into lines of at most 80 characters. */
function moveLines(moves: readonly string[]): string[] {
  // A move number stays on the line of its move.
  const units = moves.map((move, i) => (i % 2 === 0 ? `${i / 2 + 1}. ${move}` : move));
  const lines: string[] = [];
  let line = '';
  for (const unit of units) {
    if (line && line.length + 1 + unit.length > LINE_LIMIT) {
      lines.push(line);
      line = unit;
    } else line = line ? `${line} ${unit}` : unit;
  }
  if (line) lines.push(line);
  return lines;
}

/** Writes the record text of a game (docs/rules.md section 9), ending with a newline. */
export function writeRecord(facts: RecordFacts): string {
  const word = resultWord(facts.result);
  const tags: [string, string][] = [
    ['Game', facts.variant.name],
    ['Variant', facts.variant.id],
    ['Options', formatOptions(facts.variant.options)],
  ];
  if (facts.site !== undefined) tags.push(['Site', facts.site]);
  if (facts.date !== undefined) tags.push(['Date', day(facts.date)]);
  if (facts.clock) tags.push(['Clock', `${facts.clock.initial}+${facts.clock.increment}`]);
  tags.push(['Result', word]);
  if (facts.result) tags.push(['Termination', facts.result.reason]);
  const head = tags.map(([name, value]) => `[${name} ${quote(value)}]`);
  return [...head, '', ...moveLines(facts.moves), word, ''].join('\n');
}

const bad = (message: string): Result<never> => fail('bad-record', message);

/** Reads `[Name "value"]`; null if the line is not a tag. */
function readTag(line: string): [string, string] | null {
  // Any name without spaces, brackets or quotes: "any further tag is allowed" (docs/rules.md), `Time-Control` too.
  const match = /^\[\s*([^\s"[\]]+)\s+"((?:[^"\\]|\\.)*)"\s*\]$/.exec(line);
  return match ? [match[1]!, match[2]!.replace(/\\(.)/g, '$1')] : null;
}

/** Reads `geese=13 sideways=false` into option values. */
function readOptions(text: string): Result<Record<string, OptionValue>> {
  const options: Record<string, OptionValue> = {};
  for (const pair of text.split(/\s+/).filter(Boolean)) {
    const match = /^([A-Za-z][A-Za-z0-9_-]*)=(true|false|-?\d+)$/.exec(pair);
    if (!match) return bad(`bad option "${pair}" in the Options tag; expected name=value, as in geese=13`);
    options[match[1]!] = match[2] === 'true' ? true : match[2] === 'false' ? false : Number(match[2]);
  }
  return ok(options);
}

/** Reads a record text; a malformed one answers `bad-record` saying what is wrong. Moves are not checked here. */
export function readRecord(text: string): Result<ReadRecord> {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const tags: Record<string, string> = {};
  let i = 0;
  for (; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    if (!line.startsWith('[')) break;
    const tag = readTag(line);
    if (!tag) return bad(`line ${i + 1}: bad tag ${line}; expected [Name "value"]`);
    tags[tag[0]] = tag[1];
  }
  const variantId = tags.Variant;
  if (variantId === undefined) return bad('missing the Variant tag; expected [Variant "standard"] or another variant');
  if (tags.Options === undefined) return bad('missing the Options tag; expected [Options "name=value ..."]');
  const options = readOptions(tags.Options);
  if (!options.ok) return options;
  const variant = getVariant(variantId, options.value);
  if (!variant.ok) return bad(variant.error.message);
  const missing = Object.keys(variant.value.options).filter((n) => !(n in options.value));
  if (missing.length)
    return bad(`the Options tag lacks ${missing.join(', ')}; a record gives every option of ${variantId}`);
  const tokens = lines
    .slice(i)
    .join(' ')
    .split(/\s+/)
    .map((token) => token.replace(/^\d+\.+/, '')) // move numbers are optional, and may touch their move
    .filter(Boolean);
  const last = tokens.pop();
  if (last === undefined || !RESULT_WORDS.includes(last))
    return bad(`the moves must end with the result: fox | geese | draw | *; found ${last ?? 'nothing'}`);
  if (tags.Result !== undefined && tags.Result !== last)
    return bad(`the Result tag says ${tags.Result} but the moves end with ${last}`);
  // Letters in either case, as `play` reads them (D4-D5 is d4-d5).
  const stray = tokens.find((token) => !/^[a-z]\d{1,2}([-x][a-z]\d{1,2})+$/i.test(token));
  if (stray !== undefined) return bad(`"${stray}" is not move text; expected moves like d4-d5 or d4xd6xf6`);
  return ok({ tags, variant: variant.value, moves: tokens, result: last as RecordResult });
}
