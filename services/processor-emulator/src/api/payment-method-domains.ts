import type { Tx } from '../context';
import { invalidParam, invalidRequest } from '../errors';
import { newId } from '../ids';
import { listPage, paymentMethodDomainJson } from '../objects';
import { bool, listLimit, str } from '../params';
import { type ApiRequest, type Route, route } from '../pipeline';
import type { PaymentMethodDomainRow } from '../rows';
import { findScoped, selectScoped } from '../scoped';

/** What the emulator says when Apple's domain check is set to fail (control API); Stripe's own text varies. */
export const APPLE_PAY_CHECK_FAILED =
  'The domain association file could not be verified at /.well-known/apple-developer-merchantid-domain-association.';

/** A host name as Stripe takes it: no scheme, port, path or wildcard. */
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

function findDomain(req: ApiRequest, tx: Tx, id: string) {
  return findScoped(tx, 'emulator_payment_method_domains', id, req.scope, {
    kind: 'payment_method_domain',
    param: 'payment_method_domain',
  });
}

/** Runs Apple's domain check as the control API set it: Apple Pay is active, or inactive with why. */
async function checkApplePay(tx: Tx, row: PaymentMethodDomainRow) {
  return tx
    .updateTable('emulator_payment_method_domains')
    .set({ apple_pay_error: row.apple_pay_check ? null : APPLE_PAY_CHECK_FAILED })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Payment Method Domains: the web domains an account (the platform, or a connected account with
 * `Stripe-Account`) shows wallet buttons on. Each method has its own status (docs/processor.md).
 */
export const paymentMethodDomainRoutes: Route[] = [
  route('POST /v1/payment_method_domains', async (req, tx) => {
    const domainName = str(req.params, 'domain_name', true).trim().toLowerCase();
    if (!DOMAIN.test(domainName)) {
      throw invalidParam('domain_name', `Invalid domain name: ${domainName}`, 'parameter_invalid_string');
    }
    const existing = await tx
      .selectFrom('emulator_payment_method_domains')
      .select('id')
      .where((eb) => eb.and({ domain_name: domainName, mode: req.scope.mode, account: req.scope.account }))
      .executeTakeFirst();
    if (existing) {
      throw invalidRequest(`The domain ${domainName} is already registered (${existing.id}).`, {
        code: 'resource_already_exists',
        param: 'domain_name',
      });
    }
    const created = await tx
      .insertInto('emulator_payment_method_domains')
      .values({
        id: newId('pmd'),
        mode: req.scope.mode,
        account: req.scope.account,
        domain_name: domainName,
        enabled: bool(req.params, 'enabled') ?? true,
        apple_pay_error: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { body: paymentMethodDomainJson(await checkApplePay(tx, created)) };
  }),
  route('GET /v1/payment_method_domains', async (req, tx) => {
    const limit = listLimit(req.params);
    let query = selectScoped(tx, 'emulator_payment_method_domains', req.scope);
    const domainName = str(req.params, 'domain_name');
    if (domainName) query = query.where('domain_name', '=', domainName.toLowerCase());
    const enabled = bool(req.params, 'enabled');
    if (enabled !== undefined) query = query.where('enabled', '=', enabled);
    const after = str(req.params, 'starting_after');
    if (after) {
      const cursor = await findDomain(req, tx, after);
      query = query.where((eb) =>
        eb.or([
          eb('created_at', '<', cursor.created_at),
          eb.and([eb('created_at', '=', cursor.created_at), eb('id', '<', cursor.id)]),
        ]),
      );
    }
    const rows = await query
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute();
    return { body: listPage('/v1/payment_method_domains', rows, limit, paymentMethodDomainJson) };
  }),
  route('GET /v1/payment_method_domains/:id', async (req, tx) => {
    return { body: paymentMethodDomainJson(await findDomain(req, tx, req.path.id!)) };
  }),
  route('POST /v1/payment_method_domains/:id', async (req, tx) => {
    const current = await findDomain(req, tx, req.path.id!);
    const enabled = bool(req.params, 'enabled');
    const updated = await tx
      .updateTable('emulator_payment_method_domains')
      .set({ enabled: enabled ?? current.enabled })
      .where('id', '=', current.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { body: paymentMethodDomainJson(updated) };
  }),
  route('POST /v1/payment_method_domains/:id/validate', async (req, tx) => {
    const current = await findDomain(req, tx, req.path.id!);
    return { body: paymentMethodDomainJson(await checkApplePay(tx, current)) };
  }),
];
