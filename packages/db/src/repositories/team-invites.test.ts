import { randomUUID } from 'node:crypto';
import { createDb, type Db } from '..';
import { TeamInvitesRepository } from './team-invites';
import { insertMerchant, insertUser } from './test-support/rows';

/** TeamInvitesRepository against the run's migrated Postgres database alone. */
let db: Db;
let merchantId: string;
let inviterId: string;

beforeAll(async () => {
  db = createDb(process.env.DATABASE_URL!, 4);
  merchantId = await insertMerchant(db);
  inviterId = await insertUser(db);
});
afterAll(() => db.destroy());

const repo = () => new TeamInvitesRepository(db);
const HOUR = 3600_000;

function newInvite(overrides: { merchantId?: string; expiresAt?: Date } = {}) {
  return repo().create({
    merchantId: overrides.merchantId ?? merchantId,
    email: `Invitee-${randomUUID()}@Example.com`,
    role: 'finance',
    tokenHash: `hash-${randomUUID()}`,
    invitedBy: inviterId,
    expiresAt: overrides.expiresAt ?? new Date(Date.now() + HOUR),
  });
}

const stored = (id: string) => db.selectFrom('team_invites').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('TeamInvitesRepository', () => {
  it('creates invitations and lists the pending ones oldest first; an address has one pending invitation', async () => {
    const business = await insertMerchant(db);
    const first = await newInvite({ merchantId: business });
    const second = await newInvite({ merchantId: business });
    expect(first).toEqual({
      id: expect.any(String),
      email: first.email,
      role: 'finance',
      expires_at: expect.any(Date),
    });
    expect((await repo().pendingOf(business)).map((i) => i.id)).toEqual([first.id, second.id]);

    expect(await repo().findPendingForEmail(business, first.email.toUpperCase())).toEqual({
      id: first.id,
      expires_at: first.expires_at,
    });
    expect(await repo().findPendingForEmail(merchantId, first.email)).toBeUndefined();
    await expect(
      repo().create({
        merchantId: business,
        email: first.email.toLowerCase(),
        role: 'member',
        tokenHash: `hash-${randomUUID()}`,
        invitedBy: inviterId,
        expiresAt: new Date(Date.now() + HOUR),
      }),
    ).rejects.toMatchObject({ code: '23505' });

    await repo().markExpired(first.id);
    expect(await stored(first.id)).toMatchObject({ status: 'expired' });
    expect((await repo().pendingOf(business)).map((i) => i.id)).toEqual([second.id]);
  });

  it('locks a pending invitation of the business and finds one by its token while open', async () => {
    const invite = await newInvite();
    const row = await stored(invite.id);
    await db.transaction().execute(async (trx) => {
      expect(await new TeamInvitesRepository(trx).lockPending(merchantId, invite.id)).toMatchObject({
        id: invite.id,
        token_hash: row.token_hash,
      });
      expect(await new TeamInvitesRepository(trx).lockPending(randomUUID(), invite.id)).toBeUndefined();
      expect(await new TeamInvitesRepository(trx).lockByTokenHash(row.token_hash)).toMatchObject({
        id: invite.id,
        status: 'pending',
      });
    });
    expect(await repo().findOpenByTokenHash(row.token_hash)).toEqual({
      merchant_id: merchantId,
      role: 'finance',
      email: invite.email,
      expires_at: invite.expires_at,
    });
    const lapsed = await newInvite({ expiresAt: new Date(Date.now() - HOUR) });
    expect(await repo().findOpenByTokenHash((await stored(lapsed.id)).token_hash)).toBeUndefined();
  });

  it('renews a link and restores the previous one only while the new one stands', async () => {
    const invite = await newInvite();
    const before = await stored(invite.id);
    const later = new Date(Date.now() + 2 * HOUR);
    await repo().renew(invite.id, 'hash-new', later);
    expect(await stored(invite.id)).toMatchObject({ token_hash: 'hash-new', expires_at: later });
    const previous = { tokenHash: before.token_hash, expiresAt: before.expires_at };
    expect(await repo().restoreLink(invite.id, 'hash-other', previous)).toBe(false);
    expect(await repo().restoreLink(invite.id, 'hash-new', previous)).toBe(true);
    expect(await stored(invite.id)).toMatchObject({ token_hash: before.token_hash, expires_at: before.expires_at });
  });

  it('revokes (only while pending when asked) and accepts', async () => {
    const accepted = await newInvite();
    const acceptedAt = new Date();
    await repo().markAccepted(accepted.id, inviterId, acceptedAt);
    expect(await stored(accepted.id)).toMatchObject({
      status: 'accepted',
      accepted_by: inviterId,
      accepted_at: acceptedAt,
    });
    await repo().revoke(accepted.id, new Date(), true);
    expect(await stored(accepted.id)).toMatchObject({ status: 'accepted', revoked_at: null });

    const revoked = await newInvite();
    const revokedAt = new Date();
    await repo().revoke(revoked.id, revokedAt);
    expect(await stored(revoked.id)).toMatchObject({ status: 'revoked', revoked_at: revokedAt });
  });
});
