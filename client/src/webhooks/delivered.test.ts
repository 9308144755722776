import {
  createTestModeMerchant,
  type Stack,
  startStack,
  startWebhookReceiver,
  type WebhookReceiver,
} from '@groupsplit/testing';
import { WebhookVerificationError } from './errors';
import { verifyWebhook } from './verify';

const TEST = { 'x-service-mode': 'test' };

/** verifyWebhook against what the service really sends: the dashboard's test send, through the whole stack. */
describe('verifyWebhook on a delivery from the stack', () => {
  let stack: Stack;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    stack = await startStack({ ALLOW_PRIVATE_WEBHOOK_TARGETS: true });
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await stack.stop();
  });

  it('verifies a delivered event with the mode secret, and refuses it once that secret is rotated out', async () => {
    const team = await createTestModeMerchant(stack);
    const token = team.owner.token;
    await stack.api.patch('/api/merchants', { webhook_url: receiver.url }, { token, headers: TEST });
    const rotate = () =>
      stack.api.post('/api/merchants/credentials/rotate', { target: 'webhook_secret' }, { token, headers: TEST });
    const secret = (await rotate()).body.value as string;

    const sent = await stack.api.post('/api/merchants/webhooks/test', undefined, { token, headers: TEST });
    expect(sent.body).toMatchObject({ outcome: 'succeeded', status_code: 200 });
    const [delivery] = receiver.received.filter((r) => r.headers['x-service-event-id'] === sent.body.event_id);
    const header = delivery!.headers['x-service-signature'] as string;

    const event = verifyWebhook(delivery!.rawBody, header, secret);
    expect(event).toMatchObject({ id: sent.body.event_id, type: 'checkout_split.paid', mode: 'test', sample: true });
    expect(event).toEqual(JSON.parse(delivery!.rawBody));

    const rotated = (await rotate()).body.value as string;
    expect(rotated).not.toBe(secret);
    let refusal: unknown;
    try {
      verifyWebhook(delivery!.rawBody, header, rotated);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(WebhookVerificationError);
    expect((refusal as WebhookVerificationError).reason).toBe('no_matching_signature');
  });
});
