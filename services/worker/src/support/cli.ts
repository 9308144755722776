import { createDb, loadConfig } from '@groupsplit/shared';
import { runSupportCommand } from './dispatch';

/** Operator commands against the configured database: `npm run support -- <command> …`. */
async function main(): Promise<number> {
  const config = loadConfig();
  const db = createDb(config.DATABASE_URL, 1);
  try {
    return await runSupportCommand(process.argv.slice(2), { db, config }, { out: console.log, err: console.error });
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(`support command failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
