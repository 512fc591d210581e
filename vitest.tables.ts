// The run's store of test tables (@fg/solver/testing keeps each test table it builds there): made before
// any worker starts, so every worker of every project inherits its path, and removed after the run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where the store's path is passed; @fg/solver/testing's TEST_TABLES_ENV. */
const TEST_TABLES_ENV = 'FG_TEST_TABLES';

/** Makes the store unless one is given, and returns its removal. */
export default function setup(): () => void {
  if (process.env[TEST_TABLES_ENV]) return () => undefined;
  const store = mkdtempSync(join(tmpdir(), 'fg-test-tables-'));
  process.env[TEST_TABLES_ENV] = store;
  return () => rmSync(store, { recursive: true, force: true });
}
