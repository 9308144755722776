import type { Database } from '@groupsplit/shared';
import type { Selectable } from 'kysely';

export type AccountRow = Selectable<Database['emulator_accounts']>;
export type PaymentIntentRow = Selectable<Database['emulator_payment_intents']>;
export type ChargeRow = Selectable<Database['emulator_charges']>;
export type RefundRow = Selectable<Database['emulator_refunds']>;
export type CustomerRow = Selectable<Database['emulator_customers']>;
export type PaymentMethodRow = Selectable<Database['emulator_payment_methods']>;
export type DisputeRow = Selectable<Database['emulator_disputes']>;
export type FeeRefundRow = Selectable<Database['emulator_fee_refunds']>;
export type EventRow = Selectable<Database['emulator_events']>;
export type CheckoutSessionRow = Selectable<Database['emulator_checkout_sessions']>;
export type SetupIntentRow = Selectable<Database['emulator_setup_intents']>;
export type PaymentMethodDomainRow = Selectable<Database['emulator_payment_method_domains']>;
