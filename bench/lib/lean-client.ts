import { Agent, request } from 'node:http';

export type LeanResponse = { status: number; text: string };

/**
 * A bare keep-alive HTTP/1.1 client for the timed loops: no WHATWG fetch machinery and no
 * OpenAPI check of each answer (the warm-up requests go through the checked client), so the
 * load generator, which shares the machine's cores with the services, costs what pgbench's
 * C client costs on the other side of the ratio, roughly, rather than as much as a service.
 */
export function createLeanClient(baseUrl: string) {
  const { hostname, port } = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true });
  return {
    post(path: string, body: unknown, headers: Record<string, string>): Promise<LeanResponse> {
      const payload = Buffer.from(JSON.stringify(body));
      return new Promise((resolve, reject) => {
        const req = request(
          {
            agent,
            hostname,
            port,
            path,
            method: 'POST',
            headers: { 'content-type': 'application/json', 'content-length': String(payload.length), ...headers },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.once('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
            res.once('error', reject);
          },
        );
        req.once('error', reject);
        req.end(payload);
      });
    },
    close: () => agent.destroy(),
  };
}
