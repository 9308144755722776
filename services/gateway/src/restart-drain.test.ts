import { connect, type Socket } from 'node:net';
import {
  type CheckoutProcess,
  freePort,
  killCheckoutProcess,
  refused,
  type Stack,
  startCheckoutProcess,
  startStack,
  waitUntil,
} from '@groupsplit/testing';
import { sql } from 'kysely';

/** Reads one HTTP answer (headers and a Content-Length body) from a raw connection. */
function readAnswer(socket: Socket): Promise<{ head: string; body: string }> {
  return new Promise((resolve, reject) => {
    let received = '';
    const onData = (chunk: Buffer) => {
      received += chunk.toString();
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = received.slice(0, end);
      const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
      if (received.length < end + 4 + length) return;
      done();
      resolve({ head, body: received.slice(end + 4, end + 4 + length) });
    };
    const onEnd = () => {
      done();
      reject(new Error(`the service closed the connection without answering (read: ${JSON.stringify(received)})`));
    };
    const onError = (error: Error) => {
      done();
      reject(error);
    };
    const done = () => {
      socket.off('data', onData);
      socket.off('end', onEnd);
      socket.off('error', onError);
    };
    socket.on('data', onData);
    socket.once('end', onEnd);
    socket.once('error', onError);
    // Closed by the service before this read began.
    if (socket.readableEnded || socket.destroyed) onEnd();
  });
}

const HEALTH_REQUEST = 'GET /healthz HTTP/1.1\r\nHost: checkout\r\nConnection: keep-alive\r\n\r\n';

/**
 * A restart drains (docs/deploy.md, "Restarts drain"): checkout, a real process behind the gateway,
 * gets SIGTERM while a request is in flight and while a kept-alive connection is idle. Nothing is
 * reset under a caller: the request in flight is answered through the gateway, the idle connection
 * still takes a request (answered with `Connection: close`), and once the process has let go of
 * every connection the gateway finds the port refused and answers 503 with `Retry-After`, never 502.
 */
describe('a service restarted with SIGTERM drains', () => {
  let stack: Stack;
  let checkoutPort: number;
  let checkout: CheckoutProcess;
  /** Ends the test's lock (also when the test fails before it does). */
  let release = () => {};

  beforeAll(async () => {
    checkoutPort = await freePort();
    stack = await startStack({ CHECKOUT_URL: `http://127.0.0.1:${checkoutPort}` }, { worker: false });
    checkout = await startCheckoutProcess(stack, checkoutPort, {
      // The idle connection below stays idle while the test holds a request in checkout and restarts it,
      // which takes longer than the 5 s keep-alive on a loaded machine: only the drain may close it here.
      SERVICE_KEEP_ALIVE_MS: '300000',
    });
  }, 150_000);

  afterAll(async () => {
    release();
    killCheckoutProcess(checkout);
    await stack?.stop();
  });

  it('answers the request in flight and the idle connection, then refuses: 503 with Retry-After, never 502', async () => {
    const authorise = (token: string) =>
      fetch(`${stack.urls.gateway}/api/checkout-splits/pay/${token}/authorise`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ payment_method: 'pm_card_visa' }),
      });
    // The gateway's connection to checkout is kept alive from this one.
    expect((await authorise('tok_warm')).status).toBe(404);

    // A kept-alive connection straight to checkout, idle once answered (as the gateway's are between calls).
    const idle = connect(checkoutPort, '127.0.0.1');
    await new Promise<void>((resolve) => idle.once('connect', () => resolve()));
    idle.write(HEALTH_REQUEST);
    expect((await readAnswer(idle)).head).toMatch(/connection: keep-alive/i);

    // A POST held in checkout: its read of the shares waits on a lock this test holds.
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const lockTaken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holding = stack.db.transaction().execute(async (trx) => {
      await sql`LOCK TABLE split_participants IN ACCESS EXCLUSIVE MODE`.execute(trx);
      locked();
      await released;
    });
    await lockTaken;
    const inFlight = authorise('tok_in_flight');
    await waitUntil(
      'the POST waiting on the lock in checkout',
      async () => {
        const { rows } = await sql<{ waiting: number }>`
          SELECT count(*)::int AS waiting FROM pg_stat_activity
          WHERE wait_event_type = 'Lock' AND query ILIKE '%split_participants%'`.execute(stack.db);
        return rows[0]?.waiting ?? 0;
      },
      (waiting) => waiting > 0,
    );

    checkout.process.kill('SIGTERM');
    await waitUntil('checkout to stop listening', () => refused(checkoutPort), Boolean);

    // The idle connection was not closed under its client: a request written into it now is answered,
    // and the answer says the connection closes after it.
    idle.write(HEALTH_REQUEST);
    const late = await readAnswer(idle);
    expect(late.head).toMatch(/^HTTP\/1\.1 200/);
    expect(late.head).toMatch(/connection: close/i);
    await new Promise<void>((resolve) => (idle.closed ? resolve() : idle.once('close', () => resolve())));

    // The request in flight is answered by checkout (its token is unknown: 404), not cut.
    release();
    await holding;
    const answer = await inFlight;
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ code: 'not_found' });

    // Every connection let go of, the process ends by itself, well inside the drain bound.
    expect(await checkout.exited).toBe(0);
    expect(checkout.output()).toMatch(/checkout drained/);

    // The in-flight answer closed its connection, so the gateway's next call finds the port refused: it is
    // sent again for a while, then answered 503 with Retry-After (nothing reached checkout), never 502.
    const after = await authorise('tok_after');
    expect(after.status).toBe(503);
    expect(after.headers.get('retry-after')).toBe('2');
    expect(await after.json()).toMatchObject({ code: 'service_unavailable' });
  }, 120_000);
});
