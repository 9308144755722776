/**
 * Amounts in the API are **pounds**, as decimal strings with two places: `"44.95"` is £44.95. A
 * payment processor's habit of integer pence (`4495`) would read as £4,495.00 here, so the client's
 * inputs take only `Pounds` strings: a number does not compile. `pounds(4495)` converts from pence.
 */

type Digit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';

/** Pounds with exactly two decimal places, as a string: `"44.95"`, `"5.00"`, `"-2.50"` (a discount line). */
export type Pounds = `${bigint}.${Digit}${Digit}`;

const POUNDS = /^-?(0|[1-9][0-9]*)\.[0-9]{2}$/;

/** Pounds from whole pence: `pounds(4495)` is `"44.95"`. Throws a RangeError for anything but a safe integer. */
export function pounds(pence: number): Pounds {
  if (!Number.isSafeInteger(pence)) throw new RangeError(`pounds() takes whole pence, got ${pence}`);
  const whole = Math.abs(pence);
  const sign = pence < 0 ? '-' : '';
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}` as Pounds;
}

/** Whether `value` is a `Pounds` string (two decimal places, no padding): for amounts read from elsewhere. */
export function isPounds(value: unknown): value is Pounds {
  return typeof value === 'string' && POUNDS.test(value);
}

/** `value` as `Pounds`, or a RangeError naming it: `toPounds(row.total)` for a string from your database. */
export function toPounds(value: string): Pounds {
  if (!isPounds(value)) throw new RangeError(`Not an amount in pounds with two decimals: ${JSON.stringify(value)}`);
  return value;
}

/**
 * A request body type whose amounts take only `Pounds`: every `amount` property the document types
 * as a number or a string (session create, its line items, a buyer's split, a refund).
 */
export type PoundsInputs<T> = T extends readonly (infer Item)[]
  ? PoundsInputs<Item>[]
  : T extends object
    ? { [K in keyof T]: K extends 'amount' ? PoundsField<T[K]> : PoundsInputs<T[K]> }
    : T;

type PoundsField<T> = [Extract<T, number>] extends [never] ? PoundsInputs<T> : Exclude<T, number | string> | Pounds;
