import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * scripts/embedded-postgres.mjs starts Temporal's own instance for `npm run cluster` with the
 * max_connections its processes' pools need (temporalPostgresMaxConnections); Postgres's default of 100
 * was too few. Here a real instance is started with the flag and asked.
 */
const ROOT = join(__dirname, '..', '..');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('the embedded Postgres script', () => {
  it('starts the server with the max_connections it is given', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'embedded-pg-'));
    // Run as root, the package runs initdb as a user of its own, which must reach the folder.
    chmodSync(dataDir, 0o755);
    const port = await freePort();
    const server = spawn(
      process.execPath,
      [join(ROOT, 'scripts/embedded-postgres.mjs'), join(dataDir, 'data'), String(port), '--max-connections=240'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        server.stdout!.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('embedded postgres ready')) resolve();
        });
        server.once('exit', (code) => reject(new Error(`embedded postgres exited with ${code}`)));
      });
      const client = new pg.Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${port}/postgres` });
      await client.connect();
      try {
        const { rows } = await client.query<{ max_connections: string }>('SHOW max_connections');
        expect(rows[0]!.max_connections).toBe('240');
      } finally {
        await client.end();
      }
    } finally {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
