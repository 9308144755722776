import { z } from 'zod';

const DAY_MS = 24 * 60 * 60 * 1000;
const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1');

/**
 * Test and emulator knobs: settings that exist so tests, the bench and the processor emulator can
 * compress time or redirect the sandbox. A production deployment runs with their defaults, which
 * are the spec's values (docs/spec.md: holds last 7 days, a hosted session 2 hours, webhooks retry
 * on the spec's schedule), so `NODE_ENV=production` refuses to start with any of them set to
 * anything else (`refusedInProduction`). README, "Configuration": the second table.
 */
export const testKnobsSchema = {
  /** Hold validity (docs/spec.md: 7 days); tests shorten it to see expiry. */
  HOLD_TTL_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * DAY_MS),
  /** Hosted checkout session validity (docs/spec.md: 2 hours); tests shorten it. */
  CHECKOUT_SESSION_TTL_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 60 * 60 * 1000),
  /** Divides every webhook retry delay; tests compress the spec's schedule with a large value. */
  WEBHOOK_RETRY_TIME_SCALE: z.coerce.number().positive().default(1),
  /** The processor emulator's port. */
  EMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(3010),
  /** Where the processor emulator posts test/live events; default `${PUBLIC_BASE_URL}/api/processor/webhooks/<mode>`. */
  EMULATOR_WEBHOOK_URL_TEST: z.string().url().optional(),
  EMULATOR_WEBHOOK_URL_LIVE: z.string().url().optional(),
  /** false: the emulator records events but posts none. */
  EMULATOR_WEBHOOKS_ENABLED: bool(true),
};

export type TestKnob = keyof typeof testKnobsSchema;
export const TEST_KNOBS = Object.keys(testKnobsSchema) as TestKnob[];

const DEFAULTS = z.object(testKnobsSchema).parse({});

/** The test and emulator knobs set to anything but their default (in the order of the schema). */
export function refusedInProduction(config: Partial<Record<TestKnob, unknown>>): TestKnob[] {
  return TEST_KNOBS.filter((name) => config[name] !== DEFAULTS[name]);
}
