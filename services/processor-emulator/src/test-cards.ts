import type { Database } from '@groupsplit/shared';
import type { Selectable } from 'kysely';

/** Card details kept on a PaymentMethod and copied onto its charges: the `card` column's own type. */
type EmulatorCard = Selectable<Database['emulator_charges']>['card'];

export type CardDecline = { outcome: 'decline'; declineCode: string; message: string; onAttach: boolean };

/**
 * How a test card behaves when charged (and when attached to a customer). `authenticate`: the
 * issuer asks the cardholder to confirm (3-D Secure) on every on-session confirm, and the
 * payment goes on as `afterChallenge` once they do (docs/processor.md, "Test cards").
 */
export type CardBehaviour =
  | { outcome: 'succeed' }
  | CardDecline
  | { outcome: 'authenticate'; afterChallenge: { outcome: 'succeed' } | CardDecline };

export type TestCard = { card: EmulatorCard; behaviour: CardBehaviour };

const year = new Date().getUTCFullYear() + 3;
const visa = (last4: string): EmulatorCard => ({
  brand: 'visa',
  last4,
  exp_month: 12,
  exp_year: year,
  funding: 'credit',
  country: 'US',
});

export const DECLINE_MESSAGES: Record<string, string> = {
  generic_decline: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
};

/** Stripe's magic test PaymentMethod ids that the emulator understands. */
export const TEST_CARDS: Record<string, TestCard> = {
  pm_card_visa: { card: visa('4242'), behaviour: { outcome: 'succeed' } },
  pm_card_visa_debit: { card: { ...visa('5556'), funding: 'debit' }, behaviour: { outcome: 'succeed' } },
  pm_card_mastercard: {
    card: { brand: 'mastercard', last4: '4444', exp_month: 12, exp_year: year, funding: 'credit', country: 'US' },
    behaviour: { outcome: 'succeed' },
  },
  pm_card_amex: {
    card: { brand: 'amex', last4: '8431', exp_month: 12, exp_year: year, funding: 'credit', country: 'US' },
    behaviour: { outcome: 'succeed' },
  },
  pm_card_gb: { card: { ...visa('0000'), country: 'GB' }, behaviour: { outcome: 'succeed' } },
  pm_card_chargeDeclined: {
    card: visa('0002'),
    behaviour: {
      outcome: 'decline',
      declineCode: 'generic_decline',
      message: DECLINE_MESSAGES.generic_decline!,
      onAttach: true,
    },
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    card: visa('9995'),
    behaviour: {
      outcome: 'decline',
      declineCode: 'insufficient_funds',
      message: DECLINE_MESSAGES.insufficient_funds!,
      onAttach: true,
    },
  },
  /** 4000 0000 0000 3220: 3-D Secure 2, always asks. */
  pm_card_threeDSecure2Required: {
    card: { ...visa('3220'), country: 'GB' },
    behaviour: { outcome: 'authenticate', afterChallenge: { outcome: 'succeed' } },
  },
  /** 4000 0027 6000 3184: asks on every on-session payment (every confirm here is on-session). */
  pm_card_authenticationRequired: {
    card: { ...visa('3184'), country: 'GB' },
    behaviour: { outcome: 'authenticate', afterChallenge: { outcome: 'succeed' } },
  },
  /** 4000 0000 0000 3055: supports 3-D Secure, frictionless: never asks. */
  pm_card_threeDSecureOptional: { card: { ...visa('3055'), country: 'GB' }, behaviour: { outcome: 'succeed' } },
  /** 4000 0084 0000 1629: asks, then declines (`card_declined`) after a successful challenge. */
  pm_card_authenticationRequiredChargeDeclinedInsufficientFunds: {
    card: { ...visa('1629'), country: 'GB' },
    behaviour: {
      outcome: 'authenticate',
      afterChallenge: {
        outcome: 'decline',
        declineCode: 'insufficient_funds',
        message: DECLINE_MESSAGES.insufficient_funds!,
        onAttach: false,
      },
    },
  },
  /** Attaches to a customer fine, declines when charged (Stripe's 4000 0000 0000 0341). */
  pm_card_chargeCustomerFail: {
    card: visa('0341'),
    behaviour: {
      outcome: 'decline',
      declineCode: 'generic_decline',
      message: DECLINE_MESSAGES.generic_decline!,
      onAttach: false,
    },
  },
};

export const isTestCardId = (id: string) => Object.hasOwn(TEST_CARDS, id);

/**
 * The card numbers the hosted card set-up page takes (docs/processor.md, "Hosted card set-up"), as the
 * magic PaymentMethod each one stands for. Cards that ask for 3-D Secure are not offered there: the
 * page has no challenge step.
 */
export const TEST_CARD_NUMBERS: Record<string, string> = {
  '4242424242424242': 'pm_card_visa',
  '4000056655665556': 'pm_card_visa_debit',
  '5555555555554444': 'pm_card_mastercard',
  '371449635398431': 'pm_card_amex',
  '4000008260000000': 'pm_card_gb',
  '4000000000000002': 'pm_card_chargeDeclined',
  '4000000000009995': 'pm_card_chargeDeclinedInsufficientFunds',
  '4000000000000341': 'pm_card_chargeCustomerFail',
};
