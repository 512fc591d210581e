// A table page's HTML carries its table and the variants as a JSON data block that nothing can break out of, and
// preloads the chunks the build's manifest names for the table page and the likely language.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { dataBlock, likelyLanguage, tablePagePreloads } from './page-data.js';

const dir = mkdtempSync(join(tmpdir(), 'fg-page-data-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('dataBlock', () => {
  it('is JSON that reads back the same, and no text in it can close the element or open a comment', () => {
    const hostile = { table: null, variants: [{ id: '</script><script>alert(1)</script><!--', name: '&\u2028' }] };
    const block = dataBlock(hostile as never);
    expect(block.startsWith('<script type="application/json" id="fg-page-data">')).toBe(true);
    const inner = block.slice(block.indexOf('>') + 1, -'</script>'.length);
    expect(inner).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(inner)).toEqual(hostile);
  });
});

describe('likelyLanguage', () => {
  it.each([
    [{ lang: 'RU' }, 'en-GB', 'ru'],
    [{ lang: 'xx' }, 'pl-PL,pl;q=0.9,en;q=0.8', 'pl'],
    [{}, 'de-DE, hu;q=0.8', 'hu'],
    [{}, undefined, 'en'],
    [{ lang: ['ru', 'pl'] }, 'de', 'en'],
  ])('%j with Accept-Language %s: %s', (query, accept, language) => {
    expect(likelyLanguage(query, accept)).toBe(language);
  });
});

describe('tablePagePreloads', () => {
  it('preloads the table page, its imports and the language, but nothing the entry loads already', () => {
    mkdirSync(join(dir, 'web', '.vite'), { recursive: true });
    const manifest = {
      'index.html': {
        file: 'assets/index-a.js',
        isEntry: true,
        imports: ['_shared-b.js'],
        css: ['assets/style-c.css'],
      },
      '_shared-b.js': { file: 'assets/shared-b.js' },
      '_qr-d.js': { file: 'assets/qr-d.js' },
      'src/features/table/TablePage.tsx': {
        file: 'assets/TablePage-e.js',
        imports: ['_shared-b.js', 'index.html', '_board-f.js'],
        css: ['assets/style-c.css', 'assets/table-g.css'],
      },
      '_board-f.js': { file: 'assets/board-f.js' },
      '_en-h.js': { file: 'assets/en-h.js' },
      '_ru-i.js': { file: 'assets/ru-i.js' },
    };
    writeFileSync(join(dir, 'web', '.vite', 'manifest.json'), JSON.stringify(manifest));
    const preloads = tablePagePreloads(join(dir, 'web'));
    expect(
      preloads('ru')
        .split('\n')
        .map((line) => line.trim()),
    ).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/TablePage-e.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/board-f.js" />',
      '<link rel="preload" as="style" crossorigin href="/assets/table-g.css" />',
      '<link rel="modulepreload" crossorigin href="/assets/ru-i.js" />',
    ]);
    expect(preloads('xx')).toContain('/assets/en-h.js');
  });

  it('preloads nothing without a manifest (a build without one, or no build)', () => {
    expect(tablePagePreloads(join(dir, 'none'))('en')).toBe('');
  });
});
