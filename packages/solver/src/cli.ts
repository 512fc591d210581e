// The command line the root `rules` script runs: every command of the rules library's command line
// (docs/rules.md section 7), unchanged, plus `solve` (section 10), alone and in batch. The rules
// library cannot depend on the solver, so the solver adds its command through the library's hook.
import { runCli } from '@fg/rules/cli';

import { solveCommand } from './command.js';

runCli(process.argv.slice(2), { solve: (parsed) => solveCommand(parsed) });
