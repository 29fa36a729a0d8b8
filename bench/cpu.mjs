// How busy the machine was *apart from the bench*: CPU time of all processes (/proc/stat) minus the
// CPU time of this process tree (node, esbuild, Chromium and the children they reaped), in cores.
// Linux only; elsewhere it reports null. The load average is no good for this: the bench's own
// Chromium threads push it above the core count on a 2-core machine.
import { readdirSync, readFileSync } from 'node:fs';

function machineTicks() {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, idle, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
  return {
    busy: user + nice + system + irq + softirq + steal,
    total: user + nice + system + idle + iowait + irq + softirq + steal,
  };
}

function treeTicks(root) {
  const procs = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const text = readFileSync(`/proc/${name}/stat`, 'utf8');
      const rest = text.slice(text.lastIndexOf(')') + 2).split(' '); // after "pid (comm) "
      // rest[0] = state, rest[1] = ppid, rest[11..14] = utime stime cutime cstime
      procs.set(Number(name), {
        ppid: Number(rest[1]),
        ticks: Number(rest[11]) + Number(rest[12]) + Number(rest[13]) + Number(rest[14]),
      });
    } catch {
      // the process exited while we looked
    }
  }
  const children = new Map();
  for (const [pid, { ppid }] of procs) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  let ticks = 0;
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop();
    ticks += procs.get(pid)?.ticks ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return ticks;
}

/** Starts a meter; `read()` gives the average number of cores used by others and by the bench since. */
export function cpuMeter(root = process.pid) {
  let start;
  try {
    start = { machine: machineTicks(), mine: treeTicks(root) };
  } catch {
    return { read: () => null };
  }
  return {
    read() {
      try {
        const machine = machineTicks();
        const mine = treeTicks(root);
        const cores =
          readFileSync('/proc/stat', 'utf8')
            .split('\n')
            .filter((line) => /^cpu\d/.test(line)).length || 1;
        const wall = (machine.total - start.machine.total) / cores; // ticks of wall time
        if (wall <= 0) return null;
        const busy = machine.busy - start.machine.busy;
        const bench = Math.max(0, mine - start.mine);
        return { othersCores: Math.max(0, (busy - bench) / wall), benchCores: bench / wall, cores };
      } catch {
        return null;
      }
    },
  };
}
