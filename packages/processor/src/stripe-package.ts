import type Stripe from 'stripe';

let stripe: typeof Stripe | undefined;

/**
 * The stripe package, loaded on first use: some 240 modules, which a process or test file that never
 * reaches the processor does not need (docs/testing-speed.md). Processors are built on their first call
 * (createProcessors), and a processor error can only come after stripe is loaded, so this loads it when
 * the processor is first used.
 */
export function stripePackage(): typeof Stripe {
  // A synchronous lazy load: createProcessor and toProcessorError are synchronous.
  stripe ??= require('stripe') as typeof Stripe;
  return stripe;
}
