import { uuidSchema } from '@groupsplit/core';
import { z } from 'zod';
import { PoundsSchema, TimestampSchema } from './common';

/*
 * Field definitions the reference shares: ids, tokens, e-mail addresses, amounts, currency and
 * timestamps, each with its description, format and example written once. A route's schema uses
 * them for its response fields (and, where the type is the same, its request fields), so every
 * operation's example is made of the same order: £44.95 split two ways, as in the quickstart.
 * Only metadata is added here: what a schema accepts is decided where it is declared.
 */

/** The values the composed examples use, so an id in one answer is the same id in the next. */
export const EXAMPLE_VALUES = {
  ids: {
    split: '8a1d4f3e-5c2b-4e7a-9f10-3b6c2d8e4a51',
    participant: 'c3e8a9b1-7d4f-4a2e-8b6c-1f9e0d2a7b34',
    merchant: '5b7e2c91-0a3d-4f6e-b812-9c4d7a1e3f60',
    user: '0f2a6d8c-3b1e-4c7a-a9d5-6e8b2f4c1d07',
    refund: 'e4b2c6a8-1f3d-4e5b-9c7a-8d0f2b4e6a13',
    apiKey: '7c9e1a3b-5d2f-4b8e-a6c4-0e2d4f6a8b95',
    invite: '2d4f6b8a-9c1e-4a3d-b5f7-1a3c5e7b9d20',
    member: '9e1c3a5d-7b2f-4d6e-8a4c-3f5b7d9e1a62',
    delivery: '4a6c8e0b-2d1f-4b3a-9e5c-7b9d1f3a5c84',
    event: '6d8f0b2c-4e3a-4c5b-a7d9-2c4e6a8b0d16',
    bill: 'b1d3f5a7-9c2e-4f6a-8b0d-5e7a9c1b3d48',
    seat: '3f5a7c9e-1b2d-4e6f-a8c0-7d9f1b3e5a26',
  },
  groupToken: 'Gq7nW2xT9kLp4vR8sZ3mC6bH1dF5jY0a',
  sessionToken: 'Yk3vR8qLw2ZpN5tHc9XjF4mDs7BgQ1aEu6KyT0nWr3M',
  payToken: 'pT9xK2mQ7vL4wR8nZ3cH6jB1fD5sG0aY',
  email: 'alex@example.com',
  secondEmail: 'sam@example.com',
  maskedEmail: 's***@example.com',
  amount: '44.95',
  share: '22.50',
  otherShare: '22.45',
  fee: '0.20',
  timestamp: '2026-09-01T12:00:00.000Z',
  domain: 'shop.example.com',
  orderReference: 'ORDER-1001',
} as const;

type IdKind = keyof typeof EXAMPLE_VALUES.ids;

/** A UUID we handed out: `idField('split', 'The split id.')`. */
export const idField = (kind: IdKind, description: string) =>
  z.string().meta({ description, format: 'uuid', example: EXAMPLE_VALUES.ids[kind] });

/** An e-mail address as typed. */
export const emailField = (description: string, example: string = EXAMPLE_VALUES.email) =>
  z.string().meta({ description, format: 'email', example });

/** The hosted-checkout session token: the credential of the buyer's pages; treat it as a secret. */
export const sessionTokenField = (description = 'The checkout session token. Treat it as a secret.') =>
  z.string().meta({ description, example: EXAMPLE_VALUES.sessionToken });

/** A participant's pay token, from which their pay link is built; treat it as a secret. */
export const payTokenField = (description = "The participant's pay token: their pay link is built from it.") =>
  z.string().meta({ description, example: EXAMPLE_VALUES.payToken });

/** A participant's pay link (`<base>/pay/<pay token>`), with this field's own description. */
export const payUrlField = (description: string) =>
  z.string().meta({ description, format: 'uri', example: `http://localhost:3000/pay/${EXAMPLE_VALUES.payToken}` });

/** A split's group link (`/join/<group token>`, docs/splits.md "Open seats"); treat it as a secret. */
export const groupUrlField = (description: string) =>
  z.string().meta({ description, format: 'uri', example: `http://localhost:3000/join/${EXAMPLE_VALUES.groupToken}` });

/** Two-place pounds with this field's own description (the format and example are Pounds'). */
export const poundsField = (description: string, example: string = EXAMPLE_VALUES.amount) =>
  PoundsSchema.meta({ description, example });

/** An ISO 8601 UTC timestamp with this field's own description. */
export const timestampField = (description: string) => TimestampSchema.meta({ description });

/** A time that may not have happened yet: a timestamp, or null until it does. */
export const nullableTimestampField = (description: string, example?: string | null) =>
  TimestampSchema.nullable().meta(example === undefined ? { description } : { description, example });

/** The currency of every amount; `gbp` is the only one. */
export const currencyField = (description = 'Always `gbp` (pounds sterling), lower case.') =>
  z.string().meta({ description, example: 'gbp' });

/** A whole count (of participants, of keys…). */
export const countField = (description: string, example = 2) => z.number().int().meta({ description, example });

/** A yes/no with its meaning. */
export const flagField = (description: string, example = true) => z.boolean().meta({ description, example });

/** Free text with its meaning and an example. */
export const textField = (description: string, example: string) => z.string().meta({ description, example });

/** Text that may be absent: a string, or null (the example may be either). */
export const nullableTextField = (description: string, example: string | null) =>
  z.string().nullable().meta({ description, example });

/** A UUID path parameter (`/api/checkout-splits/{id}`): checked like `idParams`, described and exampled. */
export const uuidParam = (kind: IdKind, description: string) =>
  uuidSchema().meta({ description, example: EXAMPLE_VALUES.ids[kind] });

/** A token in a path (hosted session, pay link): 1 to 200 characters, the credential of the link. */
export const pathTokenParam = (description: string, example: string = EXAMPLE_VALUES.sessionToken) =>
  z.string().min(1).max(200).meta({ description, example });
