import { randomUUID } from 'node:crypto';
import { MembershipsRepository } from './memberships';
import { useTestDb } from './test-support/db';
import { insertMembership, insertMerchant, insertUser } from './test-support/rows';

/** MembershipsRepository against the run's migrated Postgres database alone. Every test makes its own businesses and logins. */
const db = useTestDb();
const repo = () => new MembershipsRepository(db());
const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes));

describe('MembershipsRepository', () => {
  it('adds members, reads their role and membership, changes the role and removes them', async () => {
    const merchantId = await insertMerchant(db());
    const otherMerchant = await insertMerchant(db());
    const userId = await insertUser(db());
    const added = await repo().add({ merchantId, userId, role: 'finance' });
    expect(added).toEqual({ id: expect.any(String), role: 'finance', joined_at: expect.any(Date) });

    expect(await repo().roleOf(merchantId, userId)).toBe('finance');
    expect(await repo().roleOf(otherMerchant, userId)).toBeNull();
    expect(await repo().findByUser(merchantId, userId)).toEqual({ id: added.id, user_id: userId, role: 'finance' });
    expect(await repo().findMember(merchantId, added.id)).toEqual({
      id: added.id,
      user_id: userId,
      role: 'finance',
      identity_verified: false,
    });
    // A membership of another business is not found through this one.
    expect(await repo().findMember(otherMerchant, added.id)).toBeUndefined();

    // One membership per login and business.
    await expect(repo().add({ merchantId, userId, role: 'admin' })).rejects.toThrow(/duplicate key/);

    await repo().setRole(added.id, 'admin');
    expect(await repo().roleOf(merchantId, userId)).toBe('admin');
    expect(await repo().hasAny(userId)).toBe(true);
    await repo().remove(added.id);
    expect(await repo().roleOf(merchantId, userId)).toBeNull();
    expect(await repo().hasAny(userId)).toBe(false);
  });

  it('finds a member by e-mail whatever its case, and the owner with the business name', async () => {
    const merchantId = await insertMerchant(db(), { name: 'Owner Shop' });
    const ownerEmail = `Owner-${randomUUID()}@Example.com`;
    const ownerId = await insertUser(db(), ownerEmail);
    const memberId = await insertUser(db());
    const ownership = await insertMembership(db(), merchantId, ownerId, 'owner');
    await insertMembership(db(), merchantId, memberId, 'member');

    expect(await repo().findByEmail(merchantId, ownerEmail.toUpperCase())).toEqual({
      id: ownership,
      user_id: ownerId,
      role: 'owner',
    });
    expect(await repo().findByEmail(await insertMerchant(db()), ownerEmail)).toBeUndefined();
    expect(await repo().findOwner(merchantId)).toEqual({
      id: ownership,
      user_id: ownerId,
      email: ownerEmail,
      business_name: 'Owner Shop',
    });
    expect(await repo().ownerUserId(merchantId)).toBe(ownerId);
    // A business has one owner: a second is refused by the database.
    await expect(repo().add({ merchantId, userId: await insertUser(db()), role: 'owner' })).rejects.toThrow(
      /memberships_one_owner/,
    );

    const ownerless = await insertMerchant(db());
    expect(await repo().findOwner(ownerless)).toBeUndefined();
    await expect(repo().ownerUserId(ownerless)).rejects.toThrow();
    expect(await repo().ownerUserIds([])).toEqual([]);
    const secondOwner = await insertUser(db());
    const secondBusiness = await insertMerchant(db());
    await insertMembership(db(), secondBusiness, secondOwner, 'owner');
    expect((await repo().ownerUserIds([merchantId, secondBusiness, ownerless])).sort()).toEqual(
      [ownerId, secondOwner].sort(),
    );
  });

  it('lists a login’s workspaces and a business’s team, first joined first', async () => {
    const userId = await insertUser(db());
    const [first, second, third] = [await insertMerchant(db()), await insertMerchant(db()), await insertMerchant(db())];
    await insertMembership(db(), second, userId, 'admin', at(2));
    await insertMembership(db(), first, userId, 'owner', at(1));
    await insertMembership(db(), third, userId, 'member', at(3));
    expect((await repo().workspacesOf(userId)).map((w) => [w.merchant_id, w.role])).toEqual([
      [first, 'owner'],
      [second, 'admin'],
      [third, 'member'],
    ]);

    const later = await insertUser(db(), `later-${randomUUID()}@example.com`, null);
    await insertMembership(db(), first, later, 'finance', at(9));
    await db().updateTable('users').set({ identity_verified: true }).where('id', '=', later).execute();
    expect(await repo().teamOf(first)).toEqual([
      expect.objectContaining({ user_id: userId, role: 'owner', name: 'Pat Person', identity_verified: false }),
      expect.objectContaining({ user_id: later, role: 'finance', name: null, identity_verified: true }),
    ]);
  });

  it('answers the businesses a login may act for, narrowed to one and limited', async () => {
    const userId = await insertUser(db());
    const a = await insertMerchant(db());
    const b = await insertMerchant(db());
    const ma = await insertMembership(db(), a, userId, 'admin');
    await insertMembership(db(), b, userId, 'member');
    const stranger = await insertMerchant(db());

    const all = await repo().merchantsOf(userId, { limit: 10 });
    expect(all.map((row) => row.id).sort()).toEqual([a, b].sort());
    expect(await repo().merchantsOf(userId, { limit: 1 })).toHaveLength(1);
    expect(await repo().merchantsOf(userId, { merchantId: a, limit: 2 })).toEqual([
      expect.objectContaining({
        id: a,
        membership_id: ma,
        membership_role: 'admin',
        business_email: 'hello@shop.example',
      }),
    ]);
    expect(await repo().merchantsOf(userId, { merchantId: stranger, limit: 2 })).toEqual([]);
  });

  it('locks a member for update inside a transaction', async () => {
    const merchantId = await insertMerchant(db());
    const membership = await insertMembership(db(), merchantId, await insertUser(db()), 'admin');
    await db()
      .transaction()
      .execute(async (trx) => {
        expect(
          await new MembershipsRepository(trx).findMember(merchantId, membership, { forUpdate: true }),
        ).toMatchObject({
          id: membership,
        });
        await expect(
          db()
            .transaction()
            .execute((other) =>
              other.selectFrom('memberships').select('id').where('id', '=', membership).forUpdate().noWait().execute(),
            ),
        ).rejects.toThrow(/could not obtain lock/);
      });
  });
});
