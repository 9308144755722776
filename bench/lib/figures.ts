/**
 * One of the figures the performance issue sets a target for, as the runner prints it in its
 * summary: the measured value (both sides of a ratio measured in the same run), the target beside
 * it and whether the value meets it. `pass` is null when the figure could not be measured.
 */
export type Figure = {
  /** Its row in the table, 1 to 5. */
  id: number;
  title: string;
  value: string;
  target: string;
  pass: boolean | null;
  /** How it was measured, in one line (sample sizes, the reference side of a ratio). */
  detail: string;
};

export const fixed = (value: number | null | undefined, digits = 2) =>
  typeof value === 'number' && Number.isFinite(value) ? value.toFixed(digits) : '-';

export const percent = (ratio: number | null | undefined) =>
  typeof ratio === 'number' && Number.isFinite(ratio) ? `${(ratio * 100).toFixed(1)} %` : '-';
