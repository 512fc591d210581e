// Reading a process's CPU time and resident memory from /proc (Linux only).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Clock ticks per second, the unit of utime and stime in /proc/<pid>/stat. */
export const CLOCK_TICKS: number = (() => {
  try {
    const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    return Number.isFinite(ticks) && ticks > 0 ? ticks : 100;
  } catch {
    return 100;
  }
})();

/** User plus system CPU time a process (or one of its threads: the main thread's id is the pid) has used so far, in microseconds. */
export function cpuMicros(pid: number, thread?: number): number {
  const stat = readFileSync(thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`, 'utf8');
  // The command name (field 2) may hold spaces, so count fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]); // field 14 of the whole line
  const stime = Number(fields[12]); // field 15
  return ((utime + stime) * 1e6) / CLOCK_TICKS;
}

/** Resident set size of a process in kilobytes (VmRSS). */
export function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]);
}
