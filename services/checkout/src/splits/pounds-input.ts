import { MoneyFormatError, poundsToPence } from '@groupsplit/shared';
import { z } from 'zod';

/**
 * An amount the caller writes in pounds, as a number or a decimal string, read as whole pence
 * (poundsToPence). `notAmount` words the issue for any other type, `malformed` the one for a value
 * that is no pounds amount (too precise, too large, not a number).
 */
export const poundsInput = (
  notAmount: string | ((issue: { input?: unknown }) => string),
  malformed: (value: number | string) => string,
) =>
  z.union([z.number(), z.string()], { error: notAmount }).transform((value, ctx) => {
    try {
      return poundsToPence(value);
    } catch (error) {
      if (!(error instanceof MoneyFormatError)) throw error;
      ctx.addIssue({ code: 'custom', message: malformed(value) });
      return z.NEVER;
    }
  });
