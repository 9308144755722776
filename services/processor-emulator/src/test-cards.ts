import type { Database } from '@groupsplit/shared';
import type { Selectable } from 'kysely';

/** Card details kept on a PaymentMethod and copied onto its charges: the `card` column's own type. */
type EmulatorCard = Selectable<Database['emulator_charges']>['card'];

/**
 * Stripe's error `code` for a refused card. `card_declined` carries the issuer's `decline_code`; the
 * other three are codes of their own (Stripe sends the same value as `decline_code` too).
 */
export type DeclineErrorCode = 'card_declined' | 'expired_card' | 'incorrect_cvc' | 'processing_error';

export type CardDecline = {
  outcome: 'decline';
  code: DeclineErrorCode;
  declineCode: string;
  message: string;
  /** The card check on attaching to a customer fails too (Stripe's declining cards, except 0341). */
  onAttach: boolean;
  /** Radar blocked it before the issuer saw it (the charge's outcome is `blocked`). */
  blocked?: boolean;
};

/**
 * How a test card behaves when charged (and when attached to a customer). `authenticate`: the
 * issuer asks the cardholder to confirm (3-D Secure) on every on-session confirm, and the
 * payment goes on as `afterChallenge` once they do (docs/processor.md, "Test cards").
 * A `decline` with `beforeChallenge` semantics (the 3-D Secure lookup itself fails) is a plain
 * `decline`: no challenge is opened.
 */
export type CardBehaviour =
  | { outcome: 'succeed' }
  | CardDecline
  | { outcome: 'authenticate'; afterChallenge: { outcome: 'succeed' } | CardDecline };

/** A wallet PaymentMethod (Apple Pay, Google Pay): a card with `card.wallet`. */
export type CardWallet = { type: 'apple_pay' | 'google_pay'; dynamic_last4: string };

/** Which table of docs/processor.md and the reference's Testing guide a card is listed in. */
export type CardTable = 'cards' | 'declines' | 'three_d_secure' | 'wallets';

/**
 * One row of the documented test-card table: the single source the emulator, docs/processor.md and
 * the reference's Testing guide are checked against (test-cards.test.ts, testing/src/openapi-reference.test.ts).
 * `summary` is the "What happens" cell, word for word.
 */
export type TestCardRow = {
  id: string;
  table: CardTable;
  /** The card number as Stripe prints it (spaced); null for the emulator's own wallet ids, which have none. */
  number: string | null;
  brand: 'visa' | 'mastercard' | 'amex';
  country: string;
  funding: 'credit' | 'debit';
  threeDSecureSupported: boolean;
  wallet?: CardWallet;
  behaviour: CardBehaviour;
  /**
   * How it behaves instead when the PaymentIntent asks for 3-D Secure
   * (`payment_method_options[card][request_three_d_secure]` `any` or `challenge`); as `behaviour` when absent.
   */
  whenRequested?: CardBehaviour;
  summary: string;
};

export type TestCard = {
  card: EmulatorCard;
  behaviour: CardBehaviour;
  whenRequested: CardBehaviour;
  wallet: CardWallet | null;
  threeDSecureSupported: boolean;
};

/** Stripe's messages for each refusal (docs.stripe.com/declines/codes, error-codes; see docs/processor.md). */
export const DECLINE_MESSAGES = {
  generic_decline: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  lost_card: 'Your card was declined.',
  stolen_card: 'Your card was declined.',
  fraudulent: 'Your card was declined.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
  processing_error: 'An error occurred while processing your card. Try again in a little while.',
} as const;

type DeclineCode = keyof typeof DECLINE_MESSAGES;

function decline(declineCode: DeclineCode, options: { onAttach?: boolean; blocked?: boolean } = {}): CardDecline {
  const code: DeclineErrorCode =
    declineCode === 'expired_card' || declineCode === 'incorrect_cvc' || declineCode === 'processing_error'
      ? declineCode
      : 'card_declined';
  return {
    outcome: 'decline',
    code,
    declineCode,
    message: DECLINE_MESSAGES[declineCode],
    onAttach: options.onAttach ?? true,
    ...(options.blocked ? { blocked: true } : {}),
  };
}

const succeed = { outcome: 'succeed' } as const;
const asks = (afterChallenge: { outcome: 'succeed' } | CardDecline = succeed): CardBehaviour => ({
  outcome: 'authenticate',
  afterChallenge,
});

type RowInput = Omit<TestCardRow, 'country' | 'funding' | 'threeDSecureSupported' | 'brand'> &
  Partial<Pick<TestCardRow, 'country' | 'funding' | 'threeDSecureSupported' | 'brand'>>;
const row = (r: RowInput): TestCardRow => ({
  brand: 'visa',
  country: 'US',
  funding: 'credit',
  threeDSecureSupported: true,
  ...r,
});

