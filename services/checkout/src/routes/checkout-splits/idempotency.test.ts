import { randomUUID } from 'node:crypto';
import {
  emulatorControl,
  mailTo,
  postSplit,
  splitStackForTests,
  type TestShare,
  uniqueEmail,
  waitForMail,
} from '@groupsplit/testing';

/** docs/splits.md, "Retrying a create": POST /api/checkout-splits with an Idempotency-Key. */
describe('POST /api/checkout-splits with an Idempotency-Key', () => {
  const ready = splitStackForTests();
  const shares = (...amounts: number[]): TestShare[] =>
    amounts.map((amountMinor) => ({ email: uniqueEmail('payer'), amountMinor }));
  const keyed = (key: string, body: { orderReference: string; participants: TestShare[] }) =>
    ready.stack.api.post(
      '/api/checkout-splits',
      { merchantId: ready.shop.merchant.id, ...body },
      { token: ready.shop.member.token, headers: { 'x-service-mode': 'test', 'idempotency-key': key } },
    );
  const intentsFor = (orderReference: string) =>
    ready.stack.db
      .selectFrom('emulator_payment_intents')
      .select('id')
      .where('description', '=', orderReference)
      .execute();

  it('a retry sent while the first call is still placing holds answers with the same split, placing nothing twice', async () => {
    const orderReference = `IDEM-${randomUUID()}`;
    const body = { orderReference, participants: shares(1111, 2222) };
    // The first hold answers slowly, as under processor trouble: the retry arrives mid-creation.
    await emulatorControl(ready.stack, 'POST', '/faults', {
      operation: 'create',
      match: { amount: 1111 + 20 },
      delay_ms: 1500,
      times: 1,
    });
    const first = keyed(`order-${orderReference}`, body);
    // The split's row appears (status creating) before its first hold is asked for: the retry comes mid-creation.
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const row = await ready.stack.db
        .selectFrom('splits')
        .select('status')
        .where('order_reference', '=', orderReference)
        .executeTakeFirst();
      if (row) break;
    }
    const retry = await keyed(`order-${orderReference}`, body);
    const original = await first;

    expect(original.status).toBe(201);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(original.body);
    expect(await intentsFor(orderReference)).toHaveLength(2);
    // One invitation each: the retry joined the split and invited nobody.
    for (const participant of body.participants) {
      await waitForMail(participant.email);
      expect(await mailTo(participant.email)).toHaveLength(1);
    }
  });

  it('two identical calls at once make one split', async () => {
    const orderReference = `IDEM-${randomUUID()}`;
    const body = { orderReference, participants: shares(1500, 1500) };
    const answers = await Promise.all([keyed(`k-${orderReference}`, body), keyed(`k-${orderReference}`, body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    expect(answers[0]!.body.id).toBe(answers[1]!.body.id);
    expect(await intentsFor(orderReference)).toHaveLength(2);
  });

  it('the same key with another body is 409 idempotency_key_reused, and nothing is created', async () => {
    const orderReference = `IDEM-${randomUUID()}`;
    const created = await keyed(`reuse-${orderReference}`, { orderReference, participants: shares(1000, 1000) });
    expect(created.status).toBe(201);
    const reused = await keyed(`reuse-${orderReference}`, { orderReference, participants: shares(1000, 2000) });
    expect(reused.status).toBe(409);
    expect(reused.body).toMatchObject({
      error: 'This Idempotency-Key was already used with a different request body',
      code: 'idempotency_key_reused',
    });
    expect(await intentsFor(orderReference)).toHaveLength(2);
  });

  it('a create the processor refused lets its key go: the same call succeeds once the cause is gone', async () => {
    const orderReference = `IDEM-${randomUUID()}`;
    const body = { orderReference, participants: shares(1000, 3333) };
    await emulatorControl(ready.stack, 'POST', '/faults', {
      operation: 'create',
      match: { amount: 3333 + 20 },
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
      times: 1,
    });
    const refused = await keyed(`again-${orderReference}`, body);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'Your card was declined.' });
    const again = await keyed(`again-${orderReference}`, body);
    expect(again.status).toBe(201);
    expect(again.body.status).toBe('pending');
  });

  it('without a key the spec stands: a repeat is a second split', async () => {
    const orderReference = `IDEM-${randomUUID()}`;
    const body = { merchantId: ready.shop.merchant.id, orderReference, participants: shares(1000, 1000) };
    const one = await postSplit(ready.stack, ready.shop.member.token, body);
    const two = await postSplit(ready.stack, ready.shop.member.token, body);
    expect([one.status, two.status]).toEqual([201, 201]);
    expect(one.body.id).not.toBe(two.body.id);
  });

  it('refuses a key over 255 characters', async () => {
    const refused = await keyed('k'.repeat(256), { orderReference: 'IDEM-long', participants: shares(1000, 1000) });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'invalid_idempotency_key' });
  });
});
