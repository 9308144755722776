import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Stack } from '@groupsplit/testing';
import { type CheckoutMerchant, createSession, sessionBody, startCheckoutStack } from '../../test-support/sessions';
import { sniffImageType } from './images';

// A real 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(30, 0)]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x24, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(30),
]);
const AVIF = Buffer.concat([Buffer.from([0, 0, 0, 0x1c]), Buffer.from('ftypavif'), Buffer.alloc(30)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const OVERSIZED = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024, 7)]);
/**
 * Long enough that a healthy local host always answers in time, however busy the machine; the
 * slow host below never answers at all, so abandoning it is shown without timing anything.
 */
const IMAGE_TIMEOUT_MS = 3000;

function imageHost() {
  const server = createServer((req, res) => {
    const send = (type: string, body: Buffer) => {
      res.writeHead(200, { 'content-type': type, 'content-length': body.length });
      res.end(body);
    };
    switch (req.url) {
      case '/good.png':
        return send('image/png', PNG);
      case '/photo.jpg':
        return send('image/jpeg', JPEG);
      case '/anim.gif':
        return send('image/gif', GIF);
      case '/pic.webp':
        return send('image/webp', WEBP);
      case '/pic.avif':
        return send('image/avif', AVIF);
      case '/logo.svg':
        return send('image/svg+xml', SVG);
      case '/lying.png':
        return send('image/png', SVG);
      case '/huge.png':
        return send('image/png', OVERSIZED);
      case '/huge-chunked.png': {
        // No content-length: the size cap has to apply while reading.
        res.writeHead(200, { 'content-type': 'image/png' });
        res.write(PNG);
        res.end(Buffer.alloc(2 * 1024 * 1024, 7));
        return;
      }
      case '/slow.png':
        // Never answers: only the image timeout lets the session be created.
        return;
      default:
        res.writeHead(404).end();
    }
  });
  return server;
}

describe('line-item images', () => {
  let stack: Stack;
  let shop: CheckoutMerchant;
  let host: Server;
  let base: string;
  beforeAll(async () => {
    ({ stack, shop } = await startCheckoutStack({
      CHECKOUT_IMAGE_TIMEOUT_MS: IMAGE_TIMEOUT_MS,
      ALLOW_PRIVATE_WEBHOOK_TARGETS: true,
    }));
    host = imageHost();
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    host.closeAllConnections();
    await new Promise((resolve) => host.close(resolve));
    await stack.stop();
  });

  const lines = (paths: string[]) =>
    paths.map((path, i) => ({
      description: `Item ${i}`,
      amount: 1,
      image_url: path.startsWith('__ABS__') ? path.slice(7) : path ? `${base}${path}` : undefined,
    }));

  async function lookup(paths: string[], apiKey = shop.testKey) {
    const res = await createSession(stack, apiKey, sessionBody({ amount: paths.length, line_items: lines(paths) }));
    expect(res.status).toBe(201);
    const session = await stack.api.get(`/api/merchants/checkout/sessions/${res.body.token}`);
    return { items: session.body.line_items as { image_url: string | null }[], token: res.body.token };
  }

  it('recognises the allowed formats by their bytes, not their names', () => {
    expect(sniffImageType(PNG)).toBe('image/png');
    expect(sniffImageType(JPEG)).toBe('image/jpeg');
    expect(sniffImageType(GIF)).toBe('image/gif');
    expect(sniffImageType(WEBP)).toBe('image/webp');
    expect(sniffImageType(AVIF)).toBe('image/avif');
    expect(sniffImageType(SVG)).toBeNull();
    expect(sniffImageType(Buffer.from('hello'))).toBeNull();
  });

  it('fetches each format once and re-serves its own copy from the service', async () => {
    const { items } = await lookup(['/good.png', '/photo.jpg', '/anim.gif', '/pic.webp', '/pic.avif']);
    const expected = [
      ['image/png', PNG],
      ['image/jpeg', JPEG],
      ['image/gif', GIF],
      ['image/webp', WEBP],
      ['image/avif', AVIF],
    ] as const;
    for (const [i, [type, bytes]] of expected.entries()) {
      const url = items[i]!.image_url!;
      expect(url.startsWith(`${stack.config.PUBLIC_BASE_URL}/checkout/images/`)).toBe(true);
      const served = await fetch(url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(type);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });

  it('leaves out SVG, mislabelled, oversized, missing and unreachable pictures; the session still works', async () => {
    const { items, token } = await lookup([
      '/logo.svg',
      '/lying.png',
      '/huge.png',
      '/huge-chunked.png',
      '/missing.png',
      '',
      'https://127.0.0.1:1/nothing-listens.png',
      '/good.png',
    ]);
    expect(items.map((item) => item.image_url === null)).toEqual([true, true, true, true, true, true, true, false]);
    const page = await fetch(`${stack.config.PUBLIC_BASE_URL}/checkout/${token}`);
    expect(page.status).toBe(200);
  });

  it('gives a live session the checks a live webhook URL gets: no private host, whatever ALLOW_PRIVATE_WEBHOOK_TARGETS says', async () => {
    const live = await lookup(['/good.png'], shop.liveKey);
    expect(live.items[0]!.image_url).toBeNull();
    const test = await lookup(['/good.png']);
    expect(test.items[0]!.image_url).not.toBeNull();
  });

  it("never fetches from one of the service's own ports, even in test mode with private hosts allowed", async () => {
    const own = new URL(stack.urls.checkout);
    const { items } = await lookup([`__ABS__http://127.0.0.1:${own.port}/checkout/assets/page.css`, '/good.png']);
    expect(items.map((item) => item.image_url === null)).toEqual([true, false]);
  });

  it('abandons a slow host after the image timeout', async () => {
    const { items } = await lookup(['/slow.png', '/good.png']);
    expect(items[0]!.image_url).toBeNull();
    expect(items[1]!.image_url).not.toBeNull();
  });

  it('keeps about a dozen pictures per order (the first twelve)', async () => {
    const { items } = await lookup(Array.from({ length: 14 }, () => '/good.png'));
    expect(items.filter((item) => item.image_url !== null)).toHaveLength(12);
    expect(items[12]!.image_url).toBeNull();
    expect(items[13]!.image_url).toBeNull();
  });

  it('answers 404 for an unknown image', async () => {
    const res = await fetch(`${stack.config.PUBLIC_BASE_URL}/checkout/images/00000000-0000-4000-8000-000000000000`);
    expect(res.status).toBe(404);
  });
});