/**
 * Stripe's test cards (docs.stripe.com/testing: "Cards by brand", "Declined payments", "Fraud
 * prevention", "Regulatory (3D Secure) cards"), with Stripe's `pm_card_*` ids and numbers. The
 * `pm_card_visa_chargeDeclined…` names are the ones Stripe's table prints today; the shorter
 * `pm_card_chargeDeclined…` names are older ones it still accepts. Countries of the 3-D Secure cards
 * follow the ISO numeric code inside their numbers (826 GB, 276 DE, 250 FR, 840 US; 3220 is Irish).
 * Wallet ids are the emulator's own: Stripe publishes none (a wallet PaymentMethod comes from a device).
 */
export const TEST_CARD_TABLE: readonly TestCardRow[] = [
  // Cards by brand: all succeed.
  row({ id: 'pm_card_visa', table: 'cards', number: '4242 4242 4242 4242', behaviour: succeed, summary: 'Held' }),
  row({
    id: 'pm_card_visa_debit',
    table: 'cards',
    number: '4000 0566 5566 5556',
    funding: 'debit',
    behaviour: succeed,
    summary: 'Held (debit)',
  }),
  row({
    id: 'pm_card_mastercard',
    table: 'cards',
    number: '5555 5555 5555 4444',
    brand: 'mastercard',
    behaviour: succeed,
    summary: 'Held',
  }),
  row({
    id: 'pm_card_amex',
    table: 'cards',
    number: '3714 496353 98431',
    brand: 'amex',
    behaviour: succeed,
    summary: 'Held',
  }),
  row({
    id: 'pm_card_gb',
    table: 'cards',
    number: '4000 0082 6000 0000',
    country: 'GB',
    behaviour: succeed,
    summary: 'Held (a UK card)',
  }),
  // Declined payments.
  ...(
    [
      ['pm_card_chargeDeclined', '4000 0000 0000 0002', 'generic_decline'],
      ['pm_card_visa_chargeDeclined', '4000 0000 0000 0002', 'generic_decline'],
      ['pm_card_chargeDeclinedInsufficientFunds', '4000 0000 0000 9995', 'insufficient_funds'],
      ['pm_card_visa_chargeDeclinedInsufficientFunds', '4000 0000 0000 9995', 'insufficient_funds'],
      ['pm_card_chargeDeclinedLostCard', '4000 0000 0000 9987', 'lost_card'],
      ['pm_card_visa_chargeDeclinedLostCard', '4000 0000 0000 9987', 'lost_card'],
      ['pm_card_chargeDeclinedStolenCard', '4000 0000 0000 9979', 'stolen_card'],
      ['pm_card_visa_chargeDeclinedStolenCard', '4000 0000 0000 9979', 'stolen_card'],
      ['pm_card_chargeDeclinedExpiredCard', '4000 0000 0000 0069', 'expired_card'],
      ['pm_card_chargeDeclinedIncorrectCvc', '4000 0000 0000 0127', 'incorrect_cvc'],
      ['pm_card_chargeDeclinedProcessingError', '4000 0000 0000 0119', 'processing_error'],
    ] as const
  ).map(([id, number, code]) => {
    const d = decline(code);
    return row({
      id,
      table: 'declines',
      number,
      behaviour: d,
      summary:
        d.code === 'card_declined'
          ? `Declined: \`card_declined\` / \`${code}\`, "${d.message}"`
          : `Declined: \`${code}\`, "${d.message}"`,
    });
  }),
  // Two of Stripe's ids for the one card its fraud screening blocks.
  ...['pm_card_chargeDeclinedFraudulent', 'pm_card_radarBlock'].map((id) =>
    row({
      id,
      table: 'declines',
      number: '4100 0000 0000 0019',
      behaviour: decline('fraudulent', { onAttach: false, blocked: true }),
      summary: `Blocked as fraudulent: \`card_declined\` / \`fraudulent\`, "${DECLINE_MESSAGES.fraudulent}"`,
    }),
  ),
  row({
    id: 'pm_card_chargeCustomerFail',
    table: 'declines',
    number: '4000 0000 0000 0341',
    behaviour: decline('generic_decline', { onAttach: false }),
    summary: 'Saved to a customer, then declined when charged: `card_declined` / `generic_decline`',
  }),
  // Regulatory (3-D Secure) cards. Every confirm here is on-session.
  row({
    id: 'pm_card_authenticationRequiredOnSetup',
    table: 'three_d_secure',
    number: '4000 0025 0000 3155',
    country: 'FR',
    behaviour: asks(),
    summary: 'Asks on every on-session payment, then held',
  }),
  row({
    id: 'pm_card_authenticationRequired',
    table: 'three_d_secure',
    number: '4000 0027 6000 3184',
    country: 'DE',
    behaviour: asks(),
    summary: 'Always asks, then held',
  }),
  row({
    id: 'pm_card_authenticationRequiredChargeDeclinedInsufficientFunds',
    table: 'three_d_secure',
    number: '4000 0082 6000 3178',
    country: 'GB',
    behaviour: asks(decline('insufficient_funds', { onAttach: false })),
    summary: 'Asks, then declined: `card_declined` / `insufficient_funds`',
  }),
  row({
    id: 'pm_card_threeDSecure2Required',
    table: 'three_d_secure',
    number: '4000 0000 0000 3220',
    country: 'IE',
    behaviour: asks(),
    summary: 'Always asks, then held',
  }),
  row({
    id: 'pm_card_threeDSecureRequiredChargeDeclined',
    table: 'three_d_secure',
    number: '4000 0084 0000 1629',
    behaviour: asks(decline('generic_decline', { onAttach: false })),
    summary: 'Asks, then declined: `card_declined` / `generic_decline`',
  }),
  row({
    id: 'pm_card_threeDSecureRequiredProcessingError',
    table: 'three_d_secure',
    number: '4000 0084 0000 1280',
    behaviour: decline('processing_error', { onAttach: false }),
    summary: 'The 3-D Secure lookup fails: declined with `processing_error`, no challenge',
  }),
  row({
    id: 'pm_card_threeDSecureOptional',
    table: 'three_d_secure',
    number: '4000 0000 0000 3055',
    behaviour: succeed,
    whenRequested: asks(),
    summary: 'Supported, not required: held at once; asks when the payment requests 3-D Secure',
  }),
  row({
    id: 'pm_card_threeDSecureOptionalProcessingError',
    table: 'three_d_secure',
    number: '4000 0000 0000 3097',
    behaviour: succeed,
    whenRequested: decline('processing_error', { onAttach: false }),
    summary:
      'Supported, not required: held at once; when the payment requests 3-D Secure the lookup fails: declined with `processing_error`',
  }),
  row({
    id: 'pm_card_amex_threeDSecureNotSupported',
    table: 'three_d_secure',
    number: '3782 822463 10005',
    brand: 'amex',
    threeDSecureSupported: false,
    behaviour: succeed,
    summary: 'Not supported (`three_d_secure_usage.supported: false`): held at once',
  }),
  // Wallets: the emulator's own ids (see above).
  row({
    id: 'pm_card_applePay_visa',
    table: 'wallets',
    number: null,
    wallet: { type: 'apple_pay', dynamic_last4: '4242' },
    behaviour: succeed,
    summary: 'Apple Pay, Visa ••••4242: held',
  }),
  row({
    id: 'pm_card_googlePay_mastercard',
    table: 'wallets',
    number: null,
    brand: 'mastercard',
    wallet: { type: 'google_pay', dynamic_last4: '4444' },
    behaviour: succeed,
    summary: 'Google Pay, Mastercard ••••4444: held',
  }),
  row({
    id: 'pm_card_applePay_threeDSecureRequired',
    table: 'wallets',
    number: null,
    country: 'IE',
    wallet: { type: 'apple_pay', dynamic_last4: '3220' },
    behaviour: asks(),
    summary: 'Apple Pay, Visa ••••3220: asks (3-D Secure), then held',
  }),
  row({
    id: 'pm_card_googlePay_chargeDeclined',
    table: 'wallets',
    number: null,
    wallet: { type: 'google_pay', dynamic_last4: '0002' },
    behaviour: decline('generic_decline', { onAttach: false }),
    summary: 'Google Pay, Visa ••••0002: declined, `card_declined` / `generic_decline`',
  }),
];

