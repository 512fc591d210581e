// A build killed in the middle of a tier continues from its last saved level and ends with the
// same table as a build that was never stopped.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, describe, expect, it } from 'vitest';

import { tablePath } from './dir.js';
import { readHeader } from './table-file.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'solver-resume-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const args = [
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
  dir,
];

/** The checksums of tiers 4..7 of a build that ran through (the same as solve.test.ts's figures). */
const CHECKSUMS = [
  { fw: 'c35b9dcd', gw: 'c11be7a5' },
  { fw: '07fdeb8d', gw: 'f949e0a5' },
  { fw: '47bf1ffa', gw: '21c870d5' },
  { fw: '3711dbed', gw: '39e5d8cc' },
];

describe('an interrupted build', () => {
  it('is killed inside tier 7, then resumes there and writes the same table', async () => {
    const state = join(dir, 'standard-13', 'state.json');
    const child = spawn('pnpm', ['--silent', ...args], { cwd: root, detached: true, stdio: 'ignore' });
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
    expect(existsSync(tablePath(dir, 13))).toBe(false);
    const rerun = spawnSync('pnpm', ['--silent', ...args], { cwd: root, encoding: 'utf8' });
    expect(rerun.status).toBe(0);
    expect(rerun.stderr).toContain('resuming the unfinished build');
    expect(rerun.stderr).toContain('at tier 7, below level');
    const header = readHeader(tablePath(dir, 13));
    expect(header.tiers.map((t) => t.checksum)).toEqual(CHECKSUMS);
    expect(existsSync(join(dir, 'standard-13', 'state.json'))).toBe(false);
    expect(JSON.parse(readFileSync(join(dir, 'standard-13', 'summary.json'), 'utf8'))).toMatchObject({
      resumed: true,
      maxGeese: 7,
    });
  });
});
