import { PayPageViewsRepository } from './pay-page-views';
import { useTestDb } from './test-support/db';
import { insertMerchant, insertSplit } from './test-support/rows';

/** PayPageViewsRepository against the run's migrated Postgres database alone. */
const db = useTestDb();
const repo = () => new PayPageViewsRepository(db());

const viewsOf = (splitId: string) =>
  db()
    .selectFrom('pay_page_views')
    .select(['participant_id', 'email', 'first_viewed_at'])
    .where('split_id', '=', splitId)
    .orderBy('first_viewed_at')
    .execute();

describe('PayPageViewsRepository', () => {
  it('keeps the first view per participant and address; later views, even concurrent, change nothing', async () => {
    const merchantId = await insertMerchant(db());
    const {
      splitId,
      participantIds: [first, second],
    } = await insertSplit(db(), merchantId);
    await repo().recordFirstView({ participantId: first, email: 'ann@example.com', splitId });
    const [view] = await viewsOf(splitId);

    await Promise.all(
      Array.from({ length: 5 }, () =>
        repo().recordFirstView({ participantId: first, email: 'ann@example.com', splitId }),
      ),
    );
    expect(await viewsOf(splitId)).toEqual([view]);

    // The share given to someone new: their first view is their own. Another participant has theirs.
    await repo().recordFirstView({ participantId: first, email: 'bob@example.com', splitId });
    await repo().recordFirstView({ participantId: second, email: 'ann@example.com', splitId });
    const views = await viewsOf(splitId);
    expect(views.map(({ participant_id, email }) => [participant_id, email]).sort()).toEqual(
      [
        [first, 'ann@example.com'],
        [first, 'bob@example.com'],
        [second, 'ann@example.com'],
      ].sort(),
    );
    expect(views.find((v) => v.email === 'ann@example.com' && v.participant_id === first)).toEqual(view);
  });
});
