import { randomUUID } from 'node:crypto';
import {
  authoriseShare,
  createSplitReadyMerchant,
  emulatorControl,
  mailTo,
  postSplit,
  type Stack,
  startStack,
  uniqueEmail,
  waitUntil,
} from '@groupsplit/testing';
import { reconciliationJanitorWorkflow } from '@groupsplit/workflows';

/** Every line any logger in this process writes, at trace level: the whole stack logs here. */
const mockLogLines: string[] = [];
jest.mock('@groupsplit/shared', () => {
  const actual = jest.requireActual('@groupsplit/shared');
  const { Writable } = jest.requireActual('node:stream');
  const sink = new Writable({
    write(chunk: Buffer, _encoding: string, done: () => void) {
      mockLogLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { ...actual, createLogger: (service: string) => actual.createLogger(service, 'trace', sink) };
});

const CODE_IN_MAIL = /sign-in code is (\d{6})/;

describe('log hygiene', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.stop());

  it('real flows log request, split and workflow ids, and never a card, token, key or secret', async () => {
    const secrets: Record<string, string> = {
      'internal signing secret': stack.config.INTERNAL_SIGNING_SECRET,
      'encryption key': stack.config.ENCRYPTION_KEY,
      'Temporal payload keys': stack.config.TEMPORAL_PAYLOAD_KEYS,
      'Temporal codec token': stack.config.TEMPORAL_CODEC_TOKEN,
      'processor secret key': stack.config.STRIPE_TEST_SECRET_KEY,
      'processor webhook secret': stack.config.STRIPE_TEST_WEBHOOK_SECRET,
    };

    // Sign-in by e-mail code, then a signed-in call with the access token.
    const email = uniqueEmail('hygiene');
    expect((await stack.api.post('/api/auth/email/start', { email })).status).toBe(202);
    const code = await waitUntil(
      'the sign-in code e-mail',
      async () => (await mailTo(email)).map((mail) => CODE_IN_MAIL.exec(mail.Text)?.[1]).find(Boolean),
      Boolean,
    );
    const signedIn = await stack.api.post('/api/auth/email/verify', { email, code });
    expect(signedIn.status).toBe(200);
    secrets['access token'] = signedIn.body.access_token;
    await stack.api.get('/api/merchants/me', { token: signedIn.body.access_token });

    // An API key created and used, and a webhook secret rotated.
    const shop = await createSplitReadyMerchant(stack, { modes: ['test'] });
    secrets['owner bearer'] = shop.owner.token;
    const created = await stack.api.post('/api/merchants/api-keys', { name: 'Server' }, { token: shop.owner.token });
    expect(created.status).toBe(201);
    secrets['API key'] = created.body.key;
    await stack.api.get('/api/merchants/checkout/sessions/no-such-session/status', { apiKey: created.body.key });
    const rotated = await stack.api.post(
      '/api/merchants/credentials/rotate',
      { target: 'webhook_secret' },
      { token: shop.owner.token, headers: { 'x-service-mode': 'test' } },
    );
    expect(rotated.status).toBe(200);
    secrets['webhook secret'] = rotated.body.value;

    // A split paid with a card payment method; its client secrets and pay links stay out of the logs.
    const split = await postSplit(stack, shop.owner.token, {
      merchantId: shop.merchant.id,
      participants: [1000, 1000].map((amountMinor) => ({ email: uniqueEmail('payer'), amountMinor })),
    });
    expect(split.status).toBe(201);
    for (const [index, p] of split.body.participants.entries()) {
      secrets[`client secret ${index}`] = p.clientSecret;
      secrets[`pay token ${index}`] = p.payToken;
    }
    secrets['payment method'] = 'pm_card_visa';
    expect((await authoriseShare(stack, split.body.participants[0].payToken, 'pm_card_visa')).status).toBe(200);
    // A drift the janitor logs about (the merchant captured a share in the processor dashboard).
    await emulatorControl(stack, 'POST', `/payment_intents/${split.body.participants[0].paymentIntentId}/capture`, {});
    await stack.temporal.client.workflow.execute(reconciliationJanitorWorkflow, {
      taskQueue: stack.config.TEMPORAL_TASK_QUEUE,
      workflowId: `janitor-hygiene-${randomUUID()}`,
      args: [{ splitIds: [split.body.id] }],
    });

    const lines = [...mockLogLines];
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    // The flows really were logged: requests with their request id, the janitor with split and workflow ids.
    const requests = entries.filter((e) => e.msg === 'request');
    expect(requests.length).toBeGreaterThan(10);
    for (const entry of requests) expect(entry.requestId).toEqual(expect.any(String));
    expect(entries).toContainEqual(
      expect.objectContaining({
        msg: 'janitor finding: captured_in_dashboard',
        splitId: split.body.id,
        workflowId: `split:${split.body.id}`,
      }),
    );

    const leaks = Object.entries(secrets).flatMap(([what, value]) => {
      expect(value).toEqual(expect.any(String));
      return lines.filter((line) => line.includes(value)).map((line) => `${what} in: ${line.slice(0, 300)}`);
    });
    // The six-digit sign-in code only counts as a whole number, not inside timestamps.
    const codePattern = new RegExp(`(?<![\\d.])${code}(?![\\d.])`);
    leaks.push(
      ...lines.filter((line) => codePattern.test(line)).map((line) => `sign-in code in: ${line.slice(0, 300)}`),
    );
    expect(leaks).toEqual([]);
  });
});
