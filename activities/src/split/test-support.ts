import { createLogger } from '@groupsplit/shared';
import { splitLedger, splitStackForTests } from '@groupsplit/testing';
import { createSplitActivities } from './split';

/**
 * The real stack of a test file of the split activities (splitStackForTests), with the activities
 * built on it as the worker builds them. Its fields are set in `beforeAll`, so read them inside the tests.
 */
export function splitActivitiesStack() {
  const ready = splitStackForTests();
  return Object.assign(ready, {
    /**
     * The money at the processor, per payment intent of the split: what a step may move, without the
     * intents' event deliveries, which go on by themselves.
     */
    money: async (splitId: string) =>
      (await splitLedger(ready.stack, splitId)).map((pi) => ({
        id: pi.id,
        status: pi.status,
        amount_captured: pi.amount_captured,
        capture_calls: pi.capture_calls,
        amount_refunded: pi.amount_refunded,
        refunds: pi.refunds.length,
      })),
    activities: () =>
      createSplitActivities({ config: ready.stack.config, db: ready.stack.db, logger: createLogger('test', 'silent') }),
  });
}
