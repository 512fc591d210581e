// Which folder may import which (part of `pnpm lint`): the server's layers as apps/server/README.md draws them
// (Import graph), and the web app's rule that features never import each other nor components a feature. A
// relative import against the allowed direction, or a circle of folders, fails with the file, the line and the rule.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** A folder under a source root, and the folders its modules may import (besides their own). */
type Layers = Readonly<Record<string, readonly string[]>>;

/**
 * The server's folders, from the ground floor up (apps/server/README.md, Import graph). `.` is the composition root
 * (app.ts, services.ts, backend.ts, config.ts, server.ts).
 */
const SERVER: Layers = {
  tables: [],
  http: ['tables'],
  solution: ['tables', 'http'],
  preview: ['tables', 'http'],
  socket: ['tables', 'http'],
  computer: ['tables', 'http', 'solution'],
  correspondence: ['tables', 'http'],
  lobby: ['tables', 'http', 'socket'],
  push: ['tables', 'http'],
  routes: ['tables', 'http', 'solution', 'preview'],
  puzzles: ['tables', 'http'],
  explorer: ['tables', 'http', 'solution'],
  store: ['tables', 'computer', 'correspondence', 'lobby', 'push', 'puzzles', 'explorer'],
  '.': [
    'tables',
    'http',
    'solution',
    'preview',
    'socket',
    'computer',
    'correspondence',
    'lobby',
    'push',
    'routes',
    'puzzles',
    'explorer',
    'store',
  ],
  testing: ['*'],
  integration: ['*'],
};

/** The web app's folders (apps/web/README.md): a feature imports no other feature; shared parts import no feature. */
const WEB: Layers = {
  lib: [],
  sw: ['lib'],
  i18n: ['lib', 'sw'],
  engine: ['lib'],
  components: ['lib', 'sw', 'i18n', 'engine'],
  features: ['lib', 'sw', 'i18n', 'engine', 'components'],
  app: ['lib', 'sw', 'i18n', 'engine', 'components', 'features'],
  '.': ['*'],
};

/** A source tree checked against its layers; `unit` names the folder a file belongs to for the rule. */
interface Tree {
  readonly root: string;
  readonly layers: Layers;
  readonly unit: (path: string) => string;
  /** What a test may import besides its folder's layers (tests are leaves: nothing imports them). */
  readonly testExtras: readonly string[];
  /** Folders (below the layer) whose modules must not import each other: the web's features. */
  readonly separate?: string;
}

/** The first folder of a path below the source root, or `.` for a file at the root. */
const topFolder = (path: string): string => (path.includes(sep) ? path.split(sep)[0]! : '.');

const TREES: readonly Tree[] = [
  // A server test may also use the real adapters, the harness and the app.
  { root: 'apps/server/src', layers: SERVER, unit: topFolder, testExtras: ['store', 'testing', '.'] },
  // A web test may read what it checks anywhere (the locales test reads the variant page's rows).
  { root: 'apps/web/src', layers: WEB, unit: topFolder, testExtras: ['*'], separate: 'features' },
];

const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const IMPORT =
  /(?:^|[^.\w])(?:import|export)\s*(?:type\s+)?(?:[\w*{}\s,$]*\s*from\s*)?\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (SOURCE.test(entry.name)) yield path;
  }
}

const isTest = (path: string): boolean => /\.test\.tsx?$/.test(path);

/** The relative imports of a file, with their line numbers. */
function importsOf(text: string): { spec: string; line: number }[] {
  const found: { spec: string; line: number }[] = [];
  for (const match of text.matchAll(IMPORT)) {
    found.push({ spec: match[1]!, line: text.slice(0, match.index).split('\n').length });
  }
  return found;
}

/** The folder of a path two levels deep (`store/redis`), for finding circles among folders. */
const folderOf = (path: string): string => dirname(path) || '.';

/** The groups of folders that import each other round in a circle (strongly connected, Tarjan), each sorted. */
function circles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const found: string[][] = [];
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    for (let top = stack.pop()!; ; top = stack.pop()!) {
      group.push(top);
      if (top === node) break;
    }
    if (group.length > 1) found.push(group.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** The problems of one tree: imports against its layers, and circles of folders. */
function check(tree: Tree): string[] {
  const problems: string[] = [];
  const base = join(ROOT, tree.root);
  const folders = new Map<string, Set<string>>();
  for (const file of files(base)) {
    const from = relative(base, file);
    const unit = tree.unit(from);
    const allowed = tree.layers[unit];
    if (!allowed) {
      problems.push(`${tree.root}/${from}: the folder ${unit} has no place in the layers of scripts/check-imports.ts`);
      continue;
    }
    const text = readFileSync(file, 'utf8');
    for (const { spec, line } of importsOf(text)) {
      const to = relative(base, resolve(dirname(file), spec));
      if (to.startsWith('..')) continue; // another package's file: the workspace's own rules
      const target = tree.unit(to);
      if (!isTest(from)) {
        const [a, b] = [folderOf(from), folderOf(to)];
        if (a !== b) folders.set(a, (folders.get(a) ?? new Set()).add(b));
      }
      if (target === unit) {
        const separate = tree.separate;
        if (separate && unit === separate && to.split(sep)[1] !== from.split(sep)[1]) {
          problems.push(
            `${tree.root}/${from}:${line}: ${spec}: a ${separate} folder imports another (shared parts go below)`,
          );
        }
        continue;
      }
      const may =
        allowed.includes('*') ||
        allowed.includes(target) ||
        (isTest(from) && (tree.testExtras.includes('*') || tree.testExtras.includes(target)));
      if (!may)
        problems.push(
          `${tree.root}/${from}:${line}: ${spec}: ${unit} may not import ${target} (it may import ${allowed.join(', ') || 'nothing here'})`,
        );
    }
  }
  for (const circle of circles(folders))
    problems.push(`${tree.root}: folders that import each other in a circle: ${circle.join(', ')}`);
  return problems;
}

/** The layers themselves must not run in a circle, or the direction they give would mean nothing. */
function layerCircles(tree: Tree): string[] {
  const edges = new Map(
    Object.entries(tree.layers).map(([unit, may]) => [unit, new Set(may.filter((m) => m !== '*'))] as const),
  );
  return circles(edges).map((circle) => `${tree.root}: the layers run in a circle: ${circle.join(', ')}`);
}

const problems = TREES.flatMap((tree) => [...layerCircles(tree), ...check(tree)]);
for (const problem of problems) console.error(problem);
if (problems.length) {
  console.error(`check-imports: ${problems.length} import(s) against the layers (apps/server/README.md, Import graph)`);
  process.exit(1);
}
console.log('check-imports: every relative import follows the layers');
