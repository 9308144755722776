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

/** The part of a figure that holds a rate against the bare engine's (figures 2 and 8). */
export function againstFloor(
  metric: { opsPerSec: number | null; p50: number | null; p99: number | null; errors: number },
  floorRate: number,
  target: { share: number; p99Ms: number },
  unit = '/s',
): Pick<Figure, 'value' | 'target' | 'pass'> {
  const share = metric.opsPerSec === null || floorRate === 0 ? null : metric.opsPerSec / floorRate;
  return {
    value:
      `${fixed(metric.opsPerSec, 1)}${unit} ÷ ${fixed(floorRate, 1)}/s = ${percent(share)}, p50 ${metric.p50} ms, ` +
      `p99 ${metric.p99} ms, ${metric.errors} errors`,
    target: `≥ ${percent(target.share)}, p99 < ${target.p99Ms} ms`,
    pass:
      share !== null &&
      metric.p99 !== null &&
      metric.errors === 0 &&
      share >= target.share &&
      metric.p99 < target.p99Ms,
  };
}
