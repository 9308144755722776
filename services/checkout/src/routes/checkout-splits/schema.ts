import {
  badRequest,
  currencyField,
  EXAMPLE_VALUES,
  emailField,
  flagField,
  idField,
  MESSAGES,
  mostImportant,
  nullableTextField,
  payTokenField,
  poundsField,
  SPLIT_STATUSES,
  textField,
  timestampField,
  uuidParam,
  type ValidationFailure,
} from '@groupsplit/shared';
import { z } from 'zod';
import {
  AwaitingMerchantSchema,
  NetAmountField,
  ParticipantStatusSchema,
  SplitStatusSchema,
} from '../../splits/schema';
import { decodeCursor } from './cursor';

/** The spec's messages for a bad create body, most general first. */
export const CREATE_SPLIT_MESSAGES = {
  validation: MESSAGES.validationFailed,
  empty: MESSAGES.noParticipants,
  row: MESSAGES.participantRow,
  minShare: MESSAGES.minShare,
} as const;

const M = CREATE_SPLIT_MESSAGES;

export const NewParticipantSchema = z.object(
  {
    email: z.string({ error: M.row }).min(1, { error: M.row }).meta({
      description: 'Who pays this share; they get an invitation with their pay link.',
      example: EXAMPLE_VALUES.secondEmail,
    }),
    amountMinor: z
      .number({ error: M.row })
      .int({ error: M.row })
      .positive({ error: M.row })
      .min(100, { error: M.minShare })
      .max(Number.MAX_SAFE_INTEGER, { error: M.row })
      .meta({
        description: 'Their share in pence, a whole number of at least 100 (£1), before the 20p fee.',
        example: 2250,
      }),
  },
  { error: M.row },
);

/**
 * POST /api/checkout-splits. A missing or non-array `participants` is `Validation failed`;
 * an empty array is `A checkout split needs at least one participant` (docs/splits.md).
 */
export const CreateSplitSchema = z.object(
  {
    merchantId: z.string({ error: M.validation }).meta({
      description: 'The business the split is for (yours: `id` of `GET /api/merchants/me`).',
      example: EXAMPLE_VALUES.ids.merchant,
    }),
    orderReference: z
      .string({ error: M.validation })
      .meta({ description: 'Your reference for the order, shown to payers.', example: EXAMPLE_VALUES.orderReference }),
    // Not validated beyond being text: the spec passes it to the processor as sent.
    currency: z
      .string({ error: M.validation })
      .min(1, { error: M.validation })
      .optional()
      .meta({ description: 'Passed to the processor as sent; `gbp`.', example: 'gbp' }),
    participants: z
      .array(NewParticipantSchema, { error: M.validation })
      .min(1, { error: M.empty })
      .meta({ description: 'Everyone paying, at least one; shares in pence. No upper limit.' }),
  },
  { error: M.validation },
);

const PRIORITY: string[] = [M.validation, M.empty, M.row, M.minShare];

/** Answers with the most general spec message among the issues found. */
export const createSplitFailure: ValidationFailure = (details) =>
  badRequest(mostImportant(details, PRIORITY) ?? M.validation);

/** GET /api/checkout-splits/:id: anything but a UUID is an unknown split (404). */
export const SplitIdParams = z.object({ id: uuidParam('split', 'The split id.') });

// ---- responses ------------------------------------------------------------------------------

/** POST /api/checkout-splits: 201, camelCase, amounts in pence. */
export const CreatedSplitSchema = z
  .object({
    id: idField('split', 'The new split.'),
    status: z.literal('pending').meta({ description: 'Every hold is placed; waiting for everyone to authorise.' }),
    participants: z
      .array(
        z.object({
          id: idField('participant', 'The participant id.'),
          email: emailField('As sent.', EXAMPLE_VALUES.secondEmail),
          amountMinor: z.number().int().meta({ description: 'Their share in pence.', example: 2250 }),
          feeMinor: z
            .number()
            .int()
            .meta({ description: 'Service fee in pence; card charge = amountMinor + feeMinor.', example: 20 }),
          paymentIntentId: nullableTextField('The processor payment holding the share.', 'pi_3QabcDEF456ghiJKL'),
          clientSecret: nullableTextField(
            'Only for a merchant building their own pay page.',
            'pi_3QabcDEF456ghiJKL_secret_x7YzW',
          ),
          payToken: payTokenField('What the pay link is built from (`pay_token` elsewhere).'),
        }),
      )
      .meta({ description: 'Everyone paying, camelCase, amounts in pence.' }),
  })
  .meta({
    id: 'CreatedSplit',
    description: 'The new split (camelCase, pence: docs/spec.md, Participant (create response)).',
  });

