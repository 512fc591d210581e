// Where the solver writes tables and the server reads them.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { solutionDir, tablePath } from './dir.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));

describe('the solutions directory', () => {
  it.each([
    [{ SOLUTION_DIR: '/srv/tables', DATA_DIR: '/srv/data' }, '/work', '/srv/tables'],
    [{ SOLUTION_DIR: 'tables' }, '/work', '/work/tables'],
    [{ DATA_DIR: '/srv/data' }, '/work', '/srv/data/solutions'],
    [{ DATA_DIR: 'data' }, '/app/apps/server', '/app/apps/server/data/solutions'],
    [{}, '/anywhere', join(root, 'apps', 'server', 'data', 'solutions')],
  ])('%j from %s is %s', (env, cwd, expected) => {
    expect(solutionDir(env, cwd)).toBe(expected);
  });

  it('holds one folder per options', () => {
    expect(tablePath('/srv/tables', 15)).toBe('/srv/tables/standard-15/table.fgs');
  });
});
