/**
 * `@groupsplit/core`: the vocabulary every capability speaks. Errors and their messages, ids, money, fees and
 * refund slices, UK days, hashing and tokens, the logger, the role policy, the readiness gate table and hold
 * lapses. It imports no other package of ours.
 */
export * from './checkout-claims';
export * from './crypto';
export * from './errors';
export * from './fees';
export * from './gate-table';
export * from './hold-lapse';
export * from './ids';
export * from './logger';
export * from './money';
export * from './policy';
export * from './refund-slicing';
export * from './uk-day';
