import { createLogger } from '@groupsplit/shared';
import {
  createCapturedSplit,
  createSplitReadyMerchant,
  type SplitReadyMerchant,
  type Stack,
  startStack,
} from '@groupsplit/testing';
import { createSplitActivities } from './split';

/**
 * The split workflow's short steps are local activities, which run again, with the steps after
 * them, when their workflow task is lost. A status write repeated after the split moved on must
 * then do nothing, while a write the split never made is still refused.
 */
describe('transitionSplit run again after the split moved on', () => {
  let stack: Stack;
  let shop: SplitReadyMerchant;

  beforeAll(async () => {
    stack = await startStack();
    shop = await createSplitReadyMerchant(stack, { modes: ['test'] });
  });
  afterAll(() => stack.stop());

  const status = async (splitId: string) =>
    (await stack.db.selectFrom('splits').select('status').where('id', '=', splitId).executeTakeFirstOrThrow()).status;

  it('does nothing for a transition it already made, and refuses one it never made', async () => {
    const split = await createCapturedSplit(stack, shop.owner.token, shop.merchant.id, [1000, 1500]);
    const activities = createSplitActivities({
      config: stack.config,
      db: stack.db,
      logger: createLogger('test', 'silent'),
    });
    const history = () =>
      stack.db.selectFrom('split_history').select('dedupe_key').where('split_id', '=', split.id).execute();
    const before = await history();

    // pending → capturing was made on the way to captured: repeating it changes nothing.
    await activities.transitionSplit({
      splitId: split.id,
      from: 'pending',
      to: 'capturing',
      actor: 'system',
      dedupeKey: `transition:${split.id}:pending:capturing`,
    });
    expect(await status(split.id)).toBe('captured');
    expect(await history()).toEqual(before);

    // pending → canceling never happened: the projection disagrees, and says so.
    await expect(
      activities.transitionSplit({
        splitId: split.id,
        from: 'pending',
        to: 'canceling',
        actor: 'system',
        dedupeKey: `transition:${split.id}:pending:canceling`,
      }),
    ).rejects.toThrow(`Split ${split.id} is captured, expected pending before canceling`);
    expect(await status(split.id)).toBe('captured');
  });
});
