/**
 * What the worker process holds, for figure 5: its resident memory (/proc), the live heap of each
 * V8 isolate in it (main thread: activities, the Temporal client side; the workflow thread: every
 * cached workflow), and the Temporal core's own view of its workflow cache (its Prometheus
 * exporter). Whatever the RSS holds beyond the isolates' heaps is native: the Temporal core (Rust),
 * buffers, the allocator's free lists.
 */
import { fixed } from './figures';
import type { MemoryReading, ProcessStack } from './process-stack';

const MiB = 1024 ** 2;

export type WorkerMemorySample = {
  /** Splits opened so far when the sample was taken. */
  open: number;
  rss: number;
  rssAnon: number;
  mainHeap: number;
  workflowHeap: number;
  /** Every isolate's heap as reserved (used or not), after the GC. */
  heapTotal: number;
  external: number;
  /** RSS minus every isolate's heap and external memory: the core, buffers, allocator slack. */
  native: number;
  /** Workflows in the core's sticky cache, and how many it has evicted to make room. */
  cached: number | null;
  evicted: number | null;
  cpuMs: number;
};

/** Sums every series of one metric in Prometheus text format (all label sets). */
function metricSum(text: string, name: string): number | null {
  let sum: number | null = null;
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const rest = line.slice(name.length);
    if (rest[0] !== ' ' && rest[0] !== '{') continue;
    const value = Number(line.slice(line.lastIndexOf(' ') + 1));
    if (Number.isFinite(value)) sum = (sum ?? 0) + value;
  }
  return sum;
}

async function cacheMetrics(stack: ProcessStack) {
  const text = await fetch(`http://127.0.0.1:${stack.config.WORKER_TEMPORAL_METRICS_PORT}/metrics`)
    .then((res) => res.text())
    .catch(() => '');
  return {
    cached: metricSum(text, 'temporal_sticky_cache_size'),
    evicted: metricSum(text, 'temporal_sticky_cache_total_forced_eviction'),
  };
}

function summariseReading(open: number, reading: MemoryReading, cache: Awaited<ReturnType<typeof cacheMetrics>>) {
  const isolates = [reading.main, ...reading.workerThreads];
  const heaps = isolates.reduce((sum, isolate) => sum + isolate.heapTotal + isolate.external, 0);
  return {
    open,
    rss: reading.rss,
    rssAnon: reading.rssAnon,
    mainHeap: reading.main.heapUsed,
    workflowHeap: reading.workerThreads.reduce((sum, isolate) => sum + isolate.heapUsed, 0),
    heapTotal: isolates.reduce((sum, isolate) => sum + isolate.heapTotal, 0),
    external: isolates.reduce((sum, isolate) => sum + isolate.external, 0),
    native: reading.rss - heaps,
    ...cache,
    cpuMs: reading.cpuMs,
  } satisfies WorkerMemorySample;
}

/** One sample of the worker, after a full GC in each isolate (so the heaps are what is live). */
export async function sampleWorkerMemory(stack: ProcessStack, open: number): Promise<WorkerMemorySample> {
  const [reading, cache] = await Promise.all([stack.memory('worker', { collect: true }), cacheMetrics(stack)]);
  return summariseReading(open, reading, cache);
}

const mib = (bytes: number) => fixed(bytes / MiB, 0);

export function describeSample(sample: WorkerMemorySample) {
  return (
    `${sample.open} open: RSS ${mib(sample.rss)} MiB (anon ${mib(sample.rssAnon)}), live heap main ${mib(sample.mainHeap)} + ` +
    `workflow thread ${mib(sample.workflowHeap)} (reserved ${mib(sample.heapTotal)}), external ${mib(sample.external)}, native ${mib(sample.native)} MiB; ` +
    `core cache ${sample.cached ?? '-'} (${sample.evicted ?? '-'} evicted)`
  );
}

/** Growth from `from` to `to`, per split opened in between, in KiB: RSS, each heap and native. */
export function describeGrowth(from: WorkerMemorySample, to: WorkerMemorySample) {
  const splits = to.open - from.open;
  const per = (key: 'rss' | 'mainHeap' | 'workflowHeap' | 'heapTotal' | 'native' | 'external') =>
    splits > 0 ? fixed((to[key] - from[key]) / splits / 1024, 0) : '-';
  return (
    `${from.open} → ${to.open} open: per split RSS ${per('rss')} KiB, main heap ${per('mainHeap')}, ` +
    `workflow heap ${per('workflowHeap')}, heaps reserved ${per('heapTotal')}, external ${per('external')}, native ${per('native')} KiB`
  );
}
