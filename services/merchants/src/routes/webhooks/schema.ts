import { badRequest, notFound } from '@groupsplit/shared';
import { z } from 'zod';

export const DEFAULT_DELIVERY_LOG_LIMIT = 20;
export const MAX_DELIVERY_LOG_LIMIT = 100;

/** `limit` is clamped to 1–100 (docs/spec.md, Webhook tooling); absent or blank means 20; only a non-number is refused. */
export const DeliveryLogQuerySchema = z.object({
  limit: z
    .preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce.number({ error: 'limit must be a number' }).refine(Number.isFinite, 'limit must be a number').optional(),
    )
    .transform((limit) =>
      limit === undefined
        ? DEFAULT_DELIVERY_LOG_LIMIT
        : Math.min(MAX_DELIVERY_LOG_LIMIT, Math.max(1, Math.trunc(limit))),
    ),
});

export const DeliveryParamsSchema = z.object({ id: z.string() });

export const deliveryNotFound = () => notFound('Delivery not found', 'delivery_not_found');

export const webhookUrlNotSet = (mode: string) =>
  badRequest(
    `Set a webhook_url for ${mode} mode first (PATCH /api/merchants with X-Service-Mode: ${mode})`,
    'webhook_url_not_set',
  );

export const webhookSecretNotSet = (mode: string) =>
  badRequest(
    `Create a webhook secret for ${mode} mode first (POST /api/merchants/credentials/rotate with X-Service-Mode: ${mode})`,
    'webhook_secret_not_set',
  );
