// CPU time and memory of a process tree, read from /proc (Linux).
import fs from 'node:fs';
import { withDescendants } from '../lib/processes.ts';

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ; 100 on Linux). */
const HZ = 100;

export interface Proc {
  pid: number;
  comm: string;
  cmdline: string;
  args: string[];
}

function read(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null; // gone meanwhile
  }
}

/** `root` and all its descendants alive now. */
export function processTree(root: number): Proc[] {
  const out: Proc[] = [];
  for (const pid of withDescendants(root)) {
    const raw = read(`/proc/${pid}/cmdline`);
    if (raw === null) continue;
    const args = raw.split('\0').filter(Boolean);
    out.push({
      pid,
      comm: read(`/proc/${pid}/comm`)?.trim() ?? '',
      cmdline: args.join(' '),
      args,
    });
  }
  return out;
}

/** utime + stime of one process in seconds, or null once it is gone. */
function cpuSeconds(pid: number): number | null {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return null;
  // Fields after the command (which may hold spaces) start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / HZ;
}

function memoryKb(pid: number): { rss: number; pss: number } {
  const rollup = read(`/proc/${pid}/smaps_rollup`) ?? '';
  const field = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(rollup)?.[1] ?? 0);
  return { rss: field('Rss'), pss: field('Pss') };
}

export interface TreeSample {
  /** CPU seconds of the tree per wall-clock second. */
  cores: number;
  /** Mean over the samples of the tree's summed RSS and PSS, MB. */
  rssMb: number;
  pssMb: number;
  /** CPU seconds per process name over the window. */
  processes: Record<string, number>;
}

/**
 * Samples the tree under `root` every second for `ms`: CPU time each process used in the window
 * (processes that start or end inside it count for the part they were seen), summed memory.
 */
export async function sampleTree(root: number, ms: number): Promise<TreeSample> {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const names = new Map<number, string>();
  let rss = 0;
  let pss = 0;
  let samples = 0;
  const take = () => {
    let r = 0;
    let p = 0;
    for (const proc of processTree(root)) {
      const cpu = cpuSeconds(proc.pid);
      if (cpu === null) continue;
      if (!first.has(proc.pid)) first.set(proc.pid, cpu);
      last.set(proc.pid, cpu);
      names.set(proc.pid, proc.comm);
      const m = memoryKb(proc.pid);
      r += m.rss;
      p += m.pss;
    }
    rss += r;
    pss += p;
    samples++;
  };
  const start = Date.now();
  take();
  while (Date.now() - start < ms) {
    await new Promise((r) => setTimeout(r, 1000));
    take();
  }
  const wall = (Date.now() - start) / 1000;
  let total = 0;
  const processes: Record<string, number> = {};
  for (const [pid, end] of last) {
    const used = end - first.get(pid)!;
    total += used;
    const name = names.get(pid) ?? String(pid);
    processes[name] = Math.round(((processes[name] ?? 0) + used) * 100) / 100;
  }
  return {
    cores: total / wall,
    rssMb: rss / samples / 1024,
    pssMb: pss / samples / 1024,
    processes,
  };
}
