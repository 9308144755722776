import { resolve } from 'node:path';
import { loadConfig } from '@groupsplit/config';
import { MIGRATIONS_DIR, runMigrations } from './migrate';

/**
 * `tsx packages/db/src/migrate-cli.ts [dir ...]`: the production migrations, then each further
 * set named on the command line (`npm start` and the tests add the processor emulator's).
 */
async function main() {
  const url = loadConfig().DATABASE_URL;
  const applied: string[] = [];
  for (const dir of [MIGRATIONS_DIR, ...process.argv.slice(2).map((arg) => resolve(arg))]) {
    applied.push(...(await runMigrations(url, dir)));
  }
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date');
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
