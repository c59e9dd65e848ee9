// What Linux tells about a thread or process in /proc: CPU time (for budgets that hold however busy
// the machine is: on a loaded machine wall time doubles, CPU time barely moves) and resident memory
// (for work whose memory no heap limit counts). Elsewhere these read as undefined, and the callers
// fall back to wall time and heap limits.
import { readFileSync } from 'node:fs';
import type { CpuClock } from '../../shared/core/budget';

/** Clock ticks per second (USER_HZ): 100 on every Linux that ships. */
const TICKS_PER_SECOND = 100;

/** utime + stime from a /proc/…/stat file, in milliseconds. */
function cpuMsFrom(path: string): number {
  const stat = readFileSync(path, 'latin1');
  // Fields after the command name, which is in parentheses and may hold spaces or parentheses;
  // the list starts at field 3, so utime and stime (fields 14 and 15) are at 11 and 12.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  if (!Number.isFinite(ticks)) throw new Error(`unexpected contents in ${path}`);
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** The calling thread's CPU time: read on the calling thread (synchronous reads run on it). */
function threadCpuMs(): number {
  return cpuMsFrom('/proc/thread-self/stat');
}

let threadClockWorks: boolean | undefined;

/** A clock of the calling thread's CPU time in ms (Node 20 has no other), or undefined where there is none. */
export function threadCpuClock(): CpuClock | undefined {
  if (threadClockWorks === undefined) {
    try {
      threadCpuMs();
      threadClockWorks = true;
    } catch {
      threadClockWorks = false;
    }
  }
  return threadClockWorks ? threadCpuMs : undefined;
}

/** CPU time a process has used, in ms; undefined where it cannot be read. */
export function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    return cpuMsFrom(`/proc/${pid}/stat`);
  } catch {
    return undefined;
  }
}

/** Resident memory of a process, in bytes; undefined where it cannot be read. */
export function residentBytes(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'latin1'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}
