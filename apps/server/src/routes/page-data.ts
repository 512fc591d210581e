// What a table page's HTML carries so that a cold link shows its board after one round trip and the scripts
// (docs/product.md, "A table link that opens at once"): the table view and the variant list as a JSON data block
// (not a script: the CSP allows no inline script), and a modulepreload of every chunk the table page loads before
// its first render (its page chunk, their imports and the language's strings), so they come in one round trip
// beside the entry script instead of after it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { TableView } from '@fg/protocol';

import type { VariantList } from './variant-list.js';

/** The id of the data block the web app reads (apps/web/src/lib/page-data.ts). */
const DATA_ID = 'fg-page-data';
/** The table page's module in the build. */
const TABLE_PAGE = 'src/features/table/TablePage.tsx';
const LANGUAGES: readonly string[] = ['en', 'ru', 'pl', 'hu'];

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  readonly file: string;
  readonly isEntry?: boolean;
  readonly imports?: readonly string[];
  readonly css?: readonly string[];
}

/** What the table page's HTML carries. */
export interface PageData {
  readonly table: TableView | null; // null: no such table (the page says so at once)
  readonly variants: VariantList['variants'];
}

/** JSON made safe inside a `<script>` element: nothing in it can close the element or start a comment. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The data block of a table page. */
export function dataBlock(data: PageData): string {
  return `<script type="application/json" id="${DATA_ID}">${scriptJson(data)}</script>`;
}

/**
 * The language the page will most likely show, for its strings' preload: `?lang=`, else the browser's first
 * language we have (a remembered choice lives in the browser, which the server cannot see), else English.
 */
export function likelyLanguage(query: unknown, acceptLanguage: string | undefined): string {
  const lang = (query as { lang?: unknown } | null)?.lang;
  const asked = typeof lang === 'string' ? lang.toLowerCase() : '';
  if (LANGUAGES.includes(asked)) return asked;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const base = part.trim().split(';')[0]!.split('-')[0]!.toLowerCase();
    if (LANGUAGES.includes(base)) return base;
  }
  return 'en';
}

/** The preload links of the table page, per language; empty when the build has no manifest. */
export function tablePagePreloads(webDir: string): (language: string) => string {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(join(webDir, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      ManifestChunk
    >;
  } catch {
    return () => '';
  }
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string): void => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(TABLE_PAGE);
  // The entry's own files are in the HTML already.
  const entry = Object.values(manifest).find((c) => c.isEntry);
  const entryChunks = [entry, ...(entry?.imports ?? []).map((k) => manifest[k])];
  const known = new Set(entryChunks.flatMap((c) => [c?.file, ...(c?.css ?? [])]));
  const script = (file: string): string => `<link rel="modulepreload" crossorigin href="/${file}" />`;
  const style = (file: string): string => `<link rel="preload" as="style" crossorigin href="/${file}" />`;
  const common = [
    ...[...scripts].filter((f) => !known.has(f)).map(script),
    ...[...styles].filter((f) => !known.has(f)).map(style),
  ];
  // A language's strings are one chunk named after it (apps/web/vite.config.ts), loaded by the entry on demand.
  const strings = (language: string): string[] =>
    Object.values(manifest)
      .filter((c) => new RegExp(`^assets/${language}-[\\w-]+\\.js$`).test(c.file))
      .map((c) => script(c.file));
  const byLanguage = new Map(LANGUAGES.map((language) => [language, [...common, ...strings(language)].join('\n    ')]));
  return (language) => byLanguage.get(language) ?? byLanguage.get('en')!;
}
