// The rules command line: `pnpm --silent rules perft|moves|play|replay|batch ...` (docs/rules.md section 7).
// Run as a program it has these commands; a program built on the library (the solver's command line,
// which the root `rules` script runs) calls runCli with its own commands added.
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

import { type CommandOutput, type ExtraCommands, replayCommand, runBatchLine, runCommand } from './command.js';

/** Reads batch commands from standard input, answering each as soon as it is read. */
async function batch(extra: ExtraCommands): Promise<number> {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    process.stdout.write(runBatchLine(line, extra).join('\n') + '\n');
  }
  return 0;
}

/** Reads all of standard input as text. */
async function readInput(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Prints a command's output and returns its exit status. */
function report(output: CommandOutput): number {
  if (output.lines.length) process.stdout.write(output.lines.join('\n') + '\n');
  if (output.error) process.stderr.write(output.error + '\n');
  return output.status;
}

/** Runs the command named by the arguments and returns the exit status. */
async function main(args: readonly string[], extra: ExtraCommands): Promise<number> {
  if (args[0] === 'replay') {
    if (args.length > 1) {
      process.stderr.write(`unexpected "${args[1]}"; replay reads the game record from standard input\n`);
      return 2;
    }
    return report(replayCommand(await readInput()));
  }
  if (args[0] === 'batch') {
    if (args.length > 1) {
      process.stderr.write(`unexpected "${args[1]}"; batch reads its commands from standard input\n`);
      return 2;
    }
    return batch(extra);
  }
  return report(runCommand(args, extra));
}

/** Runs the command line on `args` with `extra` commands added, setting the exit status. */
export function runCli(args: readonly string[], extra: ExtraCommands = {}): void {
  main(args, extra).then(
    (status) => {
      process.exitCode = status;
    },
    (error: unknown) => {
      process.stderr.write(`internal error: ${String(error)}\n`);
      process.exitCode = 3;
    },
  );
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href)
  runCli(process.argv.slice(2));
