import fs from 'node:fs';

/** Linux's clock ticks per second (USER_HZ), the unit of /proc/<pid>/stat's CPU times. */
const CLOCK_TICKS_PER_S = 100;

/** CPU time (user + system, all threads) these processes have used so far, in ms; benchmarks only. */
export function processCpuMs(pids: readonly number[]): number {
  return pids.reduce((total, pid) => {
    // Fields 14 and 15 (utime, stime), counted after the ") " that ends the command name.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return total + ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S;
  }, 0);
}
