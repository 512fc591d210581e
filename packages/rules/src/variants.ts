// Each variant as data (docs/rules.md section 3), with options resolved by one named hook per variant.
import { type Board, type BoardId, BOARDS, type Direction, DIRECTIONS } from './board.js';
import { fail, ok, type Result } from './result.js';
import type { Side } from './side.js';

/** The variant ids, in the order the product lists them. */
export const VARIANT_IDS = ['standard', 'two-foxes', 'big-cross', 'raevskak'] as const;
/** A variant id. */
export type VariantId = (typeof VARIANT_IDS)[number];

/** A value a table option can take. */
export type OptionValue = number | boolean;
/** Table options by name, e.g. `{ geese: 15, sideways: true }`. */
export type Options = Readonly<Record<string, OptionValue>>;

/** One option a variant offers, with its allowed values. */
interface OptionSpec {
  readonly name: string; // 'geese'
  readonly values: readonly OptionValue[]; // [13, 15, 17]
  readonly default: OptionValue; // 13
}

/** How capture works: every prefix of a chain, or only maximal chains when any jump exists. */
type CaptureRule = 'optional' | 'mandatory';

/** A variant with its options applied: everything the move generator and outcome rules need. */
export interface Variant {
  readonly id: VariantId;
  readonly name: string; // 'Fox and Geese'
  readonly board: Board;
  readonly options: Options; // every option of the variant, defaults filled in
  readonly foxes: readonly number[]; // start points of the foxes (indices)
  readonly geese: readonly number[]; // start points of the geese (indices)
  readonly firstSide: Side;
  readonly gooseDirections: readonly Direction[]; // ['N', 'NE', 'NW']
  readonly gooseDirectionIndices: readonly number[]; // indices into DIRECTIONS
  readonly forwardDirectionIndices: readonly number[]; // N, NE, NW: the moves that reset the quiet count
  readonly capture: CaptureRule;
  readonly foxWinsBelow: number; // the fox side wins when fewer geese than this remain
  readonly pen: readonly number[] | null; // two-foxes: the geese win when all hold geese
  readonly breakthroughRank: number | null; // raevskak: rank index a fox wins on (0 = rank 1)
}

/** The part of a variant that depends on its options, written with point names. */
interface Setup {
  readonly foxes: readonly string[];
  readonly geese: readonly string[];
  readonly firstSide: Side;
  readonly gooseDirections: readonly Direction[];
  readonly capture: CaptureRule;
  readonly foxWinsBelow: number;
  readonly pen?: readonly string[];
  readonly breakthroughRank?: number;
}

/** A variant's fixed data plus `setup`, its one hook from options to rules. */
interface Definition {
  readonly id: VariantId;
  readonly name: string;
  readonly board: BoardId;
  readonly options: readonly OptionSpec[];
  readonly setup: (options: Options) => Setup;
}

const GEESE_13 = ['a3', 'b3', 'c3', 'd3', 'e3', 'f3', 'g3', 'c2', 'd2', 'e2', 'c1', 'd1', 'e1'];
const EXTRA_GEESE: Readonly<Record<number, readonly string[]>> = {
  13: [],
  15: ['a4', 'g4'],
  17: ['a4', 'b4', 'f4', 'g4'],
};
const FORWARD: readonly Direction[] = ['N', 'NE', 'NW'];
const FORWARD_AND_SIDEWAYS: readonly Direction[] = ['N', 'NE', 'NW', 'E', 'W'];
const GEESE_OPTION: OptionSpec = { name: 'geese', values: [13, 15, 17], default: 13 };

/** The geese of the standard set-up for 13, 15 or 17 geese (docs/rules.md sections 3 and 8). */
function standardGeese(count: OptionValue): readonly string[] {
  return [...GEESE_13, ...(EXTRA_GEESE[Number(count)] ?? [])];
}

