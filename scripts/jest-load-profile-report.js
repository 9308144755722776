#!/usr/bin/env node
// Prints the module-loading profile of a run made with JEST_LOAD_PROFILE=1 (scripts/jest-load-profile.js):
// `node scripts/jest-load-profile-report.js [test-artifacts/jest-timings.json] [part of a file name] [--whole]`.
// For each file: modules and CPU before its first hook (or over the whole file with --whole), then its
// packages by CPU: modules, self CPU, and CPU from the first require into the package to its return
// (with the file that made it), which is what loading the package lazily would take off.
const { readFileSync } = require('node:fs');

const args = process.argv.slice(2);
const whole = args.includes('--whole');
const [path = 'test-artifacts/jest-timings.json', filter = ''] = args.filter((a) => a !== '--whole');
const { files } = JSON.parse(readFileSync(path, 'utf8'));
const ms = (n) => String(Math.round(n)).padStart(6);

for (const file of files) {
  if (!file.file.includes(filter)) continue;
  const profile = file.loadProfile?.[whole ? 'wholeFile' : 'load'];
  if (!profile) continue;
  console.log(
    `\n${file.file}: ${profile.modules} modules, ${profile.selfCpuMs} ms CPU in them` +
      `${whole ? ' (whole file)' : `; load CPU ${file.loadCpuMs} ms`}`,
  );
  console.log(`  ${'package'.padEnd(36)} modules  self ms  entry ms  first required from`);
  for (const p of profile.packages) {
    console.log(
      `  ${p.pkg.padEnd(36)} ${String(p.modules).padStart(7)} ${ms(p.selfCpuMs)}   ${ms(p.entryCpuMs)}    ${p.entryFrom ?? ''}`,
    );
  }
}
