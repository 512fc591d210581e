// The solution tables installed for this server (docs/solution.md), opened at start from the solutions
// directory, and later when the background build finishes one (install). Only `standard` is solved (docs/rules.md
// section 10), without sideways moves and (section 10.1: win, draw or loss) with them, so only its geese
// counts are looked for, each both ways. In Redis mode every instance opens the same file path itself. The tiers of
// a table do not depend on the start: a table built up to 17 geese also answers the 13- and 15-geese games.
import { type Options, type Variant, VARIANT_INFOS } from '@fg/rules';
import { openSolution, type Solution } from '@fg/solver';

/** The solved variant's id. */
const SOLVED_VARIANT = 'standard';

/** The geese counts the solved variant offers: [13, 15, 17]. */
const SOLVABLE_GEESE: readonly number[] = (() => {
  const info = VARIANT_INFOS.find((v) => v.id === SOLVED_VARIANT);
  return (info?.options.find((o) => o.name === 'geese')?.values ?? []).filter(
    (n): n is number => typeof n === 'number',
  );
})();

/** The solved variant's options for a geese count and sideways moves, every option given. */
const optionsFor = (geese: number, sideways: boolean): Options => {
  const info = VARIANT_INFOS.find((v) => v.id === SOLVED_VARIANT);
  return { ...info!.defaultOptions, geese, sideways };
};

/** The key of a table: its geese count and whether geese step sideways. */
const keyOf = (geese: number, sideways: boolean): string => `${geese}:${sideways}`;

/** How a set of options is named in messages: `standard {"geese":13,"sideways":false}`. */
const describe = (variant: string, options: Options): string => `${variant} ${JSON.stringify(options)}`;

/** The tables found in one solutions directory, by the geese count they were built for. */
export class Solutions {
  readonly dir: string; // '/srv/data/solutions'
  readonly #tables = new Map<string, { options: Options; solution: Solution }>();
  readonly #listeners = new Set<() => void>();

  /** The tables given (none is not an error: the server runs without). */
  constructor(dir: string, tables: readonly { options: Options; solution: Solution }[]) {
    this.dir = dir;
    for (const table of tables)
      this.#tables.set(keyOf(Number(table.options.geese), table.options.sideways === true), table);
  }

  /** Opens the tables installed in `dir` for every geese count the solved variant offers. */
  static open(dir: string): Solutions {
    const solutions = new Solutions(dir, []);
    solutions.openMissing();
    return solutions;
  }

  /** Opens the tables of `dir` not open yet (one another process finished); the geese counts newly opened. */
  openMissing(): number[] {
    const opened: number[] = [];
    for (const sideways of [false, true])
      for (const geese of SOLVABLE_GEESE) {
        if (this.#tables.has(keyOf(geese, sideways))) continue;
        const solution = openSolution(this.dir, { geese, sideways });
        if (solution) {
          this.install(solution);
          opened.push(geese);
        }
      }
    return opened;
  }

  /** Puts a table in service at once (level 9, the verdicts and the tablebase use it from the next request). */
  install(solution: Solution): void {
    const key = keyOf(solution.geese, solution.sideways);
    const old = this.#tables.get(key);
    this.#tables.set(key, { options: optionsFor(solution.geese, solution.sideways), solution });
    old?.solution.close();
    for (const listener of this.#listeners) listener();
  }

  /** Calls `listener` after each install; returns the call that stops it. */
  onInstall(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** How many tables are installed. */
  get size(): number {
    return this.#tables.size;
  }

  /** Whether a table built for this geese count is installed (a larger one serving it does not count). */
  has(geese: number, sideways = false): boolean {
    return this.#tables.has(keyOf(geese, sideways));
  }

  /**
   * The table for a variant with its options applied, or null when none serves it: the one built for its geese
   * count, else the smallest built for more whose tiers reach that count (a 4..17 build serves 13 and 15).
   */
  for(variant: Variant): Solution | null {
    if (variant.id !== SOLVED_VARIANT || typeof variant.options.sideways !== 'boolean') return null;
    return this.#serving(Number(variant.options.geese), variant.options.sideways);
  }

  /** The table built for these options, else the smallest of the same sideways moves whose tiers reach the count. */
  #serving(geese: number, sideways: boolean): Solution | null {
    const own = this.#tables.get(keyOf(geese, sideways));
    if (own) return own.solution;
    let best: Solution | null = null;
    for (const { solution } of this.#tables.values())
      if (solution.sideways === sideways && solution.maxGeese >= geese && (!best || solution.maxGeese < best.maxGeese))
        best = solution;
    return best;
  }

  /** The option sets a table serves, every option given (VariantInfo.solved): without sideways moves first. */
  solvedOptions(variantId: string): Options[] {
    if (variantId !== SOLVED_VARIANT) return [];
    return [false, true].flatMap((sideways) =>
      SOLVABLE_GEESE.filter((geese) => this.#serving(geese, sideways) !== null).map((geese) =>
        optionsFor(geese, sideways),
      ),
    );
  }

  /** The solved option sets in words, for a refusal: `standard {"geese":13,"sideways":false}`, or `none`. */
  describe(): string {
    const all = this.solvedOptions(SOLVED_VARIANT).map((options) => describe(SOLVED_VARIANT, options));
    return all.length ? all.join(', ') : 'none is installed here';
  }

  /** Closes the files. */
  close(): void {
    for (const { solution } of this.#tables.values()) solution.close();
    this.#tables.clear();
    this.#listeners.clear();
  }
}
