// The game record text of docs/rules.md section 9: one writer and one reader, used by the server's
// download and by `rules replay`. Tag lines, an empty line, numbered moves, the result word last.
import type { RulesError } from './result.js';
import type { Side } from './side.js';
import { getVariant, type Options, type OptionValue, type Variant, VARIANT_IDS, VARIANT_INFOS } from './variants.js';

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
interface ReadRecord {
  readonly tags: Readonly<Record<string, string>>; // { Variant: 'standard', Options: 'geese=13 sideways=false' }
  readonly variant: Variant;
  readonly moves: readonly string[]; // ['d4-d5', 'c3-c4']
  readonly result: RecordResult;
}

/** Why a record does not read, each case with its own code and the facts a sentence about it needs. */
export type RecordProblem =
  | { readonly code: 'bad-tag'; readonly line: number; readonly text: string } // line 2: [Variant standard]
  | { readonly code: 'no-variant-tag' }
  | { readonly code: 'no-options-tag' }
  | { readonly code: 'bad-option-pair'; readonly pair: string } // 'geese' (no =value)
  | { readonly code: 'unknown-variant'; readonly variant: string; readonly expected: readonly string[] }
  | { readonly code: 'unknown-option'; readonly variant: string; readonly name: string }
  | {
      readonly code: 'bad-option-value';
      readonly variant: string;
      readonly name: string; // 'geese'
      readonly value: OptionValue; // 14
      readonly expected: readonly OptionValue[]; // [13, 15, 17]
    }
  | { readonly code: 'missing-options'; readonly variant: string; readonly names: readonly string[] }
  | { readonly code: 'no-result'; readonly found: string | null } // the last token, null when there is none
  | { readonly code: 'result-disagrees'; readonly tag: string; readonly last: string }
  | { readonly code: 'not-move-text'; readonly ply: number; readonly text: string }; // ply counts from 1

/** A record that does not read: `bad-record` with the English message the CLI prints, and the case as data. */
interface RecordError extends RulesError {
  readonly code: 'bad-record';
  readonly problem: RecordProblem;
}

/** What readRecord answers: the record, or why it does not read. */
type RecordRead =
  { readonly ok: true; readonly value: ReadRecord } | { readonly ok: false; readonly error: RecordError };

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

const bad = (problem: RecordProblem, message: string): { ok: false; error: RecordError } => ({
  ok: false,
  error: { code: 'bad-record', message, problem },
});

/** The case of a variant and options getVariant refused, as data (its English message is getVariant's). */
function variantProblem(id: string, options: Readonly<Record<string, OptionValue>>): RecordProblem {
  const info = VARIANT_INFOS.find((v) => v.id === id);
  if (!info) return { code: 'unknown-variant', variant: id, expected: VARIANT_IDS };
  const unknown = Object.keys(options).find((name) => !info.options.some((o) => o.name === name));
  if (unknown !== undefined) return { code: 'unknown-option', variant: id, name: unknown };
  const spec = info.options.find((o) => !o.values.includes(options[o.name] ?? o.default))!;
  return { code: 'bad-option-value', variant: id, name: spec.name, value: options[spec.name]!, expected: spec.values };
}

/** Reads `[Name "value"]`; null if the line is not a tag. */
function readTag(line: string): [string, string] | null {
  // Any name without spaces, brackets or quotes: "any further tag is allowed" (docs/rules.md), `Time-Control` too.
  const match = /^\[\s*([^\s"[\]]+)\s+"((?:[^"\\]|\\.)*)"\s*\]$/.exec(line);
  return match ? [match[1]!, match[2]!.replace(/\\(.)/g, '$1')] : null;
}

/** Reads `geese=13 sideways=false` into option values. */
function readOptions(text: string): { ok: true; value: Record<string, OptionValue> } | ReturnType<typeof bad> {
  const options: Record<string, OptionValue> = {};
  for (const pair of text.split(/\s+/).filter(Boolean)) {
    const match = /^([A-Za-z][A-Za-z0-9_-]*)=(true|false|-?\d+)$/.exec(pair);
    if (!match)
      return bad(
        { code: 'bad-option-pair', pair },
        `bad option "${pair}" in the Options tag; expected name=value, as in geese=13`,
      );
    options[match[1]!] = match[2] === 'true' ? true : match[2] === 'false' ? false : Number(match[2]);
  }
  return { ok: true, value: options };
}

/** Reads a record text; a malformed one answers `bad-record` saying what is wrong. Moves are not checked here. */
export function readRecord(text: string): RecordRead {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const tags: Record<string, string> = {};
  let i = 0;
  for (; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    if (!line.startsWith('[')) break;
    const tag = readTag(line);
    if (!tag)
      return bad(
        { code: 'bad-tag', line: i + 1, text: line },
        `line ${i + 1}: bad tag ${line}; expected [Name "value"]`,
      );
    tags[tag[0]] = tag[1];
  }
  const variantId = tags.Variant;
  if (variantId === undefined)
    return bad({ code: 'no-variant-tag' }, 'missing the Variant tag; expected [Variant "standard"] or another variant');
  if (tags.Options === undefined)
    return bad({ code: 'no-options-tag' }, 'missing the Options tag; expected [Options "name=value ..."]');
  const options = readOptions(tags.Options);
  if (!options.ok) return options;
  const variant = getVariant(variantId, options.value);
  if (!variant.ok) return bad(variantProblem(variantId, options.value), variant.error.message);
  const missing = Object.keys(variant.value.options).filter((n) => !(n in options.value));
  if (missing.length)
    return bad(
      { code: 'missing-options', variant: variantId, names: missing },
      `the Options tag lacks ${missing.join(', ')}; a record gives every option of ${variantId}`,
    );
  const tokens = lines
    .slice(i)
    .join(' ')
    .split(/\s+/)
    .map((token) => token.replace(/^\d+\.+/, '')) // move numbers are optional, and may touch their move
    .filter(Boolean);
  const last = tokens.pop();
  if (last === undefined || !RESULT_WORDS.includes(last))
    return bad(
      { code: 'no-result', found: last ?? null },
      `the moves must end with the result: fox | geese | draw | *; found ${last ?? 'nothing'}`,
    );
  if (tags.Result !== undefined && tags.Result !== last)
    return bad(
      { code: 'result-disagrees', tag: tags.Result, last },
      `the Result tag says ${tags.Result} but the moves end with ${last}`,
    );
  // Letters in either case, as `play` reads them (D4-D5 is d4-d5).
  const stray = tokens.findIndex((token) => !/^[a-z]\d{1,2}([-x][a-z]\d{1,2})+$/i.test(token));
  if (stray >= 0)
    return bad(
      { code: 'not-move-text', ply: stray + 1, text: tokens[stray]! },
      `"${tokens[stray]!}" is not move text; expected moves like d4-d5 or d4xd6xf6`,
    );
  return { ok: true, value: { tags, variant: variant.value, moves: tokens, result: last as RecordResult } };
}
