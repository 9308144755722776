import { connect, createServer } from 'node:net';

/**
 * A round-robin TCP balancer on a free loopback port, as a deployment's load balancer (a Kubernetes
 * Service) sits in front of replicas: each new connection goes to the next target. Used by the
 * replicas bench in front of the two gateways (the public URL) and the two checkouts (the gateway's
 * CHECKOUT_URL).
 */
export async function startBalancer(targetPorts: number[]) {
  let next = 0;
  const connections = targetPorts.map(() => 0);
  const server = createServer((client) => {
    const index = next++ % targetPorts.length;
    connections[index]! += 1;
    const upstream = connect(targetPorts[index]!, '127.0.0.1');
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    /** Connections handed to each target so far. */
    connections: () => [...connections],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
