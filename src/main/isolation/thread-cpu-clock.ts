// The CPU time of the calling thread, for budgets that hold whatever the machine's load: on a busy
// machine a page's wall time doubles, its CPU time barely moves. Linux gives each thread's times in
// /proc/thread-self/stat (read on the calling thread: synchronous reads run on it). Node 20 has no
// other per-thread clock (process.cpuUsage counts every thread); elsewhere there is none, and the
// budget falls back to wall time.
import { readFileSync } from 'node:fs';
import type { CpuClock } from '../../shared/core/budget';

const STAT = '/proc/thread-self/stat';
/** Clock ticks per second (USER_HZ): 100 on every Linux that ships. */
const TICKS_PER_SECOND = 100;

/** utime + stime of the calling thread, in milliseconds. */
function readThreadCpuMs(): number {
  const stat = readFileSync(STAT, 'latin1');
  // Fields after the command name, which is in parentheses and may hold spaces or parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of the file (utime, stime); the list starts at field 3.
  const ticks = Number(fields[11]) + Number(fields[12]);
  if (!Number.isFinite(ticks)) throw new Error(`unexpected ${STAT}`);
  return (ticks * 1000) / TICKS_PER_SECOND;
}

let available: boolean | undefined;

/** A clock of the calling thread's CPU time in ms, or undefined where the system has none. */
export function threadCpuClock(): CpuClock | undefined {
  if (available === undefined) {
    try {
      readThreadCpuMs();
      available = true;
    } catch {
      available = false;
    }
  }
  return available ? readThreadCpuMs : undefined;
}
