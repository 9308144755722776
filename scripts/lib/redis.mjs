// Redis for the gateway's rate limits and API-key cache, whenever one answers on this machine.
import { connect } from 'node:net';

export const LOCAL_REDIS_URL = 'redis://127.0.0.1:6379';

/** LOCAL_REDIS_URL if a Redis there answers PING within `timeoutMs`, else undefined (a bare machine: Postgres is the store). */
export function reachableRedisUrl(timeoutMs = 500) {
  return new Promise((resolve) => {
    const socket = connect(6379, '127.0.0.1');
    const done = (url) => {
      socket.destroy();
      resolve(url);
    };
    socket.setTimeout(timeoutMs, () => done(undefined));
    socket.once('error', () => done(undefined));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG') ? LOCAL_REDIS_URL : undefined));
  });
}
