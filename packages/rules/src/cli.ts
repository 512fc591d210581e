// The rules command line: `pnpm --silent rules perft|moves|play|batch ...` (docs/rules.md section 7).
import { createInterface } from 'node:readline';

import { runBatchLine, runCommand } from './command.js';

/** Reads batch commands from standard input, answering each as soon as it is read. */
async function batch(): Promise<number> {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    process.stdout.write(runBatchLine(line).join('\n') + '\n');
  }
  return 0;
}

/** Runs the command named by the arguments and returns the exit status. */
async function main(args: readonly string[]): Promise<number> {
  if (args[0] === 'batch') {
    if (args.length > 1) {
      process.stderr.write(`unexpected "${args[1]}"; batch reads its commands from standard input\n`);
      return 2;
    }
    return batch();
  }
  const output = runCommand(args);
  if (output.lines.length) process.stdout.write(output.lines.join('\n') + '\n');
  if (output.error) process.stderr.write(output.error + '\n');
  return output.status;
}

main(process.argv.slice(2)).then(
  (status) => {
    process.exitCode = status;
  },
  (error: unknown) => {
    process.stderr.write(`internal error: ${String(error)}\n`);
    process.exitCode = 3;
  },
);
