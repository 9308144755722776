import {
  assertWebhookUrl,
  conflict,
  type Db,
  type ErrorDetail,
  MESSAGES,
  MembershipsRepository,
  MerchantsRepository,
  recordAudit,
  saveWebhookUrl,
  sessionPrincipal,
  validate,
  validationFailed,
  validBody,
} from '@groupsplit/shared';
import Router from '@koa/router';
import { sql } from 'kysely';
import type { MerchantsDeps } from '../../deps';
import { addressText, normaliseAddressParts } from './address';
import { COMPANY_REGISTERED_MESSAGE, MERCHANT_EXISTS_MESSAGE, type RegisterInput, RegisterSchema } from './schema';

/** The registration failure of docs/spec.md (Errors) has `details` but no code. */
const invalidRegistration = (details: ErrorDetail[]) => validationFailed(MESSAGES.registrationInvalid, details, null);

const companyHolder = (db: Db, companyNumber: string) => new MerchantsRepository(db).findByCompanyNumber(companyNumber);

/**
 * Registration has no X-Service-Mode: its webhook_url is the live one (the spec's default mode),
 * so it always gets the live URL checks, ALLOW_PRIVATE_WEBHOOK_TARGETS or not. A test-mode URL is
 * set afterwards with PATCH /api/merchants and X-Service-Mode: test (docs/webhooks.md).
 */
const REGISTERED_WEBHOOK_MODE = 'live' as const;

const companyAlreadyRegistered = (businessName: string) =>
  conflict(COMPANY_REGISTERED_MESSAGE, 'company_already_registered', { business_name: businessName });

/** The merchant row for a registration: the fixed parts (GB, gbp, 300 bps) are not selectable. */
function merchantValues(input: RegisterInput) {
  const parts = input.business_address_parts ? normaliseAddressParts(input.business_address_parts) : null;
  return {
    name: input.name,
    legal_name: input.legal_name,
    business_type: input.business_type,
    business_address: parts ? addressText(parts) : (input.business_address as string),
    business_address_parts: parts ? JSON.stringify(parts) : null,
    business_email: input.business_email,
    business_phone: input.business_phone,
    company_number: input.company_number,
    vat_number: input.vat_number,
    country: 'GB',
    default_currency: 'gbp',
    platform_fee_bps: 300,
  };
}

/** POST /api/merchants/register: any signed-in account, even one in no business yet. */
export function registerRoutes({ config, db }: MerchantsDeps): Router {
  const router = new Router();

  router.post('/api/merchants/register', validate('body', RegisterSchema, invalidRegistration), async (ctx) => {
    const { userId } = sessionPrincipal(ctx.state.principal);
    const input = validBody(ctx, RegisterSchema);
    // Checked (and resolved) before the transaction: it may take a DNS lookup.
    const webhookUrl = input.webhook_url
      ? await assertWebhookUrl(input.webhook_url, { mode: REGISTERED_WEBHOOK_MODE, config })
      : null;

    const values = merchantValues(input);
    let merchant: { id: string; name: string };
    try {
      merchant = await db.transaction().execute(async (trx) => {
        // Two registrations from one login at once must not both pass the one-business check.
        await sql`SELECT pg_advisory_xact_lock(hashtext(${`register:${userId}`}))`.execute(trx);
        if (!input.allow_additional && (await new MembershipsRepository(trx).hasAny(userId))) {
          throw conflict(MERCHANT_EXISTS_MESSAGE, 'merchant_exists');
        }
        if (values.company_number) {
          const holder = await companyHolder(trx, values.company_number);
          if (holder) throw companyAlreadyRegistered(holder.name);
        }
        const created = await new MerchantsRepository(trx).create(values);
        await new MembershipsRepository(trx).add({ merchantId: created.id, userId, role: 'owner' });
        if (webhookUrl) await saveWebhookUrl(trx, created.id, REGISTERED_WEBHOOK_MODE, webhookUrl);
        await recordAudit(trx, {
          merchantId: created.id,
          actorUserId: userId,
          actorRole: 'owner',
          action: 'business.registered',
          after: { ...values, business_address_parts: input.business_address_parts ?? null, webhook_url: webhookUrl },
        });
        return created;
      });
    } catch (error) {
      // Another registration took the company number between our check and our insert.
      if ((error as { constraint?: string }).constraint === 'merchants_company_number_key' && values.company_number) {
        const holder = await companyHolder(db, values.company_number);
        throw companyAlreadyRegistered(holder?.name ?? '');
      }
      throw error;
    }

    ctx.status = 201;
    ctx.body = { id: merchant.id, name: merchant.name, webhook_url: webhookUrl };
  });

  return router;
}