/** GET /api/checkout-splits and /mine: one split of the list. */
export const SplitSummarySchema = z
  .object({
    id: idField('split', 'The split id.'),
    order_reference: textField('The order reference.', EXAMPLE_VALUES.orderReference),
    currency: currencyField(),
    status: SplitStatusSchema.or(
      z.literal('creating').meta({
        description:
          'Only with `include=creating` (docs/splits.md, "Listing"): the split is still placing its holds; it becomes `pending` or `creation_failed`.',
      }),
    ),
    total_amount: poundsField('The order total, two places.'),
    created_at: timestampField('When the split was created.'),
    participants: z
      .array(
        z.object({
          id: idField('participant', 'The participant id.'),
          email: emailField('Their e-mail address.'),
          amount: poundsField('Their share.', EXAMPLE_VALUES.share),
          status: ParticipantStatusSchema,
          pay_token: nullableTextField(
            "Their pay token; null on /mine for other people's shares.",
            EXAMPLE_VALUES.payToken,
          ),
        }),
      )
      .meta({ description: 'Everyone paying a share.' }),
    awaiting_merchant: AwaitingMerchantSchema.optional(),
    merchant_fee: poundsField(
      "Beyond the spec's list fields: our fee taken from the shares, as recorded on the order when it was created " +
        "(the detail's `merchant_fee`, two places; never recalculated).",
      '1.35',
    ),
    net_amount: NetAmountField,
    organiser: z
      .object({
        name: nullableTextField('The name they gave; null when none was given.', 'Amy Pond'),
        email: z.string().nullable().meta({
          description: 'Their sign-in (or the session customer) e-mail address.',
          example: EXAMPLE_VALUES.email,
        }),
      })
      .nullable()
      .optional()
      .meta({
        description:
          "Who set the order up: the hosted checkout's buyer, or the team member who made it in the dashboard; null when " +
          'nobody is known. On pages of the business list only (any query parameter), never on the whole array or /mine.',
      }),
  })
  .meta({ id: 'SplitSummary', description: 'One split of a list.' });

// ---- the paged list (GET /api/checkout-splits with parameters; docs/splits.md, "Listing") ----------

export const SPLIT_LIST_LIMIT = { default: 20, max: 100 } as const;

/** The words of a refused list parameter, each in the `details` of a 400 `validation_failed`. */
export const SPLIT_LIST_MESSAGES = {
  limit: `limit must be a whole number from 1 to ${SPLIT_LIST_LIMIT.max}`,
  cursor: 'Not a cursor of this list: pass next_cursor or previous_cursor back as it came',
  bothCursors: 'Pass starting_after or ending_before, not both',
  status: 'Unknown status',
  include: 'include takes one value: creating',
  created: 'Give a date (2026-11-27) or a date and time with its offset (2026-11-27T09:30:00Z)',
  emptyRange: 'created[lt] must be after created[gte]',
  modeConflict: 'mode differs from the X-Service-Mode header',
  q: 'q is at most 200 characters',
} as const;

const L = SPLIT_LIST_MESSAGES;
const LISTED_STATUSES = z.enum(SPLIT_STATUSES).exclude(['creating']).options;

const cursorParam = (description: string) =>
  z
    .string({ error: L.cursor })
    .transform((text, ctx) => {
      const position = decodeCursor(text);
      if (!position) {
        ctx.addIssue({ code: 'custom', message: L.cursor });
        return z.NEVER;
      }
      return position;
    })
    .optional()
    .meta({
      param: { description },
      override: { type: 'string', example: 'WyIyMDI2LTExLTI3VDA5OjMwOjAwLjEyMzQ1NloiLCI…' },
    });

/** A date (midnight UTC) or a date-time with `Z` or an offset, as an instant. */
const INSTANT = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

const instantParam = (description: string, example: string) =>
  z
    .string({ error: L.created })
    .transform((text, ctx) => {
      if (!INSTANT.safeParse(text).success) {
        ctx.addIssue({ code: 'custom', message: L.created });
        return z.NEVER;
      }
      return new Date(text);
    })
    .optional()
    .meta({ param: { description }, override: { type: 'string', example } });

/**
 * The list's optional parameters. Any of them, even blank, turns the answer into a page (`SplitPage`);
 * none keeps the spec's whole array. `status` may be repeated (`?status=pending&status=captured`).
 */
