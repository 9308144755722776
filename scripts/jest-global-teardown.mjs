import { dropDatabase } from './lib/postgres.mjs';
import { stopAll } from './lib/procs.mjs';

export default async function globalTeardown() {
  await stopAll(5000);
  // Keep the database when asked, for looking at what a failing run left behind.
  if (process.env.TEST_PG_SERVER_URL && !process.env.KEEP_TEST_DATABASE) {
    await dropDatabase(process.env.TEST_PG_SERVER_URL, process.env.TEST_DATABASE_NAME).catch(() => undefined);
  }
}
