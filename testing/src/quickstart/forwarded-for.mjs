// Preloaded into the quickstart's client program by its test (NODE_OPTIONS=--import): every fetch
// says it comes from the test's own client address, so the per-IP rate limits of sign-in and
// key creation count this test alone, not every process of the run that calls from 127.0.0.1.
const original = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const request = new Request(input, init);
  request.headers.set('x-forwarded-for', process.env.QUICKSTART_CLIENT_IP);
  return original(request);
};
