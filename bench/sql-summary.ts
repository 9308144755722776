/**
 * Which SQL statements each service ran during a bench's measured phase, and how many per operation:
 *
 *   BENCH_SQL_LOG=/tmp/sql BENCH_CPU_PROF=/tmp/prof npm run bench -- authorise
 *   node --import tsx bench/sql-summary.ts /tmp/sql /tmp/prof/windows.jsonl authorise 200
 *
 * (the last argument is how many operations the window holds, the bench's count). The windows come from
 * bench/lib/profile-window.ts, which writes them when BENCH_CPU_PROF is set.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const [dir, windowsFile, label, operations = '1'] = process.argv.slice(2);
if (!dir || !windowsFile || !label) {
  console.error(
    'usage: node --import tsx bench/sql-summary.ts <BENCH_SQL_LOG dir> <windows.jsonl> <label> [operations]',
  );
  process.exit(2);
}
const window = readFileSync(windowsFile, 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as { label: string; fromUs: number; toUs: number })
  .find((w) => w.label === label);
if (!window) throw new Error(`no window ${label} in ${windowsFile}`);

for (const file of readdirSync(dir).filter((name) => name.endsWith('.tsv'))) {
  const counts = new Map<string, number>();
  let total = 0;
  for (const line of readFileSync(path.join(dir, file), 'utf8').split('\n')) {
    const tab = line.indexOf('\t');
    const at = Number(line.slice(0, tab));
    if (!(at >= window.fromUs && at <= window.toUs)) continue;
    // Literal values differ per call; the statement is its text with them blanked.
    const statement = line
      .slice(tab + 1)
      .replace(/'[^']*'/g, "'…'")
      .replace(/\b\d+\b/g, 'N');
    counts.set(statement, (counts.get(statement) ?? 0) + 1);
    total += 1;
  }
  if (total === 0) continue;
  console.log(`\n## ${file}: ${total} statements, ${(total / Number(operations)).toFixed(1)} per operation`);
  for (const [statement, n] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    console.log(`${(n / Number(operations)).toFixed(2).padStart(6)}  ${statement.slice(0, 220)}`);
  }
}
