import type { Tx } from '../context';
import { cardDecline, resolvePaymentMethod } from '../domain';
import { EmulatorError, invalidRequest } from '../errors';
import { newId } from '../ids';
import { customerJson, paymentMethodJson } from '../objects';
import { mergeMetadata, metadata, obj, str } from '../params';
import { type ApiRequest, type Route, route } from '../pipeline';
import { findScoped } from '../scoped';
import { isTestCardId, TEST_CARDS } from '../test-cards';

async function findCustomer(req: ApiRequest, tx: Tx, id: string, param = 'customer') {
  return findScoped(tx, 'emulator_customers', id, req.scope, { kind: 'customer', param });
}

async function defaultPaymentMethod(req: ApiRequest, tx: Tx, customerId: string | null) {
  const settings = obj(req.params, 'invoice_settings');
  if (!settings || settings.default_payment_method === undefined) return undefined;
  const pmId = settings.default_payment_method;
  if (pmId === '') return null;
  if (typeof pmId !== 'string') throw invalidRequest('Invalid default_payment_method');
  const pm = await tx
    .selectFrom('emulator_payment_methods')
    .select(['id', 'customer'])
    .where('id', '=', pmId)
    .where('mode', '=', req.scope.mode)
    .executeTakeFirst();
  if (!pm || pm.customer !== customerId) {
    throw invalidRequest(
      `No such PaymentMethod: '${pmId}'; The customer does not have a payment method with the ID ${pmId}. The payment method must be attached to the customer.`,
      { code: 'resource_missing', param: 'invoice_settings[default_payment_method]' },
    );
  }
  return pm.id;
}

export const customerRoutes: Route[] = [
  route('POST /v1/customers', async (req, tx) => {
    const p = req.params;
    const customer = await tx
      .insertInto('emulator_customers')
      .values({
        id: newId('cus', 14),
        mode: req.scope.mode,
        account: req.scope.account,
        email: str(p, 'email') ?? null,
        name: str(p, 'name') ?? null,
        description: str(p, 'description') ?? null,
        metadata: JSON.stringify(metadata(p) ?? {}),
        default_payment_method: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { body: customerJson(customer) };
  }),
  route('GET /v1/customers/:id', async (req, tx) => {
    return { body: customerJson(await findCustomer(req, tx, req.path.id!, 'id')) };
  }),
  route('POST /v1/customers/:id', async (req, tx) => {
    const p = req.params;
    const current = await findCustomer(req, tx, req.path.id!, 'id');
    const defaultPm = await defaultPaymentMethod(req, tx, current.id);
    const updated = await tx
      .updateTable('emulator_customers')
      .set({
        email: str(p, 'email') ?? current.email,
        name: str(p, 'name') ?? current.name,
        description: str(p, 'description') ?? current.description,
        metadata: JSON.stringify(mergeMetadata(current.metadata, metadata(p))),
        default_payment_method: defaultPm === undefined ? current.default_payment_method : defaultPm,
      })
      .where('id', '=', current.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { body: customerJson(updated) };
  }),
  route('GET /v1/payment_methods/:id', async (req, tx) => {
    const id = req.path.id!;
    if (isTestCardId(id)) {
      const { card } = TEST_CARDS[id]!;
      return {
        body: paymentMethodJson({
          id,
          mode: req.scope.mode,
          account: req.scope.account,
          test_card: id,
          ...card,
          customer: null,
          metadata: {},
          created_at: new Date(),
        }),
      };
    }
    const pm = await findScoped(tx, 'emulator_payment_methods', id, req.scope, {
      kind: 'PaymentMethod',
      param: 'payment_method',
    });
    return { body: paymentMethodJson(pm) };
  }),
  route('POST /v1/payment_methods/:id/attach', async (req, tx) => {
    const customer = await findCustomer(req, tx, str(req.params, 'customer', true));
    const pm = await resolvePaymentMethod(tx, req.scope, req.path.id!);
    if (pm.customer && pm.customer !== customer.id) {
      throw invalidRequest('The payment method you provided has already been attached to a customer.', {
        code: 'payment_method_unexpected_state',
      });
    }
    const decline = cardDecline(pm);
    if (decline?.onAttach) {
      // Attaching runs a card check; this card fails it (nothing is attached).
      throw new EmulatorError({
        type: 'card_error',
        code: decline.code,
        declineCode: decline.declineCode,
        message: decline.message,
        param: '',
        shouldRetry: false,
      });
    }
    const updated = await tx
      .updateTable('emulator_payment_methods')
      .set({ customer: customer.id })
      .where('id', '=', pm.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { body: paymentMethodJson(updated) };
  }),
  route('POST /v1/payment_methods/:id/detach', async (req, tx) => {
    const pm = await findScoped(tx, 'emulator_payment_methods', req.path.id!, req.scope, {
      kind: 'PaymentMethod',
      param: 'payment_method',
    });
    if (!pm.customer) {
      throw invalidRequest(
        'The payment method you provided is not attached to a customer so detachment is impossible.',
        {
          code: 'payment_method_unexpected_state',
        },
      );
    }
    await tx
      .updateTable('emulator_customers')
      .set({ default_payment_method: null })
      .where('id', '=', pm.customer)
      .where('default_payment_method', '=', pm.id)
      .execute();
    const updated = await tx
      .updateTable('emulator_payment_methods')
      .set({ customer: null })
      .where('id', '=', pm.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { body: paymentMethodJson(updated) };
  }),
];
