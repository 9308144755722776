import net from 'node:net';
import { sql } from 'kysely';
import type { Db } from '../index';

/**
 * A TCP proxy between the pool and Postgres that can end a connection it carries with a reset (RST),
 * as a backend's socket does when it closes with the client's bytes unread, or as a load balancer or
 * a failover does. Each rule names the moment the client's connection is reset instead of carried on.
 */
export interface ResetRules {
  /** The server closed its side: the client sees a reset, not a close, once what the server sent has reached it. */
  serverClose?: boolean;
  /** The client sends a chunk containing this text: it is not forwarded, and the client's connection is reset. */
  clientSends?: string;
  /** The client sent a chunk containing this text: it is forwarded, and the server's answer, once the
   *  server reports itself idle again (the statement done and committed), is replaced by a reset. */
  answerTo?: string;
  /** With `answerTo`: only the first connection to send the text is reset; later ones are carried on. */
  answerToOnce?: boolean;
  /** The first connection to send a chunk containing this text: the server's answer, once it reports itself
   *  idle, is followed in the same write by a FATAL 57P01 and a close, as `pg_terminate_backend` does to an
   *  idle backend. Once per proxy, so a new connection then works. */
  terminateIdleOnceAfter?: string;
}

/** ReadyForQuery, idle: 'Z', length 5, 'I'. */
const READY_IDLE = Buffer.from([0x5a, 0, 0, 0, 5, 0x49]);

/** The ErrorResponse Postgres sends a backend it terminates: FATAL, 57P01. */
function terminatingMessage(): Buffer {
  const fields = Buffer.concat([
    ...[
      ['S', 'FATAL'],
      ['V', 'FATAL'],
      ['C', '57P01'],
      ['M', 'terminating connection due to administrator command'],
    ].map(([type, value]) => Buffer.from(`${type}${value}\0`)),
    Buffer.from([0]),
  ]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(fields.length + 4);
  return Buffer.concat([Buffer.from('E'), length, fields]);
}

export async function startResetProxy(databaseUrl: string, rules: ResetRules) {
  const target = new URL(databaseUrl);
  const sockets = new Set<net.Socket>();
  let terminatedIdle = false;
  let answeredOnce = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    let written: Promise<void> = Promise.resolve();
    let answerArmed = false;
    let idleTerminateArmed = false;
    const reset = () => {
      upstream.destroy();
      if (!client.destroyed) client.resetAndDestroy();
    };
    client.on('data', (chunk: Buffer) => {
      if (rules.clientSends && chunk.includes(rules.clientSends)) return reset();
      if (rules.answerTo && chunk.includes(rules.answerTo) && !(rules.answerToOnce && answeredOnce)) {
        answerArmed = true;
        answeredOnce = true;
      }
      const idleAfter = rules.terminateIdleOnceAfter;
      if (idleAfter && !terminatedIdle && chunk.includes(idleAfter)) idleTerminateArmed = terminatedIdle = true;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      const idle = chunk.subarray(-6).equals(READY_IDLE);
      if (idleTerminateArmed && idle) {
        // In one write, so the client has finished the statement, and runs none, when the FATAL comes.
        upstream.destroy();
        return void client.end(Buffer.concat([chunk, terminatingMessage()]));
      }
      if (answerArmed && idle) return reset();
      written = new Promise((resolve) => client.write(chunk, () => resolve()));
    });
    const serverClosed = () => {
      if (!rules.serverClose) return client.destroy();
      void written.then(reset);
    };
    upstream.on('end', serverClosed);
    upstream.on('error', serverClosed);
    client.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Terminates the backend running the statement tagged `marker` (through `admin`), once it is seen running. */
export async function terminateWhenRunning(admin: Db, marker: string) {
  for (;;) {
    const { rows } = await sql<{ terminated: boolean }>`
      SELECT pg_terminate_backend(pid) AS terminated FROM pg_stat_activity
      WHERE query LIKE ${`%${marker}%`} AND query NOT LIKE '%pg_stat_activity%' AND state = 'active'`.execute(admin);
    if (rows.some((row) => row.terminated)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
