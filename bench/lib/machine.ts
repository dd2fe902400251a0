// The machine a benchmark ran on, for its results file: load averages and what the machine is.
import os from 'node:os';

/** The 1, 5 and 15 minute load averages, rounded to hundredths. */
export const loadAverage = (): number[] => os.loadavg().map((l) => Math.round(l * 100) / 100);

/** Cores, memory and Node version, as the results files record them. */
export function machine(): { cores: number; memoryGb: number; node: string } {
  return {
    cores: os.cpus().length,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  };
}
