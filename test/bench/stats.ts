import { join } from 'node:path';

/** Small helpers the benchmarks share. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const median = (values: number[]) => percentile(values, 50);

export function elapsedMs(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e6;
}

export const fmt = (n: number, digits = 1) => n.toLocaleString('en-US', { maximumFractionDigits: digits });

/**
 * With BENCH_CPU_PROF=<folder>, the environment for a process the bench starts that makes it write
 * the CPU profile of its main thread there when it is stopped (see cpu-profile.ts).
 */
export function profiled(env: Record<string, string>): Record<string, string> {
  if (!process.env.BENCH_CPU_PROF) return env;
  // Added to the options the process would have had (the bench's own, or env's).
  const options = env.NODE_OPTIONS ?? process.env.NODE_OPTIONS;
  const preload = `--require @swc-node/register --require ${join(__dirname, 'cpu-profile.ts')}`;
  return { ...env, NODE_OPTIONS: options ? `${options} ${preload}` : preload };
}