export const SplitListQuerySchema = z
  .object({
    limit: z
      .string({ error: L.limit })
      .refine((text) => /^\d{1,3}$/.test(text), { error: L.limit })
      .transform(Number)
      .refine((n) => n >= 1 && n <= SPLIT_LIST_LIMIT.max, { error: L.limit })
      .optional()
      .meta({
        param: { description: `Splits per page, 1–${SPLIT_LIST_LIMIT.max}; default ${SPLIT_LIST_LIMIT.default}.` },
        override: { type: 'integer', minimum: 1, maximum: SPLIT_LIST_LIMIT.max, default: SPLIT_LIST_LIMIT.default },
      }),
    starting_after: cursorParam('The page after this one: pass `next_cursor` (older splits).'),
    ending_before: cursorParam('The page before this one: pass `previous_cursor` (newer splits).'),
    status: z
      .preprocess(
        (value) => (typeof value === 'string' ? [value] : value),
        z.array(z.enum(SPLIT_STATUSES, { error: L.status }), { error: L.status }).max(SPLIT_STATUSES.length),
      )
      .optional()
      .meta({
        param: {
          description: 'Only splits in this status; repeat it for several (`status=pending&status=captured`).',
          style: 'form',
          explode: true,
        },
        override: { type: 'array', items: { type: 'string', enum: [...LISTED_STATUSES, 'creating'] } },
      }),
    include: z
      .enum(['creating'], { error: L.include })
      .optional()
      .meta({
        param: {
          description:
            'Opt-in (docs/splits.md, "Listing"): `creating` lists splits still placing their holds too, with status ' +
            '`creating`, so an order is findable (by `q`, its order reference) from the moment the create was accepted. ' +
            'Then `status` may name `creating` as well.',
        },
      }),
    'created[gte]': instantParam(
      'Created at or after this instant: a date (midnight UTC) or a date-time with its offset.',
      '2026-11-01T00:00:00Z',
    ),
    'created[lt]': instantParam('Created before this instant (same forms as `created[gte]`).', '2026-12-01T00:00:00Z'),
    mode: z
      .enum(['test', 'live'])
      .optional()
      .meta({ param: { description: 'Only this mode. With X-Service-Mode as well, the two must agree.' } }),
    q: z
      .string({ error: L.q })
      .max(200, { error: L.q })
      .optional()
      .meta({
        param: {
          description:
            "Search, ignoring case: from 3 characters, any part of an order reference or of a participant's e-mail address or " +
            'name (`amy` finds amy.pond@example.com and Amy Pond); shorter, the beginning of an order reference or a whole ' +
            'e-mail address; always a whole split id or checkout session token. Blank means no search.',
        },
        example: 'ORD-1001',
      }),
  })
  .superRefine((query, ctx) => {
    const creatingAt = query.status?.indexOf('creating') ?? -1;
    if (creatingAt >= 0 && query.include !== 'creating') {
      // As before the opt-in existed: `creating` is no status a list shows.
      ctx.addIssue({ code: 'custom', path: ['status', creatingAt], message: L.status });
    }
    if (query.starting_after && query.ending_before) {
      ctx.addIssue({ code: 'custom', path: ['ending_before'], message: L.bothCursors });
    }
    const from = query['created[gte]'];
    const to = query['created[lt]'];
    if (from && to && to.getTime() <= from.getTime()) {
      ctx.addIssue({ code: 'custom', path: ['created[lt]'], message: L.emptyRange });
    }
  });

export type SplitListQuery = z.infer<typeof SplitListQuerySchema>;

/** The server's list (`GET /api/merchants/checkout/splits`, API key): its refusal beyond the list's own. */
export const SERVER_SPLIT_MESSAGES = {
  mode: "mode differs from the API key's mode: a key lists its own mode's splits only",
} as const;

/** GET /api/checkout-splits with any parameter: one page and where to go next. */
export const SplitPageSchema = z
  .object({
    data: z.array(SplitSummarySchema).meta({ description: 'This page of splits, newest first.' }),
    has_more: flagField(
      'Whether more splits lie past this page in the direction walked: older ones (first page, `starting_after`) or newer ones (`ending_before`).',
    ),
    next_cursor: nullableTextField(
      'Pass as `starting_after` for the next (older) page; null when there is none.',
      'WyIyMDI2LTExLTI3VDA5OjMwOjAwLjEyMzQ1NloiLCI…',
    ),
    previous_cursor: nullableTextField(
      'Pass as `ending_before` for the previous (newer) page; null on the first page.',
      null,
    ),
  })
  .meta({ id: 'SplitPage', description: 'One page of the splits list (docs/splits.md, "Listing").' });
