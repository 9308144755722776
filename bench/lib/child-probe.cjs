// Preloaded (`node --require`) into every service process a bench starts. It counts the SQL
// statements the process's pg clients send and answers the bench's `probe` message with them, its
// CPU time and its memory, so a bench can say what a request costs per service without
// instrumenting the services themselves.
const pg = require('pg');

let statements = 0;
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(...args) {
  statements += 1;
  return original.apply(this, args);
};

process.on('message', (message) => {
  if (message !== 'bench:probe') return;
  const cpu = process.cpuUsage();
  const memory = process.memoryUsage();
  process.send?.({
    kind: 'bench:probe',
    statements,
    cpuMs: (cpu.user + cpu.system) / 1000,
    rssBytes: memory.rss,
    heapUsedBytes: memory.heapUsed,
  });
});
// The IPC channel must not keep a service alive once it has stopped.
process.channel?.unref();
