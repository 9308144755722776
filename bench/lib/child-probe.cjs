// Preloaded (`node --require`) into every service process a bench starts. It counts the SQL
// statements the process's pg clients send and answers the bench's `probe` message with them, its
// CPU time and its memory, so a bench can say what a request costs per service without
// instrumenting the services themselves.
//
// `--require` also runs in every worker thread (the Temporal worker runs its workflows in one), and
// each thread is its own V8 isolate whose heap the main thread's process.memoryUsage() does not
// include. So in a worker thread this file only answers memory questions over a BroadcastChannel,
// and the main thread's `bench:memory` answer lists every thread's heap beside the process's RSS.
const { BroadcastChannel, isMainThread, threadId } = require('node:worker_threads');

const MEMORY_CHANNEL = 'bench:probe:memory';

/** This isolate's heap after a full collection when asked for (`node --expose-gc`), else as it is. */
function isolateMemory(collect) {
  if (collect && typeof globalThis.gc === 'function') globalThis.gc();
  const { heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
  return { threadId, heapTotal, heapUsed, external, arrayBuffers };
}

/** Resident memory split by kind, from /proc (kB → bytes). */
function residentMemory() {
  const status = require('node:fs').readFileSync('/proc/self/status', 'utf8');
  const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN) * 1024;
  return {
    rss: kb('VmRSS'),
    rssAnon: kb('RssAnon'),
    rssFile: kb('RssFile'),
    threads: Number(/Threads:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN),
  };
}

/** Every isolate's heap (threads answer within `waitMs`), with the process's resident memory. */
function memoryReport(collect, waitMs = 3_000) {
  const channel = new BroadcastChannel(MEMORY_CHANNEL);
  const id = `${process.pid}-${Date.now()}-${Math.random()}`;
  const threads = [];
  return new Promise((resolve) => {
    channel.onmessage = ({ data }) => {
      if (data?.kind === 'answer' && data.id === id) threads.push(data);
    };
    channel.postMessage({ kind: 'ask', id, collect });
    const main = isolateMemory(collect);
    setTimeout(() => {
      channel.close();
      resolve({ kind: 'bench:memory', ...residentMemory(), main, workerThreads: threads });
    }, waitMs);
  });
}

/** A worker thread only answers memory questions (it sends no SQL of its own here). */
function answerMemoryQuestions() {
  const channel = new BroadcastChannel(MEMORY_CHANNEL);
  channel.onmessage = ({ data }) => {
    if (data?.kind === 'ask') channel.postMessage({ kind: 'answer', id: data.id, ...isolateMemory(data.collect) });
  };
  channel.unref();
}

let statements = 0;

/**
 * Pauses since the previous probe: the event loop's delay (how late a timer ran, 1 ms resolution)
 * and garbage collections, so a bench can tell a slow tail from a blocked loop or a GC.
 */
function pauseRecorder() {
  const { monitorEventLoopDelay, PerformanceObserver } = require('node:perf_hooks');
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  let gc = { count: 0, totalMs: 0, maxMs: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.count += 1;
      gc.totalMs += entry.duration;
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  return () => {
    const reading = {
      loopDelayP99Ms: delay.percentile(99) / 1e6,
      loopDelayMaxMs: delay.max / 1e6,
      gcCount: gc.count,
      gcTotalMs: gc.totalMs,
      gcMaxMs: gc.maxMs,
    };
    delay.reset();
    gc = { count: 0, totalMs: 0, maxMs: 0 };
    return reading;
  };
}

/** The main thread: counts the pg clients' statements and answers the bench over IPC. */
function probeMainThread() {
  const pg = require('pg');
  const original = pg.Client.prototype.query;
  // BENCH_SQL_LOG=<dir>: every statement's text, stamped with the profiles' clock, for bench/sql-summary.ts.
  const sqlLog = process.env.BENCH_SQL_LOG
    ? require('node:path').join(
        process.env.BENCH_SQL_LOG,
        `${process.env.BENCH_SERVICE_NAME ?? 'service'}-${process.pid}.tsv`,
      )
    : null;
  if (sqlLog) require('node:fs').mkdirSync(process.env.BENCH_SQL_LOG, { recursive: true });
  pg.Client.prototype.query = function countedQuery(...args) {
    statements += 1;
    if (sqlLog) {
      const text = typeof args[0] === 'string' ? args[0] : (args[0]?.text ?? '');
      const line = `${process.hrtime.bigint() / 1000n}\t${text.replace(/\s+/g, ' ').slice(0, 300)}\n`;
      require('node:fs').appendFileSync(sqlLog, line);
    }
    return original.apply(this, args);
  };

  const pausesSinceLastProbe = pauseRecorder();
  process.on('message', (message) => {
    if (message === 'bench:probe') {
      const cpu = process.cpuUsage();
      const memory = process.memoryUsage();
      process.send?.({
        kind: 'bench:probe',
        statements,
        cpuMs: (cpu.user + cpu.system) / 1000,
        rssBytes: memory.rss,
        heapUsedBytes: memory.heapUsed,
        pauses: pausesSinceLastProbe(),
      });
    } else if (message?.kind === 'bench:memory') {
      memoryReport(Boolean(message.collect)).then((report) => {
        const cpu = process.cpuUsage();
        process.send?.({ ...report, cpuMs: (cpu.user + cpu.system) / 1000 });
      });
    }
  });
  // The IPC channel must not keep a service alive once it has stopped.
  process.channel?.unref();
}

if (isMainThread) probeMainThread();
else answerMemoryQuestions();
