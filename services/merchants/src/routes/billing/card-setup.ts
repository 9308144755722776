import {
  badGateway,
  conflict,
  type Db,
  findBillingCard,
  type Logger,
  notFound,
  type Processor,
  ProcessorError,
  type Role,
  type ServiceMode,
} from '@groupsplit/shared';
import { sql } from 'kysely';
import { saveBillingCard } from './card';
import { CARD_SETUP_MESSAGES as M } from './schema';

type Deps = { db: Db; logger: Logger; processor: Processor };
type SetupMerchant = { id: string; name: string; business_email: string };

/**
 * Where the processor's card page sends the person: back to the dashboard's Billing page, with the
 * set-up's id (the processor fills in `{CHECKOUT_SESSION_ID}`, so the braces must stay unencoded) and
 * the mode the card is for. Cancelling returns there too, without an id.
 */
export function cardSetupUrls(publicBaseUrl: string, mode: ServiceMode) {
  const billing = new URL('/dashboard/settings/billing', publicBaseUrl).toString();
  return {
    successUrl: `${billing}?card_setup={CHECKOUT_SESSION_ID}&mode=${mode}`,
    cancelUrl: `${billing}?card_setup=cancelled&mode=${mode}`,
  };
}

/** A new card page at the processor for this merchant and mode. */
export async function startCardSetup(
  deps: Deps & { publicBaseUrl: string },
  input: { merchantId: string; mode: ServiceMode; requestId: string },
) {
  try {
    const setup = await deps.processor.createCardSetup({
      merchantId: input.merchantId,
      requestId: input.requestId,
      ...cardSetupUrls(deps.publicBaseUrl, input.mode),
    });
    if (!setup.url) throw new Error(`card set-up ${setup.id} came back without a page address`);
    return { id: setup.id, url: setup.url, expires_at: setup.expiresAt };
  } catch (error) {
    deps.logger.error({ err: error, merchantId: input.merchantId, mode: input.mode }, 'card set-up could not start');
    throw badGateway(M.startFailed, 'processor_unavailable');
  }
}

/** A processor read, with "no such object" as our 404 and any other failure as the processor's 502. */
async function read<T>(deps: Deps, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof ProcessorError && error.statusCode === 404) throw notFound(M.notFound, 'card_setup_not_found');
    deps.logger.error({ err: error }, 'card set-up could not be read');
    throw badGateway(M.readFailed, 'processor_unavailable');
  }
}

/**
 * Saves the card entered on the processor's page as the mode's billing card, through the same
 * `saveBillingCard` a payment method id sent by hand goes through. Only the merchant's own set-up
 * counts (another merchant's reads as not found); an open or expired one is refused. Completing
 * again (the returning tab and the original tab both ask) answers the card already on file.
 */
export async function completeCardSetup(
  deps: Deps,
  input: {
    merchant: SetupMerchant;
    mode: ServiceMode;
    setupId: string;
    actor: { userId: string; role: Role };
  },
) {
  const setup = await read(deps, () => deps.processor.retrieveCardSetup(input.setupId));
  if (setup.clientReferenceId !== input.merchant.id) throw notFound(M.notFound, 'card_setup_not_found');
  if (setup.status === 'open') throw conflict(M.open, 'card_setup_open');
  if (setup.status === 'expired' || !setup.setupIntentId) throw conflict(M.expired, 'card_setup_expired');
  const setupIntentId = setup.setupIntentId;
  const intent = await read(deps, () => deps.processor.retrieveCardSetupIntent(setupIntentId));
  if (!intent.paymentMethodId) throw conflict(M.expired, 'card_setup_expired');

  const paymentMethodId = intent.paymentMethodId;
  // Both dashboard tabs may complete at once: one completion per business and mode at a time, so the
  // second finds the card the first saved instead of racing it at the processor.
  return deps.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`billing-card-setup:${input.merchant.id}:${input.mode}`}))`.execute(
      trx,
    );
    const current = await findBillingCard(deps.db, input.merchant.id, input.mode);
    if (current?.payment_method_id === paymentMethodId) return current;
    return saveBillingCard(deps, { merchant: input.merchant, mode: input.mode, paymentMethodId, actor: input.actor });
  });
}
