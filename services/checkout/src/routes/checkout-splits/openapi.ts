import {
  BUSINESS_ERRORS,
  businessHeaders,
  EXAMPLE_VALUES,
  err,
  FAMILIES,
  IdempotencyKeyHeaders,
  MESSAGES,
  type OpenApiPaths,
  operations,
  ServiceModeHeaders,
} from '@groupsplit/shared';
import { z } from 'zod';
import { IDEMPOTENCY_HEADER_MESSAGE, IDEMPOTENCY_REUSED_MESSAGE } from '../../idempotency-key';
import { SPLIT_GATE_ERRORS, SplitDetailSchema } from '../../splits/schema';
import {
  CreatedSplitSchema,
  CreateSplitSchema,
  SPLIT_LIST_MESSAGES,
  SplitIdParams,
  SplitListQuerySchema,
  SplitPageSchema,
  SplitSummarySchema,
} from './schema';

const EXAMPLE = {
  merchantId: EXAMPLE_VALUES.ids.merchant,
  orderReference: EXAMPLE_VALUES.orderReference,
  participants: [
    { email: EXAMPLE_VALUES.email, amountMinor: 2250 },
    { email: EXAMPLE_VALUES.secondEmail, amountMinor: 2245 },
  ],
};

export const checkoutSplitsPaths: OpenApiPaths = operations(FAMILIES.splits, {
  'POST /api/checkout-splits': {
    id: 'createSplit',
    summary: 'Create a split from the dashboard',
    description:
      'Owner, Admin, Member. Places one hold per participant, one after another, then e-mails everyone but you an ' +
      'invitation with their pay link. Without an `Idempotency-Key` it is not safe to retry: a repeat places a second ' +
      'hold on every card. With one (additive), a retry with the same key and body answers 200 with the same split, ' +
      'waiting for its holds if the first call is still placing them, and places nothing twice. ' +
      'Amounts are pence (`amountMinor`, at least 100). X-Service-Mode: test makes a test split.',
    headers: ServiceModeHeaders.extend(IdempotencyKeyHeaders.shape),
    body: { schema: CreateSplitSchema, example: EXAMPLE },
    responses: {
      201: { description: 'Every hold is placed; the split is pending.', schema: CreatedSplitSchema },
      200: {
        description: "A retry with the same `Idempotency-Key` and body: the first call's split, as created.",
        schema: CreatedSplitSchema,
      },
    },
    errors: {
      400: [
        err(MESSAGES.validationFailed, undefined, '`merchantId` or `orderReference` not strings, participants missing'),
        err(MESSAGES.noParticipants),
        err(MESSAGES.participantRow),
        err(MESSAGES.minShare),
        err(MESSAGES.noProcessorAccount, undefined, 'live, onboarding not started'),
        ...SPLIT_GATE_ERRORS,
        err("the processor's own message", undefined, 'a hold could not be placed; the split ends creation_failed'),
        BUSINESS_ERRORS.invalidMode,
        err(IDEMPOTENCY_HEADER_MESSAGE, 'invalid_idempotency_key'),
      ],
      403: [err(MESSAGES.notYourMerchant), BUSINESS_ERRORS.role(), BUSINESS_ERRORS.paused],
      404: [err(MESSAGES.merchantNotFound)],
      409: [err(IDEMPOTENCY_REUSED_MESSAGE, 'idempotency_key_reused')],
    },
  },
  'GET /api/checkout-splits': {
    id: 'listSplits',
    summary: "Your business's splits",
    description:
      'Every role. Newest first; `[]` for a login in no business. Without X-Service-Mode both modes are listed; with it, that mode only. ' +
      'Without any query parameter the answer is the whole list, an array (docs/spec.md). With any of `limit`, `starting_after`, ' +
      '`ending_before`, `status`, `created[gte]`, `created[lt]`, `mode` or `q` it is one page, `{ data, has_more, next_cursor, previous_cursor }`: ' +
      'walk it by passing `next_cursor` as `starting_after` until `next_cursor` is null. A cursor stays valid however many splits are made meanwhile; ' +
      'new ones appear on the first page.',
    headers: businessHeaders({ mode: true }),
    query: SplitListQuerySchema,
    responses: {
      200: {
        description: 'The whole list (no query parameter), or one page (any query parameter).',
        schema: z.union([z.array(SplitSummarySchema), SplitPageSchema]),
      },
    },
    errors: {
      400: [
        BUSINESS_ERRORS.invalidMode,
        err(
          MESSAGES.validationFailed,
          'validation_failed',
          `a parameter refused, named in details: ${Object.values(SPLIT_LIST_MESSAGES).join('; ')}`,
        ),
      ],
      409: [BUSINESS_ERRORS.selectionRequired],
    },
  },
  'GET /api/checkout-splits/mine': {
    id: 'listMySplits',
    summary: 'Splits you created or take part in',
    description: "Matched on your account and your e-mail address; other people's `pay_token` values are null.",
    responses: { 200: { description: 'List summaries.', schema: z.array(SplitSummarySchema) } },
  },
  'GET /api/checkout-splits/{id}': {
    id: 'getSplit',
    summary: 'One split in full',
    description:
      'Its creator, or anyone in the business. Amounts are stored decimals without two-place formatting (`12.5`).',
    path: SplitIdParams,
    responses: {
      200: { description: 'The detail record.', schema: SplitDetailSchema },
    },
    errors: {
      403: [err(MESSAGES.forbidden, undefined, 'neither the creator nor in the business (a participant included)')],
      404: [err(MESSAGES.notFound)],
    },
  },
});
