import { signWebhookPayload } from '@groupsplit/shared';
import { WebhookVerificationError, type WebhookVerificationFailure } from './errors';
import { verifyWebhook } from './verify';

/** Signed with the service's own signer (packages/events/src/webhook-signature.ts), so these tests pin the two together. */
const SECRET = 'whsec_test_0123456789abcdef';
const NOW = 1_790_000_000;
const body = JSON.stringify({
  id: '5b2f7c1e-3f1d-4c55-9d2b-1f1f0b0a7e11',
  type: 'checkout_split.paid',
  created: NOW - 2,
  mode: 'test',
  sample: false,
  data: { split_id: '0f0e0d0c-0b0a-4909-8807-060504030201', amount: '30.00' },
});

function reasonOf(run: () => unknown): WebhookVerificationFailure | 'verified' {
  try {
    run();
    return 'verified';
  } catch (error) {
    if (error instanceof WebhookVerificationError) return error.reason;
    throw error;
  }
}

describe('verifyWebhook', () => {
  it('returns the parsed event for a good signature, from a string or the raw bytes', () => {
    const header = signWebhookPayload(SECRET, body, NOW);
    expect(verifyWebhook(body, header, SECRET, { now: NOW })).toEqual(JSON.parse(body));
    expect(verifyWebhook(Buffer.from(body), header, SECRET, { now: NOW }).type).toBe('checkout_split.paid');
    expect(verifyWebhook(new TextEncoder().encode(body), header, SECRET, { now: NOW }).id).toBe(JSON.parse(body).id);
  });

  it('refuses a tampered body', () => {
    const header = signWebhookPayload(SECRET, body, NOW);
    const tampered = body.replace('"30.00"', '"3000.00"');
    expect(reasonOf(() => verifyWebhook(tampered, header, SECRET, { now: NOW }))).toBe('no_matching_signature');
    // One changed byte of whitespace is enough: the signature covers the exact bytes, not the JSON value.
    expect(reasonOf(() => verifyWebhook(`${body} `, header, SECRET, { now: NOW }))).toBe('no_matching_signature');
  });

  it('refuses the wrong secret', () => {
    const header = signWebhookPayload('whsec_someone_else', body, NOW);
    expect(reasonOf(() => verifyWebhook(body, header, SECRET, { now: NOW }))).toBe('no_matching_signature');
  });

  it('refuses a timestamp outside the tolerance either way (replay), and accepts one at its edge', () => {
    const old = signWebhookPayload(SECRET, body, NOW - 301);
    expect(reasonOf(() => verifyWebhook(body, old, SECRET, { now: NOW }))).toBe('timestamp_out_of_tolerance');
    const future = signWebhookPayload(SECRET, body, NOW + 301);
    expect(reasonOf(() => verifyWebhook(body, future, SECRET, { now: NOW }))).toBe('timestamp_out_of_tolerance');
    const edge = signWebhookPayload(SECRET, body, NOW - 300);
    expect(reasonOf(() => verifyWebhook(body, edge, SECRET, { now: NOW }))).toBe('verified');
    // A wider tolerance is the receiver's choice.
    expect(reasonOf(() => verifyWebhook(body, old, SECRET, { now: NOW, toleranceSeconds: 600 }))).toBe('verified');
  });

  it('uses the current time when no clock is given', () => {
    const fresh = signWebhookPayload(SECRET, body, Math.floor(Date.now() / 1000));
    expect(reasonOf(() => verifyWebhook(body, fresh, SECRET))).toBe('verified');
    expect(reasonOf(() => verifyWebhook(body, signWebhookPayload(SECRET, body, NOW), SECRET))).toBe(
      'timestamp_out_of_tolerance',
    );
  });

  it('accepts a header with several v1 values when any one matches, in any position', () => {
    const signed = signWebhookPayload(['whsec_rotated_out', SECRET, 'whsec_other'], body, NOW);
    expect(signed.split(',').filter((part) => part.startsWith('v1='))).toHaveLength(3);
    expect(reasonOf(() => verifyWebhook(body, signed, SECRET, { now: NOW }))).toBe('verified');
    const none = signWebhookPayload(['whsec_a', 'whsec_b'], body, NOW);
    expect(reasonOf(() => verifyWebhook(body, none, SECRET, { now: NOW }))).toBe('no_matching_signature');
    // Values that are not hex, or too short, are simply not a match; the good one still counts.
    const good = signWebhookPayload(SECRET, body, NOW);
    expect(reasonOf(() => verifyWebhook(body, `${good},v1=zz,v1=ab`, SECRET, { now: NOW }))).toBe('verified');
    // Unknown schemes are ignored, and spaces after the commas are allowed.
    expect(reasonOf(() => verifyWebhook(body, good.replace(',', ', v0=abc, '), SECRET, { now: NOW }))).toBe('verified');
  });

  it.each([
    ['no t', 'v1=abcdef'],
    ['a non-numeric t', 't=yesterday,v1=abcdef'],
    ['a negative t', 't=-5,v1=abcdef'],
    ['two t values', `t=${NOW},t=${NOW},v1=abcdef`],
    ['a part without =', `t=${NOW},abcdef`],
    ['an empty key', `t=${NOW},=abcdef`],
    ['another scheme only', 'sha256=abcdef'],
  ])('refuses a malformed header: %s', (_label, header) => {
    expect(reasonOf(() => verifyWebhook(body, header, SECRET, { now: NOW }))).toBe('malformed_header');
  });

  it.each([
    ['a missing header', undefined],
    ['a null header', null],
    ['an empty header', ''],
    ['an empty array of headers', []],
  ])('refuses %s as unsigned', (_label, header) => {
    expect(reasonOf(() => verifyWebhook(body, header, SECRET, { now: NOW }))).toBe('missing_header');
  });

  it('refuses a header with no v1 value as malformed', () => {
    expect(reasonOf(() => verifyWebhook(body, `t=${NOW}`, SECRET, { now: NOW }))).toBe('malformed_header');
  });

  it("takes Node's header types: an array (a header sent twice) is read as its values together", () => {
    const good = signWebhookPayload(SECRET, body, NOW);
    const [t, v1] = good.split(',');
    expect(reasonOf(() => verifyWebhook(body, [good], SECRET, { now: NOW }))).toBe('verified');
    expect(reasonOf(() => verifyWebhook(body, [t!, v1!], SECRET, { now: NOW }))).toBe('verified');
    const other = signWebhookPayload('whsec_other', body, NOW);
    expect(reasonOf(() => verifyWebhook(body, [other], SECRET, { now: NOW }))).toBe('no_matching_signature');
  });

  it('refuses an unset or empty secret as missing_secret, before anything else', () => {
    const header = signWebhookPayload(SECRET, body, NOW);
    const unset: string | undefined = process.env.GROUPSPLIT_SURELY_UNSET_WEBHOOK_SECRET;
    for (const secret of [unset, undefined, null, '', '  ']) {
      expect(reasonOf(() => verifyWebhook(body, header, secret, { now: NOW }))).toBe('missing_secret');
    }
    expect(reasonOf(() => verifyWebhook(body, undefined, undefined))).toBe('missing_secret');
  });

  it('refuses a body that was already parsed (or is not there) as parsed_body, not a TypeError', () => {
    const header = signWebhookPayload(SECRET, body, NOW);
    for (const parsed of [JSON.parse(body), undefined, null, 42]) {
      expect(reasonOf(() => verifyWebhook(parsed as never, header, SECRET, { now: NOW }))).toBe('parsed_body');
    }
  });

  it('gives every reason a message, a hint and the docs link', () => {
    const header = signWebhookPayload(SECRET, body, NOW);
    const wrong = (() => {
      try {
        verifyWebhook(body, header, 'whsec_rotated_out', { now: NOW });
      } catch (caught) {
        return caught as WebhookVerificationError;
      }
    })();
    expect(wrong).toMatchObject({
      reason: 'no_matching_signature',
      message: 'No v1 signature matches this body and secret',
      docUrl: '/docs#signing',
    });
    expect(wrong!.hint).toMatch(/raw bytes.*mode.*rotated-out secret/s);
    const reasons: WebhookVerificationFailure[] = [
      'missing_secret',
      'missing_header',
      'parsed_body',
      'malformed_header',
      'no_matching_signature',
      'timestamp_out_of_tolerance',
      'malformed_body',
    ];
    for (const reason of reasons) {
      const error = new WebhookVerificationError(reason);
      expect([reason, error.message.length > 0, error.hint.length > 0]).toEqual([reason, true, true]);
    }
  });

  it('refuses a genuinely signed body that is not a JSON event', () => {
    for (const raw of ['not json', '[1,2]', 'null', '{"type":"checkout_split.paid"}']) {
      const header = signWebhookPayload(SECRET, raw, NOW);
      expect([raw, reasonOf(() => verifyWebhook(raw, header, SECRET, { now: NOW }))]).toEqual([raw, 'malformed_body']);
    }
  });

  it('throws an error that names its reason', () => {
    const error = (() => {
      try {
        verifyWebhook(body, undefined, SECRET);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(WebhookVerificationError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'WebhookVerificationError', reason: 'missing_header' });
  });
});
