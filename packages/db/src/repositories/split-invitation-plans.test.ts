import { randomUUID } from 'node:crypto';
import type { InvitationPlan } from '../schema/checkout';
import { SplitInvitationPlansRepository } from './split-invitation-plans';
import { useTestDb } from './test-support/db';
import { insertMerchant, insertSplit } from './test-support/rows';

/** SplitInvitationPlansRepository against the run's migrated Postgres database alone. */
const db = useTestDb();
const repo = () => new SplitInvitationPlansRepository(db());
let merchantId: string;
beforeAll(async () => {
  merchantId = await insertMerchant(db(), { name: 'Plans Shop' });
});

const planFor = (requestedBy: string): InvitationPlan => ({
  creatorEmail: 'organiser@example.com',
  requestedBy,
  organiserName: null,
  orderLines: [{ description: 'Tent', quantity: 1, amount: '£60.00' }],
  organiserShare: { alone: false },
});
const past = () => new Date(Date.now() - 1_000);
const later = () => new Date(Date.now() + 60 * 60_000);
/** The due plans among `ids` (other files' plans share the database). */
const dueAmong = async (...ids: string[]) => (await repo().due(1_000)).filter((p) => ids.includes(p.split_id));

describe('SplitInvitationPlansRepository', () => {
  it('keeps the last plan before it is settled, and none after', async () => {
    const splitId = randomUUID();
    await repo().plan(splitId, planFor('Ann'), later());
    await repo().plan(splitId, planFor('Bea'), later());
    expect((await repo().find(splitId))?.plan.requestedBy).toBe('Bea');
    await repo().settle(splitId);
    await repo().plan(splitId, planFor('Cat'), past());
    const row = await repo().find(splitId);
    expect(row?.plan.requestedBy).toBe('Bea');
    expect(row?.settled_at).toBeInstanceOf(Date);
    expect(await dueAmong(splitId)).toEqual([]);
    // A settled plan is not forgotten; an unsettled one is, and the id can be planned afresh.
    await repo().forget(splitId);
    expect((await repo().find(splitId))?.plan.requestedBy).toBe('Bea');
    const unstarted = randomUUID();
    await repo().plan(unstarted, planFor('Dee'), later());
    await repo().forget(unstarted);
    expect(await repo().find(unstarted)).toBeUndefined();
  });

  it('lists due, unsettled plans with their splits as they stand, and a plan whose split never opened', async () => {
    const { splitId: opened } = await insertSplit(db(), merchantId, {
      participants: 2,
      split: { order_reference: 'PLAN-1', status: 'pending', group_token: null },
    });
    const neverOpened = randomUUID();
    const notYet = randomUUID();
    await repo().plan(opened, planFor('Ann'), past());
    await repo().plan(neverOpened, planFor('Bea'), past());
    await repo().plan(notYet, planFor('Cat'), later());

    const due = await dueAmong(opened, neverOpened, notYet);
    expect(due.map((p) => p.split_id).sort()).toEqual([opened, neverOpened].sort());
    const byId = new Map(due.map((p) => [p.split_id, p]));
    expect(byId.get(opened)?.split).toMatchObject({
      merchant_id: merchantId,
      status: 'pending',
      order_reference: 'PLAN-1',
      group_token: null,
    });
    expect(byId.get(opened)?.split?.authorization_expires_at).toBeInstanceOf(Date);
    expect(byId.get(opened)?.plan).toEqual(planFor('Ann'));
    expect(byId.get(neverOpened)?.split).toBeNull();

    // A stopping checkout makes its creations' plans due at once; settled ones stay settled.
    await repo().settle(neverOpened);
    await repo().makeDue([notYet, neverOpened]);
    await repo().makeDue([]);
    expect((await dueAmong(opened, neverOpened, notYet)).map((p) => p.split_id).sort()).toEqual(
      [opened, notYet].sort(),
    );
  });
});
