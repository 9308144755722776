// The CPU time Chromium uses while a command runs (a Jest run of browser files, above all):
//   node scripts/chromium-cpu.mjs -- env JEST_MAX_WORKERS=1 npx jest dashboard/src/orders.browser.test.ts
// Every 200 ms it reads /proc for the command's descendants and keeps, per Chromium process (browser,
// GPU, renderers, utilities), the last user + system time seen; at the end it prints their sum by
// process type, and the whole tree's CPU as the kernel counted it (every reaped descendant). A process
// that exits between two samples loses at most its last 200 ms. Only this command's processes count,
// so other runs on the machine do not; Linux only.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const command = args[0] === '--' ? args.slice(1) : args;
if (command.length === 0) {
  console.error('usage: node scripts/chromium-cpu.mjs -- <command> [args…]');
  process.exit(2);
}
const TICK = 100; // USER_HZ on Linux: clock ticks per second

/** pid → { ppid, comm, ticks (own user + system), type } for every process now. */
function snapshot() {
  const procs = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const fields = stat.slice(close + 2).split(' ');
      procs.set(Number(name), { ppid: Number(fields[1]), comm, ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // gone between readdir and read
    }
  }
  return procs;
}

const child = spawn(command[0], command.slice(1), { stdio: 'inherit' });
const seen = new Map(); // chromium pid → { ticks, type }

function sample() {
  const procs = snapshot();
  const children = new Map();
  for (const [pid, p] of procs) {
    if (!children.has(p.ppid)) children.set(p.ppid, []);
    children.get(p.ppid).push(pid);
  }
  const stack = [child.pid];
  while (stack.length > 0) {
    const pid = stack.pop();
    for (const kid of children.get(pid) ?? []) {
      stack.push(kid);
      const p = procs.get(kid);
      if (!p.comm.startsWith('chromium')) continue;
      let type = seen.get(kid)?.type;
      if (!type) {
        try {
          const cmdline = readFileSync(`/proc/${kid}/cmdline`, 'utf8');
          type = /--type=([a-z-]+)/.exec(cmdline)?.[1] ?? 'browser';
          if (type === 'utility') type = `utility ${/--utility-sub-type=([\w.]+)/.exec(cmdline)?.[1] ?? ''}`.trim();
        } catch {
          type = 'unknown';
        }
      }
      seen.set(kid, { ticks: p.ticks, type });
    }
  }
}

const timer = setInterval(sample, 200);
const started = Date.now();
child.on('exit', (code, signal) => {
  clearInterval(timer);
  const byType = new Map();
  let total = 0;
  for (const { ticks, type } of seen.values()) {
    byType.set(type, (byType.get(type) ?? 0) + ticks);
    total += ticks;
  }
  const own = readFileSync('/proc/self/stat', 'utf8');
  const fields = own.slice(own.lastIndexOf(')') + 2).split(' ');
  // cutime + cstime: every reaped descendant (the command and, through it, Jest's workers and Chromium)
  const treeCpu = (Number(fields[13]) + Number(fields[14])) / TICK;
  const lines = [...byType].sort((a, b) => b[1] - a[1]).map(([type, t]) => `  ${type}: ${(t / TICK).toFixed(2)} s`);
  console.error(
    `[chromium-cpu] ${seen.size} chromium processes, ${(total / TICK).toFixed(2)} s CPU in ${((Date.now() - started) / 1000).toFixed(1)} s wall\n` +
      `${lines.join('\n')}\n[chromium-cpu] the command's whole process tree: ${treeCpu.toFixed(2)} s`,
  );
  process.exit(code ?? (signal ? 1 : 0));
});
