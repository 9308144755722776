import { createHmac } from 'node:crypto';
import { signWebhookPayload, verifyWebhookSignature, webhookSignatureHex } from './webhook-signature';

const secret = 'whsec_test_secret';
const body = '{"id":"evt_1","type":"checkout_split.paid"}';
const t = 1_790_000_000;

describe('webhook signatures', () => {
  it('is HMAC-SHA256 over "<t>.<raw body>" keyed on the secret, as docs/spec.md (Delivery) says', () => {
    const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    expect(webhookSignatureHex(secret, t, body)).toBe(expected);
    expect(signWebhookPayload(secret, body, t)).toBe(`t=${t},v1=${expected}`);
  });

  it('accepts a genuine request within the tolerance', () => {
    const header = signWebhookPayload(secret, body, t);
    expect(verifyWebhookSignature({ rawBody: body, header, secret, now: t + 299 })).toEqual({ ok: true, timestamp: t });
    expect(verifyWebhookSignature({ rawBody: Buffer.from(body), header, secret, now: t - 10 }).ok).toBe(true);
  });

  it('accepts a header carrying several v1 values when any one matches', () => {
    const header = signWebhookPayload(['other-secret', secret], body, t);
    expect(header.split(',v1=')).toHaveLength(3);
    expect(verifyWebhookSignature({ rawBody: body, header, secret, now: t }).ok).toBe(true);
  });

  it.each([
    ['a changed body', { rawBody: `${body} ` }, 'no_matching_signature'],
    ['the wrong secret', { secret: 'whsec_other' }, 'no_matching_signature'],
    ['an old timestamp', { now: t + 301 }, 'timestamp_out_of_tolerance'],
    ['a timestamp from the future', { now: t - 301 }, 'timestamp_out_of_tolerance'],
    ['no header', { header: undefined }, 'missing_header'],
    ['a header without v1', { header: `t=${t}` }, 'malformed_header'],
    ['a header without t', { header: `v1=${webhookSignatureHex(secret, t, body)}` }, 'malformed_header'],
    [
      'a truncated signature',
      { header: `t=${t},v1=${webhookSignatureHex(secret, t, body).slice(0, 10)}` },
      'no_matching_signature',
    ],
    ['a non-hex signature', { header: `t=${t},v1=zzzz` }, 'no_matching_signature'],
  ])('refuses %s', (_label, change, reason) => {
    const options = { rawBody: body, header: signWebhookPayload(secret, body, t), secret, now: t, ...change };
    expect(verifyWebhookSignature(options)).toEqual({ ok: false, reason });
  });

  it('refuses a signature made for another timestamp (replayed with a fresh t)', () => {
    const original = webhookSignatureHex(secret, t, body);
    const header = `t=${t + 60},v1=${original}`;
    expect(verifyWebhookSignature({ rawBody: body, header, secret, now: t + 60 }).ok).toBe(false);
  });
});
