/**
 * Where a service's CPU went during a bench's measured phase, from the V8 profiles that
 * `BENCH_CPU_PROF=<dir> npm run bench -- <name>` leaves (one folder per service, one file per thread).
 *
 *   node --import tsx bench/profile-summary.ts <dir> [window label] [--top N]
 *
 * For each service's busiest thread, only samples inside the window the bench marked
 * (bench/lib/profile-window.ts) count. It prints the sampled CPU time three ways:
 * - by where the running function lives: a package in node_modules, Node itself, our own files, or V8's
 *   garbage collector; and again with Node's own time (sockets, streams, timers) charged to whoever called it;
 * - by the nearest of our own functions on the stack, so a library's time is charged to the product
 *   code that asked for it;
 * - the functions with the most self time.
 * Idle samples are left out, so the shares are of the time the thread was busy.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number };
type Window = { label: string; fromUs: number; toUs: number };

const ROOT = path.resolve(__dirname, '..');
// Not bench/: its probe wraps every SQL query, and the time is the query's caller's.
const OWN_FOLDERS = ['activities', 'packages', 'services', 'shared', 'workflows'];

/** Where a frame's code lives: an npm package, Node, one of our workspaces, or V8 itself. */
function placeOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const parts = url.slice(modules + '/node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const own = ownFile(url);
  return own
    ? own
        .split('/')
        .slice(0, own.startsWith('services/') ? 2 : 1)
        .join('/')
    : url.slice(0, 60);
}

/** Our own file, relative to the repository, or null for anything else. */
function ownFile(url: string): string | null {
  if (url.includes('/node_modules/')) return null;
  const file = url.replace(/^file:\/\//, '');
  if (!file.startsWith(`${ROOT}/`)) {
    // The worker's workflow bundle is one file; its functions are ours but its paths are webpack's.
    return /workflow-bundle|webpack/.test(url) ? 'workflows (bundle)' : null;
  }
  const relative = file.slice(ROOT.length + 1);
  return OWN_FOLDERS.some((folder) => relative.startsWith(`${folder}/`)) ? relative : null;
}

function addTo(map: Map<string, number>, key: string, us: number) {
  map.set(key, (map.get(key) ?? 0) + us);
}

function top(map: Map<string, number>, busyUs: number, count: number) {
  return [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(
      ([key, us]) =>
        `  ${((us / busyUs) * 100).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(6)} ms  ${key}`,
    );
}

function summarise(file: string, window: Window | undefined, count: number) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

  const byPlace = new Map<string, number>();
  const byOwnCaller = new Map<string, number>();
  const bySelf = new Map<string, number>();
  const byAsker = new Map<string, number>();
  let busyUs = 0;
  let idleUs = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    const us = profile.timeDeltas[i + 1] ?? 0;
    if (window && (at < window.fromUs || at > window.toUs)) return;
    const node = byId.get(id)!;
    if (node.callFrame.functionName === '(idle)') {
      idleUs += us;
      return;
    }
    busyUs += us;
    addTo(byPlace, placeOf(node.callFrame), us);
    const { functionName, url, lineNumber } = node.callFrame;
    addTo(
      bySelf,
      `${functionName || '(anonymous)'} ${placeOf(node.callFrame)}${url && !ownFile(url) ? `:${lineNumber + 1}` : ''}`,
      us,
    );
    // Node's and V8's own time charged to the package or our code that called into them (a socket write of pg's).
    let asker: ProfileNode | undefined = node;
    while (asker && ['node', '(native)'].includes(placeOf(asker.callFrame)))
      asker = byId.get(parent.get(asker.id) ?? -1);
    addTo(byAsker, asker ? placeOf(asker.callFrame) : placeOf(node.callFrame), us);
    // Charge the sample to the nearest of our own functions on its stack.
    let caller: ProfileNode | undefined = node;
    while (caller && !ownFile(caller.callFrame.url)) caller = byId.get(parent.get(caller.id) ?? -1);
    addTo(
      byOwnCaller,
      caller
        ? `${caller.callFrame.functionName || '(anonymous)'} ${ownFile(caller.callFrame.url)}`
        : `(no own frame) ${placeOf(node.callFrame)}`,
      us,
    );
  });
  return { busyUs, idleUs, byPlace, byAsker, byOwnCaller, bySelf, count };
}

function main() {
  const [dir, label, ...rest] = process.argv.slice(2);
  if (!dir) {
    console.error('usage: node --import tsx bench/profile-summary.ts <BENCH_CPU_PROF dir> [window label] [--top N]');
    process.exit(2);
  }
  const topAt = rest.indexOf('--top');
  const count = topAt >= 0 ? Number(rest[topAt + 1]) : 15;
  let windows: Window[] = [];
  try {
    windows = readFileSync(path.join(dir, 'windows.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Window);
  } catch {
    console.log('no windows.jsonl: the whole profiles are read, start-up included');
  }
  const window = label ? windows.find((w) => w.label === label) : windows.at(-1);
  if (label && !window)
    throw new Error(`no window "${label}" in ${dir}/windows.jsonl (${windows.map((w) => w.label)})`);
  if (window) console.log(`window "${window.label}": ${((window.toUs - window.fromUs) / 1e6).toFixed(1)} s`);

  for (const service of readdirSync(dir).filter((name) => statSync(path.join(dir, name)).isDirectory())) {
    const files = readdirSync(path.join(dir, service)).filter((name) => name.endsWith('.cpuprofile'));
    const threads = files
      .map((name) => ({ name, ...summarise(path.join(dir, service, name), window, count) }))
      .sort((a, b) => b.busyUs - a.busyUs);
    for (const thread of threads.filter((t) => t.busyUs > 0.05 * (threads[0]?.busyUs ?? 0))) {
      const seconds = (thread.busyUs + thread.idleUs) / 1e6;
      console.log(
        `\n## ${service} (${thread.name}): ${(thread.busyUs / 1000).toFixed(0)} ms busy of ${seconds.toFixed(1)} s sampled`,
      );
      console.log(' by where the code lives:');
      console.log(top(thread.byPlace, thread.busyUs, count).join('\n'));
      console.log(" by where the code lives, Node's own time charged to its caller:");
      console.log(top(thread.byAsker, thread.busyUs, count).join('\n'));
      console.log(' by the nearest of our own functions on the stack:');
      console.log(top(thread.byOwnCaller, thread.busyUs, count).join('\n'));
      console.log(' by self time:');
      console.log(top(thread.bySelf, thread.busyUs, count).join('\n'));
    }
  }
}

main();