/** The last four digits of a row's card (a wallet's card shows its device number's last four). */
export const rowLast4 = (r: TestCardRow) =>
  r.number ? r.number.replace(/\s/g, '').slice(-4) : r.wallet!.dynamic_last4;

/**
 * The row docs/processor.md and the reference's Testing guide print for a card: id, number (— for a
 * wallet id, which has none) and what happens. Tests look for it word for word.
 */
export const testCardDocRow = (r: TestCardRow) => `| \`${r.id}\` | ${r.number ?? '—'} | ${r.summary} |`;

const year = new Date().getUTCFullYear() + 3;

/** Stripe's magic test PaymentMethod ids that the emulator understands. */
export const TEST_CARDS: Record<string, TestCard> = Object.fromEntries(
  TEST_CARD_TABLE.map((r) => [
    r.id,
    {
      card: {
        brand: r.brand,
        last4: rowLast4(r),
        exp_month: 12,
        exp_year: year,
        funding: r.funding,
        country: r.country,
      },
      behaviour: r.behaviour,
      whenRequested: r.whenRequested ?? r.behaviour,
      wallet: r.wallet ?? null,
      threeDSecureSupported: r.threeDSecureSupported,
    },
  ]),
);

export const isTestCardId = (id: string) => Object.hasOwn(TEST_CARDS, id);

/**
 * The card numbers the hosted card set-up page takes (docs/processor.md, "Hosted card set-up"), as the
 * magic PaymentMethod each one stands for: the brand and decline tables (first id for a number).
 * Cards that ask for 3-D Secure are not offered there: the page has no challenge step.
 */
export const TEST_CARD_NUMBERS: Record<string, string> = {};
for (const r of TEST_CARD_TABLE) {
  if (!r.number || (r.table !== 'cards' && r.table !== 'declines')) continue;
  const digits = r.number.replace(/\s/g, '');
  TEST_CARD_NUMBERS[digits] ??= r.id;
}
