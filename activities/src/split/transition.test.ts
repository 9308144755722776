import { createCapturedSplit } from '@groupsplit/testing';
import { splitActivitiesStack } from './test-support';

/**
 * The split workflow's short steps are local activities, which run again, with the steps after
 * them, when their workflow task is lost. A status write repeated after the split moved on must
 * then do nothing, while a write the split never made is still refused.
 */
describe('transitionSplit and the capture batch run again after the split moved on', () => {
  const real = splitActivitiesStack();

  const status = async (splitId: string) =>
    (await real.stack.db.selectFrom('splits').select('status').where('id', '=', splitId).executeTakeFirstOrThrow())
      .status;
  /** What a repeated write must leave as it was: the split's history, its paid event, its participants' rows. */
  const writtenRows = (splitId: string) =>
    Promise.all([
      real.stack.db.selectFrom('split_history').select('dedupe_key').where('split_id', '=', splitId).execute(),
      real.stack.db
        .selectFrom('webhook_events')
        .select('dedupe_key')
        .where('dedupe_key', '=', `paid:${splitId}`)
        .execute(),
      real.stack.db
        .selectFrom('split_participants')
        .select(['status', 'captured_at'])
        .where('split_id', '=', splitId)
        .orderBy('position')
        .execute(),
    ]);

  it('does nothing for a transition it already made, and refuses one it never made', async () => {
    const split = await createCapturedSplit(real.stack, real.shop.owner.token, real.shop.merchant.id, [1000, 1500]);
    const activities = real.activities();
    const history = () =>
      real.stack.db.selectFrom('split_history').select('dedupe_key').where('split_id', '=', split.id).execute();
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

  it('a capture batch whose `captured` write finds the split neither capturing nor captured is refused, and writes nothing', async () => {
    const split = await createCapturedSplit(real.stack, real.shop.owner.token, real.shop.merchant.id, [1000, 1500]);
    const activities = real.activities();
    // The projection says the split was canceled after its capturing was written: no `captured` may follow.
    await real.stack.db.updateTable('splits').set({ status: 'canceled' }).where('id', '=', split.id).execute();
    const rows = () => Promise.all([writtenRows(split.id), real.money(split.id)]);
    const before = await rows();
    await expect(
      activities.captureBatch({
        splitId: split.id,
        participantIds: split.participants.map((p) => p.id),
        capturing: { dedupeKey: `transition:${split.id}:pending:capturing` },
        captured: { dedupeKey: `transition:${split.id}:capturing:captured:again` },
      }),
    ).rejects.toThrow(`Split ${split.id} is canceled, expected capturing before captured`);
    expect(await status(split.id)).toBe('canceled');
    expect(await rows()).toEqual(before);
  });

  it('a capture batch run again after the split was captured captures, writes and stamps nothing again', async () => {
    const split = await createCapturedSplit(
      real.stack,
      real.shop.owner.token,
      real.shop.merchant.id,
      [1000, 1500, 2000],
    );
    const activities = real.activities();
    const rows = () => Promise.all([writtenRows(split.id), real.money(split.id)]).then(([w, l]) => [...w, l] as const);
    const before = await rows();
    const participantIds = split.participants.map((p) => p.id);
    expect(before[3].map((pi) => pi.capture_calls)).toEqual([1, 1, 1]);

    // A lost workflow task runs the batch again: every share is skipped, both status writes find their rows.
    await activities.captureBatch({
      splitId: split.id,
      participantIds,
      capturing: { dedupeKey: `transition:${split.id}:pending:capturing` },
      captured: { dedupeKey: `transition:${split.id}:capturing:captured` },
    });
    expect(await status(split.id)).toBe('captured');
    expect(await rows()).toEqual(before);
    expect((await activities.capturedShares({ splitId: split.id })).sort()).toEqual([...participantIds].sort());
  });

  it('a capture batch for a split that is not pending or capturing is refused before any money moves', async () => {
    const split = await createCapturedSplit(real.stack, real.shop.owner.token, real.shop.merchant.id, [1000, 1500]);
    const activities = real.activities();
    // The projection says the split was canceled behind the workflow: no capture may follow.
    await real.stack.db.updateTable('splits').set({ status: 'canceled' }).where('id', '=', split.id).execute();
    await real.stack.db
      .updateTable('split_participants')
      .set({ status: 'authorised' })
      .where('split_id', '=', split.id)
      .execute();
    const money = await real.money(split.id);
    await expect(
      activities.captureBatch({
        splitId: split.id,
        participantIds: split.participants.map((p) => p.id),
        capturing: { dedupeKey: `transition:${split.id}:pending:capturing:again` },
        captured: { dedupeKey: `transition:${split.id}:capturing:captured:again` },
      }),
    ).rejects.toThrow(`Split ${split.id} is canceled, expected pending before capturing`);
    expect(await real.money(split.id)).toEqual(money);
    expect(await status(split.id)).toBe('canceled');
  });
});
