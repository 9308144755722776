import { uuidSchema } from '@groupsplit/core';
import { z } from 'zod';

/**
 * Shapes many responses share, registered once as components so each has one schema.
 * `.meta({ id })` names the component in the OpenAPI document.
 */

/** Two-place pounds, `-` for a negative amount (a discount line): `12.50`, `-5.50`. */
export const PoundsSchema = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .meta({
    id: 'Pounds',
    description: 'An amount in pounds as a decimal string with two places (`-` for a discount).',
    example: '12.50',
  });

/** An ISO 8601 UTC timestamp, as every response writes one. */
export const TimestampSchema = z.iso.datetime().meta({
  id: 'Timestamp',
  description: 'ISO 8601 timestamp in UTC.',
  example: '2026-09-01T12:00:00.000Z',
});

export const ModeSchema = z.enum(['test', 'live']).meta({
  id: 'Mode',
  description: 'Test or live. Test keys, URLs, secrets and orders never mix with live ones.',
});

export const RoleSchema = z.enum(['owner', 'admin', 'finance', 'member']).meta({
  id: 'Role',
  description: 'A role in a business (docs/spec.md, Permission table).',
});

/** `{ ok: true }`, the answer of actions with nothing else to say. */
export const OkSchema = z
  .object({ ok: z.literal(true).meta({ description: 'Done.' }) })
  .meta({ id: 'Ok', description: 'The action was done.' });

const serviceMode = z
  .enum(['test', 'live'])
  .optional()
  .meta({
    param: {
      id: 'ServiceMode',
      description:
        'Selects test mode (`test`) on credential, gate, billing and webhook reads and changes; absent or `live` means live. ' +
        'Any other value is 400 `invalid_service_mode`.',
    },
  });

const merchantSelection = uuidSchema()
  .optional()
  .meta({
    param: {
      id: 'MerchantSelection',
      description:
        'Chooses the business for a login that belongs to more than one (else 409 `business_selection_required`). ' +
        'Browsers cannot send it; servers can.',
    },
  });

/** Request headers of a signed-in business call; `mode` adds X-Service-Mode where the route reads it. */
export function businessHeaders(options: { mode?: boolean } = {}) {
  return z.object({
    'x-service-merchant-id': merchantSelection,
    ...(options.mode ? { 'X-Service-Mode': serviceMode } : {}),
  });
}

/** X-Service-Mode alone (a route that reads the mode but not the business). */
export const ServiceModeHeaders = z.object({ 'X-Service-Mode': serviceMode });

export const IdempotencyKeyHeaders = z.object({
  'Idempotency-Key': z
    .string()
    .min(1)
    .max(255)
    .optional()
    .meta({
      param: {
        id: 'IdempotencyKey',
        description:
          'Makes the call safe to retry: the same key with the same body within 24 hours returns the original answer (200); ' +
          'with a different body, 409 `idempotency_key_reused`.',
        example: 'order-1042-attempt-1',
      },
    }),
});
