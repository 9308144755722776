import { createServer, request, type Server } from 'node:http';
import { DRAINED_BEFORE_ANSWER_MESSAGE, drainable } from './drain';

/** One answer read whole: status, headers and body; a cut connection rejects. */
function send(port: number, path: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      res.once('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.once('error', reject);
    });
    req.once('error', reject);
    req.end();
  });
}

/**
 * A request still unanswered near the drain bound (docs/deploy.md, "Restarts drain") is answered 503 with
 * `Retry-After` and a message that says it may have been done: it is not cut, which a caller behind the
 * gateway could only hear as a 502. One answered before that is untouched.
 */
describe('drainable', () => {
  let server: Server;
  let port: number;
  let arrived: (path: string) => void = () => {};
  beforeEach(async () => {
    server = createServer((req, res) => {
      arrived(req.url ?? '');
      // `/quick` is answered once the drain began; `/held` never by the app.
      if (req.url === '/quick') setTimeout(() => res.end('done'), 100);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterEach(() => server.closeAllConnections());

  it('answers a request still held at the bound 503 with Retry-After, and lets one answered in time be', async () => {
    const drain = drainable(server);
    const both = new Promise<void>((resolve) => {
      const seen = new Set<string>();
      arrived = (path) => {
        seen.add(path);
        if (seen.size === 2) resolve();
      };
    });
    const held = send(port, '/held');
    const quick = send(port, '/quick');
    await both;

    const drained = drain.drain(1_500);
    const answer = await held;
    expect(answer.status).toBe(503);
    expect(answer.headers['retry-after']).toBe('2');
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.body)).toEqual({ error: DRAINED_BEFORE_ANSWER_MESSAGE, code: 'service_unavailable' });
    expect(await quick).toMatchObject({ status: 200, body: 'done' });

    // Both connections closed after their answers: the drain ends without cutting anything.
    const result = await drained;
    expect(result).toMatchObject({ answeredAtBound: 1, closedAtBound: 0, answersCut: 0 });
    expect(result.tookMs).toBeLessThan(1_500);
  });
});
