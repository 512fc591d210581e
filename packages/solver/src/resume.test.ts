// A build killed in the middle of a tier continues from its last saved level and ends with the
// same table as a build that was never stopped.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, describe, expect, it } from 'vitest';

import { compactPath, tablePath } from './dir.js';
import { openSolutionFile } from './lookup.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'solver-resume-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const args = (format: 1 | 2): string[] => [
  'solve',
  'standard',
  '--geese',
  '13',
  '--up-to',
  '7',
  '--workers',
  '0',
  '--checkpoint',
  '0',
  '--out',
  join(dir, `format-${format}`),
  '--format',
  String(format),
];

/** The checksums of tiers 4..7 of a build that ran through: format 1's arrays (as solve.test.ts's), format 2's sets. */
const FORMAT_1 = [
  { fw: 'c35b9dcd', gw: 'c11be7a5' },
  { fw: '07fdeb8d', gw: 'f949e0a5' },
  { fw: '47bf1ffa', gw: '21c870d5' },
  { fw: '3711dbed', gw: '39e5d8cc' },
];
const FORMAT_2 = ['c2246565', 'e555e7fc', '2eac57e4', '9bdb4070'];

describe('an interrupted build', () => {
  it.each([1, 2] as const)(
    'format %i: is killed inside tier 7, then resumes there and writes the same table',
    async (format) => {
      const out = join(dir, `format-${format}`);
      const state = join(out, 'standard-13', 'state.json');
      const child = spawn('pnpm', ['--silent', ...args(format)], { cwd: root, detached: true, stdio: 'ignore' });
      const partial = await new Promise<unknown>((resolve, reject) => {
        const timer = setInterval(() => {
          try {
            const saved = existsSync(state)
              ? (JSON.parse(readFileSync(state, 'utf8')) as { partial: { k: number } | null })
              : null;
            if (saved?.partial?.k === 7) {
              clearInterval(timer);
              process.kill(-child.pid!, 'SIGKILL'); // the whole group: pnpm, tsx and the solver
              resolve(saved.partial);
            }
          } catch {
            // the state file is being replaced: read it again next time
          }
        }, 20);
        child.on('exit', () => {
          clearInterval(timer);
          reject(new Error('the build ended before it could be killed'));
        });
      });
      expect(partial).toMatchObject({ k: 7 });
      const table = format === 1 ? tablePath(out, 13) : compactPath(out, 13);
      expect(existsSync(table)).toBe(false);
      const rerun = spawnSync('pnpm', ['--silent', ...args(format)], { cwd: root, encoding: 'utf8' });
      expect(rerun.status).toBe(0);
      expect(rerun.stderr).toContain('resuming the unfinished build');
      expect(rerun.stderr).toContain('at tier 7, below level');
      const { header } = openSolutionFile(table);
      expect(
        header.format === 1 ? header.tiers.map((t) => t.checksum) : header.tiers.map((t) => t.stored[0]!.checksum),
      ).toEqual(format === 1 ? FORMAT_1 : FORMAT_2);
      expect(readdirSync(join(out, 'standard-13')).sort()).toEqual(['summary.json', basename(table)]); // nothing left over
      expect(JSON.parse(readFileSync(join(out, 'standard-13', 'summary.json'), 'utf8'))).toMatchObject({
        resumed: true,
        maxGeese: 7,
      });
    },
  );
});
