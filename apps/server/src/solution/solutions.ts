// v1.2: the solution tables installed for this server (docs/solution.md), opened at start from the solutions
// directory, and later when the background build finishes one (install). Only `standard` without sideways moves is
// solvable (docs/rules.md section 10), so only its geese counts are looked for. In Redis mode every instance opens
// the same file path itself. The tiers of a table do not depend on the start: a table built up to 17 geese also
// answers the 13- and 15-geese games.
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

/** The solved variant's options for a geese count, every option given. */
const optionsFor = (geese: number): Options => {
  const info = VARIANT_INFOS.find((v) => v.id === SOLVED_VARIANT);
  return { ...info!.defaultOptions, geese, sideways: false };
};

/** How a set of options is named in messages: `standard {"geese":13,"sideways":false}`. */
const describe = (variant: string, options: Options): string => `${variant} ${JSON.stringify(options)}`;

/** The tables found in one solutions directory, by the geese count they were built for. */
export class Solutions {
  readonly dir: string; // '/srv/data/solutions'
  readonly #tables = new Map<number, { options: Options; solution: Solution }>();
  readonly #listeners = new Set<() => void>();

  /** The tables given (none is not an error: the server runs without). */
  constructor(dir: string, tables: readonly { options: Options; solution: Solution }[]) {
    this.dir = dir;
    for (const table of tables) this.#tables.set(Number(table.options.geese), table);
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
    for (const geese of SOLVABLE_GEESE) {
      if (this.#tables.has(geese)) continue;
      const solution = openSolution(this.dir, { geese });
      if (solution) {
        this.install(solution);
        opened.push(geese);
      }
    }
    return opened;
  }

  /** Puts a table in service at once (level 9, the verdicts and the tablebase use it from the next request). */
  install(solution: Solution): void {
    const old = this.#tables.get(solution.geese);
    this.#tables.set(solution.geese, { options: optionsFor(solution.geese), solution });
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
  has(geese: number): boolean {
    return this.#tables.has(geese);
  }

  /**
   * The table for a variant with its options applied, or null when none serves it: the one built for its geese
   * count, else the smallest built for more whose tiers reach that count (a 4..17 build serves 13 and 15).
   */
  for(variant: Variant): Solution | null {
    if (variant.id !== SOLVED_VARIANT || variant.options.sideways !== false) return null;
    const geese = Number(variant.options.geese);
    const own = this.#tables.get(geese);
    if (own) return own.solution;
    let best: Solution | null = null;
    for (const { solution } of this.#tables.values())
      if (solution.maxGeese >= geese && (!best || solution.maxGeese < best.maxGeese)) best = solution;
    return best;
  }

  /** The option sets a table serves, every option given (VariantInfo.solved). */
  solvedOptions(variantId: string): Options[] {
    if (variantId !== SOLVED_VARIANT) return [];
    return SOLVABLE_GEESE.filter(
      (geese) => this.#tables.has(geese) || [...this.#tables.values()].some((t) => t.solution.maxGeese >= geese),
    ).map(optionsFor);
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
