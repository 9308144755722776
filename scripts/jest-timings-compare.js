#!/usr/bin/env node
// Compares the per-file timings of Jest runs (test-artifacts/jest-timings.json, scripts/jest-timings-reporter.js):
// `node scripts/jest-timings-compare.js before.json[,before2.json] after.json[,after2.json]` prints, for every file
// in both, the median wall and CPU time before and after, and the totals. Several runs of a side, comma-separated,
// are reduced to their median per file: the shared machine's load makes one run's wall time noisy. The last
// columns are the CPU spent loading the file's modules before its first hook (`loadCpuMs`).
const { readFileSync } = require('node:fs');

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

function side(arg) {
  const byFile = new Map();
  for (const path of arg.split(',')) {
    for (const f of JSON.parse(readFileSync(path, 'utf8')).files) {
      if (f.failed) continue;
      const runs = byFile.get(f.file) ?? [];
      runs.push(f);
      byFile.set(f.file, runs);
    }
  }
  const out = new Map();
  for (const [file, runs] of byFile) {
    out.set(file, {
      wallMs: median(runs.map((r) => r.wallMs)),
      cpuMs: median(runs.map((r) => r.cpuMs)),
      loadCpuMs: median(runs.map((r) => r.loadCpuMs ?? 0)),
      runs: runs.length,
    });
  }
  return out;
}

const [beforeArg, afterArg] = process.argv.slice(2);
if (!beforeArg || !afterArg) {
  console.error('usage: node scripts/jest-timings-compare.js before.json[,more.json] after.json[,more.json]');
  process.exit(2);
}
const before = side(beforeArg);
const after = side(afterArg);
const s = (ms) => (ms / 1000).toFixed(1).padStart(6);
const pct = (a, b) => `${Math.round((100 * (b - a)) / a)}%`.padStart(5);
const total = { bw: 0, aw: 0, bc: 0, ac: 0, bl: 0, al: 0 };
console.log(`${'file'.padEnd(70)}  wall before → after        cpu before → after        load cpu before → after`);
for (const [file, b] of [...before].sort((x, y) => y[1].cpuMs - x[1].cpuMs)) {
  const a = after.get(file);
  if (!a) continue;
  total.bw += b.wallMs;
  total.aw += a.wallMs;
  total.bc += b.cpuMs;
  total.ac += a.cpuMs;
  total.bl += b.loadCpuMs;
  total.al += a.loadCpuMs;
  console.log(
    `${file.padEnd(70)} ${s(b.wallMs)} →${s(a.wallMs)} ${pct(b.wallMs, a.wallMs)}   ${s(b.cpuMs)} →${s(a.cpuMs)} ${pct(b.cpuMs, a.cpuMs)}   ${s(b.loadCpuMs)} →${s(a.loadCpuMs)} ${pct(b.loadCpuMs, a.loadCpuMs)}`,
  );
}
console.log(
  `${'total (files in both)'.padEnd(70)} ${s(total.bw)} →${s(total.aw)} ${pct(total.bw, total.aw)}   ${s(total.bc)} →${s(total.ac)} ${pct(total.bc, total.ac)}   ${s(total.bl)} →${s(total.al)} ${pct(total.bl, total.al)}`,
);
