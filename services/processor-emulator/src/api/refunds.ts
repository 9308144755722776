import { lockPaymentIntent, refundApplicationFee, refundIntent } from '../domain';
import { invalidRequest, noSuch } from '../errors';
import { applicationFeeJson, chargeJson, feeRefundJson, listPage, refundJson } from '../objects';
import { bool, listLimit, metadata, oneOf, positiveInt, str } from '../params';
import { type ApiRequest, type Route, route } from '../pipeline';
import { findScoped, selectScoped } from '../scoped';

async function paymentIntentOf(req: ApiRequest): Promise<string | null> {
  const pi = str(req.params, 'payment_intent');
  if (pi) return pi;
  const charge = str(req.params, 'charge');
  if (!charge) return null;
  const row = await req.emu.db
    .selectFrom('emulator_charges')
    .select('payment_intent')
    .where('id', '=', charge)
    .executeTakeFirst();
  return row?.payment_intent ?? null;
}

export const refundRoutes: Route[] = [
  route(
    'POST /v1/refunds',
    {
      fault: {
        operation: 'refund',
        async target(req) {
          const paymentIntentId = await paymentIntentOf(req);
          let amount = Number(req.params.amount) || null;
          if (amount === null && paymentIntentId) {
            const pi = await req.emu.db
              .selectFrom('emulator_payment_intents')
              .select('amount')
              .where('id', '=', paymentIntentId)
              .executeTakeFirst();
            amount = pi?.amount ?? null;
          }
          return { paymentIntentId, amount, account: req.scope.account };
        },
      },
    },
    async (req, tx) => {
      const p = req.params;
      const paymentIntentParam = str(p, 'payment_intent');
      const chargeParam = str(p, 'charge');
      if (!paymentIntentParam && !chargeParam) {
        throw invalidRequest(
          'One of the following params should be provided for this request: payment_intent or charge.',
          {
            code: 'parameter_missing',
          },
        );
      }
      let paymentIntentId = paymentIntentParam;
      if (!paymentIntentId) {
        const charge = await findScoped(tx, 'emulator_charges', chargeParam!, req.scope, {
          kind: 'charge',
          param: 'charge',
        });
        paymentIntentId = charge.payment_intent;
      }
      const pi = await lockPaymentIntent(tx, paymentIntentId, req.scope);
      const { refund } = await refundIntent(req.emu, tx, req.op, pi, {
        amount: positiveInt(p, 'amount'),
        reason: oneOf(p, 'reason', ['duplicate', 'fraudulent', 'requested_by_customer'] as const),
        refundApplicationFee: bool(p, 'refund_application_fee') ?? false,
        metadata: metadata(p) ?? {},
        source: 'api',
      });
      return { body: refundJson(refund) };
    },
  ),
  route(
    'GET /v1/refunds',
    {
      fault: {
        operation: 'list_refunds',
        target: async (req) => ({ paymentIntentId: str(req.params, 'payment_intent'), account: req.scope.account }),
      },
    },
    async (req, tx) => {
      const limit = listLimit(req.params);
      let query = selectScoped(tx, 'emulator_refunds', req.scope);
      const pi = str(req.params, 'payment_intent');
      const charge = str(req.params, 'charge');
      if (pi) query = query.where('payment_intent', '=', pi);
      if (charge) query = query.where('charge', '=', charge);
      const rows = await query
        .orderBy('created_at', 'desc')
        .limit(limit + 1)
        .execute();
      return { body: listPage('/v1/refunds', rows, limit, refundJson) };
    },
  ),
  route('GET /v1/refunds/:id', async (req, tx) => {
    const row = await findScoped(tx, 'emulator_refunds', req.path.id!, req.scope, { kind: 'refund', param: 'id' });
    return { body: refundJson(row) };
  }),
  route('GET /v1/charges/:id', async (req, tx) => {
    const row = await findScoped(tx, 'emulator_charges', req.path.id!, req.scope, {
      kind: 'charge',
      param: 'charge',
    });
    return { body: chargeJson(row) };
  }),
  route('GET /v1/application_fees/:id', async (req, tx) => {
    const row = await tx
      .selectFrom('emulator_charges')
      .selectAll()
      .where('application_fee_id', '=', req.path.id!)
      .where('mode', '=', req.scope.mode)
      .executeTakeFirst();
    if (!row) throw noSuch('application fee', req.path.id!, 'id');
    return { body: applicationFeeJson(row) };
  }),
  route('POST /v1/application_fees/:id/refunds', async (req, tx) => {
    const { refund, currency } = await refundApplicationFee(tx, req.scope, req.path.id!, {
      amount: positiveInt(req.params, 'amount'),
      metadata: metadata(req.params) ?? {},
    });
    return { body: feeRefundJson(refund, currency) };
  }),
];
