import { createHmac } from 'node:crypto';

/**
 * The processor's webhook signature scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>">`
 * keyed on the endpoint's signing secret. The emulator signs with it and tests forge with it;
 * verification goes through the stripe package (see Processor.parseWebhook).
 */
export function signProcessorWebhook(
  payload: string,
  secret: string,
  timestampSeconds = Math.floor(Date.now() / 1000),
) {
  const signature = createHmac('sha256', secret).update(`${timestampSeconds}.${payload}`, 'utf8').digest('hex');
  return `t=${timestampSeconds},v1=${signature}`;
}

export const PROCESSOR_SIGNATURE_HEADER = 'stripe-signature';
