import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

/**
 * The bench process's own pauses over a phase (event-loop delay at 1 ms resolution, and GC), read
 * the way bench/lib/child-probe.cjs reads a service's: an open loop's request that starts late
 * because the load generator stalled is measured from when it was due, so its stall is in the tail.
 */
export function recordOwnPauses() {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const gc = { count: 0, totalMs: 0, maxMs: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.count += 1;
      gc.totalMs += entry.duration;
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return () => {
    delay.disable();
    observer.disconnect();
    return {
      loopDelayP99Ms: delay.percentile(99) / 1e6,
      loopDelayMaxMs: delay.max / 1e6,
      gcCount: gc.count,
      gcTotalMs: gc.totalMs,
      gcMaxMs: gc.maxMs,
    };
  };
}
