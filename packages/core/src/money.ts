/**
 * Money is integer pence everywhere inside the code. These helpers are the only
 * place pounds become pence or pence become pounds, and they never go through floats.
 */
export type Pence = number;

export class MoneyFormatError extends Error {
  override name = 'MoneyFormatError';
}

const POUNDS_PATTERN = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** "12.5", 12.5 and "12.50" all give 1250; more than two decimals, exponents and junk are refused. */
export function poundsToPence(value: string | number): Pence {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new MoneyFormatError('Amount must be a finite number');
    // Shortest round-trip text of a double is exact for anything a person types with two decimals.
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    throw new MoneyFormatError('Amount must be a number or a decimal string');
  }
  const match = POUNDS_PATTERN.exec(text);
  if (!match) throw new MoneyFormatError(`Not a pounds amount with at most two decimals: ${text}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const pence = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(pence)) throw new MoneyFormatError('Amount is too large');
  return sign ? -pence : pence;
}

/** 1250 → "12.50"; the spec's two-place pound strings. */
export function formatPounds(pence: Pence): string {
  if (!Number.isSafeInteger(pence)) throw new MoneyFormatError(`Not whole pence: ${pence}`);
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * 1250 → "12.5", 1200 → "12", 20 → "0.2": the split detail's "stored decimals without two-place
 * formatting", a decimal string in pounds with trailing zeros dropped. Exact, and parses as a
 * decimal. Lists, webhooks and the pay lookup use formatPounds instead.
 */
export function decimalPounds(pence: Pence): string {
  const [whole, fraction] = formatPounds(pence).split('.') as [string, string];
  const significant = fraction.replace(/0+$/, '');
  return significant ? `${whole}.${significant}` : whole;
}
