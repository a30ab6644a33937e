/**
 * CPU time of the bench process (server, handlers, load worker thread) and of its child processes (DynamoDB
 * Local's JVM, the stand-ins), read from /proc on Linux. Used to tell a run bound by the machine's cores from
 * one that waits on a lock: CPU seconds used ÷ wall seconds = cores kept busy.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Linux USER_HZ (clock ticks per second in /proc/<pid>/stat); 100 on every mainstream kernel. */
const TICKS_PER_SECOND = 100;

function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/** utime + stime of a process (all its threads), in ms; 0 when it is gone or /proc is absent. */
function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces: the fields start after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** CPU ms used so far by this process and its descendants. */
export function cpuMsNow(): number {
  const { user, system } = process.cpuUsage();
  let total = (user + system) / 1000;
  const pending = childrenOf(process.pid);
  while (pending.length) {
    const pid = pending.pop() as number;
    total += processCpuMs(pid);
    pending.push(...childrenOf(pid));
  }
  return total;
}