const DEFINITIONS: readonly Definition[] = [
  {
    id: 'standard',
    name: 'Fox and Geese',
    board: 'cross33',
    options: [GEESE_OPTION, { name: 'sideways', values: [false, true], default: false }],
    setup: (o) => ({
      foxes: ['d4'],
      geese: standardGeese(o.geese!),
      firstSide: 'fox',
      gooseDirections: o.sideways ? FORWARD_AND_SIDEWAYS : FORWARD,
      capture: 'optional',
      foxWinsBelow: 4,
    }),
  },
  {
    id: 'two-foxes',
    name: 'Two Foxes (Halatafl)',
    board: 'cross33',
    options: [],
    setup: () => ({
      foxes: ['c7', 'e7'],
      geese: [...GEESE_13, 'a4', 'b4', 'c4', 'd4', 'e4', 'f4', 'g4'],
      firstSide: 'fox',
      gooseDirections: FORWARD_AND_SIDEWAYS,
      capture: 'mandatory',
      foxWinsBelow: 9,
      pen: ['c5', 'd5', 'e5', 'c6', 'd6', 'e6', 'c7', 'd7', 'e7'],
    }),
  },
  {
    id: 'big-cross',
    name: 'Big Cross (Gåsetavl)',
    board: 'cross45',
    options: [],
    setup: () => ({
      foxes: ['e7'],
      geese: [
        'a4',
        'b4',
        'c4',
        'd4',
        'e4',
        'f4',
        'g4',
        'h4',
        'i4',
        'd3',
        'e3',
        'f3',
        'd2',
        'e2',
        'f2',
        'd1',
        'e1',
        'f1',
      ],
      firstSide: 'fox',
      gooseDirections: FORWARD_AND_SIDEWAYS,
      capture: 'optional',
      foxWinsBelow: 4,
    }),
  },
  {
    id: 'raevskak',
    name: 'Rævskak (Norwegian)',
    board: 'cross33',
    options: [GEESE_OPTION],
    setup: (o) => {
      const old = o.geese === 13; // seed 003: the old 13-geese game differs in four rules
      return {
        foxes: ['d4'],
        geese: standardGeese(o.geese!),
        firstSide: old ? 'geese' : 'fox',
        gooseDirections: old ? DIRECTIONS : FORWARD_AND_SIDEWAYS,
        capture: old ? 'optional' : 'mandatory',
        foxWinsBelow: 5,
        breakthroughRank: 0,
      };
    },
  },
];

/** What clients are told of a variant (docs/protocol.md `VariantInfo`). */
export interface VariantInfo {
  readonly id: VariantId;
  readonly name: string;
  readonly board: BoardId;
  readonly options: readonly OptionSpec[];
  readonly defaultOptions: Options;
}

/** Every variant's public description, in product order. */
export const VARIANT_INFOS: readonly VariantInfo[] = DEFINITIONS.map((d) => ({
  id: d.id,
  name: d.name,
  board: d.board,
  options: d.options,
  defaultOptions: Object.fromEntries(d.options.map((o) => [o.name, o.default])),
}));

const formatValues = (values: readonly unknown[]): string => values.map((v) => String(v)).join(' | ');

/** Checks options against a variant's specs and fills in defaults. */
function resolveOptions(def: Definition, given: Readonly<Record<string, unknown>>): Result<Options> {
  const resolved: Record<string, OptionValue> = {};
  for (const name of Object.keys(given)) {
    if (given[name] !== undefined && !def.options.some((o) => o.name === name)) {
      const known = def.options.length ? `expected ${formatValues(def.options.map((o) => o.name))}` : 'it takes none';
      return fail('bad-option', `unknown option "${name}" for ${def.id}; ${known}`);
    }
  }
  for (const spec of def.options) {
    const value = given[spec.name];
    if (value === undefined) {
      resolved[spec.name] = spec.default;
    } else if (spec.values.includes(value as OptionValue)) {
      resolved[spec.name] = value as OptionValue;
    } else {
      return fail(
        'bad-option',
        `bad ${spec.name} ${JSON.stringify(value)} for ${def.id}; expected ${formatValues(spec.values)}`,
      );
    }
  }
  return ok(resolved);
}

const cache = new Map<string, Variant>();

/** Resolves a variant id and options into the rules a game is played by. */
export function getVariant(id: string, options: Readonly<Record<string, unknown>> = {}): Result<Variant> {
  const def = DEFINITIONS.find((d) => d.id === id);
  if (!def) return fail('unknown-variant', `unknown variant "${id}"; expected ${VARIANT_IDS.join(' | ')}`);
  const resolvedOptions = resolveOptions(def, options);
  if (!resolvedOptions.ok) return resolvedOptions;
  const key = `${id}:${JSON.stringify(resolvedOptions.value)}`;
  const cached = cache.get(key);
  if (cached) return ok(cached);

  const board = BOARDS[def.board];
  const setup = def.setup(resolvedOptions.value);
  const indices = (names: readonly string[]): number[] => names.map((n) => board.pointIndex(n));
  const gooseDirectionIndices = setup.gooseDirections.map((d) => DIRECTIONS.indexOf(d));
  const variant: Variant = {
    id: def.id,
    name: def.name,
    board,
    options: resolvedOptions.value,
    foxes: indices(setup.foxes),
    geese: indices(setup.geese),
    firstSide: setup.firstSide,
    gooseDirections: setup.gooseDirections,
    gooseDirectionIndices,
    forwardDirectionIndices: FORWARD.map((d) => DIRECTIONS.indexOf(d)),
    capture: setup.capture,
    foxWinsBelow: setup.foxWinsBelow,
    pen: setup.pen ? indices(setup.pen) : null,
    breakthroughRank: setup.breakthroughRank ?? null,
  };
  cache.set(key, variant);
  return ok(variant);
}
