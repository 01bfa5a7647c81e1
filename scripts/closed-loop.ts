import { performance } from 'node:perf_hooks';
import { processCpuMs } from './process-cpu.ts';

export interface ClosedLoopResult {
  perSecond: number;
  p50: number;
  p99: number;
  /** CPU milliseconds of the measured processes per call. */
  cpuPerCall: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * The benchmarks' closed loop: `warmUp` calls unmeasured, then `count` calls of `call(i)`, with
 * `inFlight` at a time; the rate, the latencies, and the CPU the processes `pids` spent per call.
 */
export async function closedLoop(options: {
  count: number;
  warmUp: number;
  inFlight: number;
  pids: () => number[];
  call: (i: number) => Promise<unknown>;
}): Promise<ClosedLoopResult> {
  const { count, warmUp, inFlight, pids, call } = options;
  let next = -warmUp;
  const worker = async (measured: boolean, latencies: number[]) => {
    for (;;) {
      const i = next++;
      if (measured ? i >= count : i >= 0) return;
      const start = performance.now();
      await call(i);
      if (measured) latencies.push(performance.now() - start);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, () => worker(false, [])));
  const latencies: number[] = [];
  const cpuBefore = processCpuMs(pids());
  const start = performance.now();
  await Promise.all(Array.from({ length: inFlight }, () => worker(true, latencies)));
  const elapsed = performance.now() - start;
  const cpu = processCpuMs(pids()) - cpuBefore;
  latencies.sort((a, b) => a - b);
  return { perSecond: Math.round((count / elapsed) * 1000), p50: percentile(latencies, 50), p99: percentile(latencies, 99), cpuPerCall: cpu / count };
}
