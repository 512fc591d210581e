// Command-line options of the bench scripts: `--name=value`.

/** The value of `--name=value` on the command line, or `fallback` when it is absent. */
export function option(name: string, fallback: string): string;
export function option(name: string): string | undefined;
export function option(name: string, fallback?: string): string | undefined {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
}
