// v1.2: the solution tables installed for this server (docs/solution.md), opened once at start from the solutions
// directory. Only `standard` without sideways moves is solvable (docs/rules.md section 10), so only its geese
// counts are looked for. In Redis mode every instance opens the same file path itself.
import { type Options, type Variant, VARIANT_INFOS } from '@fg/rules';
import { openSolution, type Solution } from '@fg/solver';

/** The solved variant's id. */
const SOLVED_VARIANT = 'standard';

/** How a set of options is named in messages: `standard {"geese":13,"sideways":false}`. */
const describe = (variant: string, options: Options): string => `${variant} ${JSON.stringify(options)}`;

/** The tables found in one solutions directory, by variant and options. */
export class Solutions {
  readonly dir: string; // '/srv/data/solutions'
  readonly #tables = new Map<string, { options: Options; solution: Solution }>();

  /** Opens every table in `dir`; none found is not an error (the server runs without). */
  constructor(dir: string, tables: readonly { options: Options; solution: Solution }[]) {
    this.dir = dir;
    for (const table of tables) this.#tables.set(keyOf(SOLVED_VARIANT, table.options), table);
  }

  /** Opens the tables installed in `dir` for every geese count the solved variant offers. */
  static open(dir: string): Solutions {
    const info = VARIANT_INFOS.find((v) => v.id === SOLVED_VARIANT);
    const counts = (info?.options.find((o) => o.name === 'geese')?.values ?? []).filter(
      (n): n is number => typeof n === 'number',
    );
    const tables = [];
    for (const geese of counts) {
      const solution = openSolution(dir, { geese });
      if (solution) tables.push({ options: { ...info!.defaultOptions, geese, sideways: false }, solution });
    }
    return new Solutions(dir, tables);
  }

  /** How many tables are installed. */
  get size(): number {
    return this.#tables.size;
  }

  /** The table for a variant with its options applied, or null when none is installed for it. */
  for(variant: Variant): Solution | null {
    return this.#tables.get(keyOf(variant.id, variant.options))?.solution ?? null;
  }

  /** The option sets with a table, every option given (VariantInfo.solved). */
  solvedOptions(variantId: string): Options[] {
    return variantId === SOLVED_VARIANT ? [...this.#tables.values()].map((t) => t.options) : [];
  }

  /** The solved option sets in words, for a refusal: `standard {"geese":13,"sideways":false}`, or `none`. */
  describe(): string {
    const all = [...this.#tables.values()].map((t) => describe(SOLVED_VARIANT, t.options));
    return all.length ? all.join(', ') : 'none is installed here';
  }

  /** Closes the files. */
  close(): void {
    for (const { solution } of this.#tables.values()) solution.close();
    this.#tables.clear();
  }
}

/** A variant's options in a fixed order, so equal option sets give one key. */
function keyOf(variantId: string, options: Options): string {
  const sorted = Object.keys(options)
    .sort()
    .map((name) => [name, options[name]]);
  return `${variantId}:${JSON.stringify(sorted)}`;
}
