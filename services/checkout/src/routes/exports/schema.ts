import { z } from 'zod';

export const EXPORT_MESSAGES = {
  from: 'from must be a date (YYYY-MM-DD)',
  to: 'to must be a date (YYYY-MM-DD)',
  order: 'to must be on or after from',
  /** 429 `exports_busy`: EXPORTS_AT_ONCE files are already streaming from this process (./slots.ts). */
  busy: 'Other exports are running. Please try again in a few seconds.',
} as const;

const ukDay = (message: string, description: string) =>
  z.iso.date({ error: message }).meta({ description, example: '2026-11-01' });

/**
 * The period of an export: UK calendar days, both included (docs/exports.md, "Period"). A day is
 * midnight to midnight in Europe/London; the rule itself is ExportScope's (shared repositories).
 */
export const ExportQuerySchema = z
  .object({
    from: ukDay(EXPORT_MESSAGES.from, 'First UK calendar day of the period (included), YYYY-MM-DD.'),
    to: ukDay(EXPORT_MESSAGES.to, 'Last UK calendar day of the period (included), YYYY-MM-DD.'),
  })
  .refine((period) => period.from <= period.to, { error: EXPORT_MESSAGES.order, path: ['to'] });

export type ExportQuery = z.infer<typeof ExportQuerySchema>;

/** What an export answers: the CSV text, streamed. Described for the OpenAPI document only. */
export const CsvSchema = z.string().meta({ description: 'RFC 4180 CSV, UTF-8, CRLF line ends, a header row first.' });
