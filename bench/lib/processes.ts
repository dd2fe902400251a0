// Finding and sampling the processes a benchmark measures, read from /proc (Linux). Processes
// may exit at any moment (a restarted Janus, a PostgreSQL backend that ended): every reader here
// counts one that is gone as nothing rather than failing the run.
import fs from 'node:fs';
import { sampleProc, type ProcSample } from '../signaling/server-process.ts';

/** Direct children of `pid` (every thread's), read from /proc; none once `pid` is gone. */
export function childrenOf(pid: number): number[] {
  const out: number[] = [];
  let tids: string[];
  try {
    tids = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const tid of tids) {
    try {
      const text = fs.readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim();
      if (text) out.push(...text.split(/\s+/).map(Number));
    } catch {
      // the thread ended meanwhile
    }
  }
  return out;
}

/** `root` and all its descendants alive now, each parent before its children. */
export function withDescendants(root: number): number[] {
  const all = [root];
  for (let i = 0; i < all.length; i++) all.push(...childrenOf(all[i]!));
  return all;
}

const NOTHING: ProcSample = { cpuSeconds: 0, rssMb: 0, peakRssMb: 0 };

/** CPU and memory of each process, zero for one that exited (a restarted Janus). */
export function sampleEach(pids: number[]): ProcSample[] {
  return pids.map((pid) => {
    try {
      return sampleProc(pid);
    } catch {
      return { ...NOTHING };
    }
  });
}

/** Summed over processes; a process that exited meanwhile counts as nothing. */
export function sampleAll(pids: number[]): ProcSample {
  const total = { ...NOTHING };
  for (const s of sampleEach(pids)) {
    total.cpuSeconds += s.cpuSeconds;
    total.rssMb += s.rssMb;
    total.peakRssMb += s.peakRssMb;
  }
  return total;
}
