import {
  type Db,
  loadConfig,
  MembershipsRepository,
  type MerchantRow,
  type Role,
  randomToken,
  sha256Hex,
} from '@groupsplit/shared';
import { uniqueEmail } from './mail';

/**
 * Fixtures written straight to the database, for tests that are not about the flow that
 * normally creates them (sign-in, registration, invitations each have their own tests).
 */
export type TestUser = { id: string; email: string; token: string };

export async function createUser(
  db: Db,
  options: { email?: string; name?: string; consent?: boolean; identityVerified?: boolean } = {},
): Promise<TestUser> {
  const email = options.email ?? uniqueEmail('user');
  const user = await db
    .insertInto('users')
    .values({ email, name: options.name ?? null, identity_verified: options.identityVerified ?? true })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = randomToken();
  await db
    .insertInto('auth_sessions')
    .values({ user_id: user.id, token_hash: sha256Hex(token), expires_at: new Date(Date.now() + 12 * 3600_000) })
    .execute();
  if (options.consent !== false) {
    const config = loadConfig();
    await db
      .insertInto('consents')
      .values({ user_id: user.id, terms_version: config.TERMS_VERSION, privacy_version: config.PRIVACY_VERSION })
      .execute();
  }
  return { id: user.id, email, token };
}

export async function createMerchant(
  db: Db,
  owner: TestUser,
  overrides: Partial<Omit<MerchantRow, 'id' | 'created_at' | 'updated_at'>> = {},
): Promise<MerchantRow> {
  const merchant = await db
    .insertInto('merchants')
    .values({
      name: `Shop ${Math.random().toString(36).slice(2, 8)}`,
      legal_name: 'Shop Ltd',
      business_type: 'sole_trader',
      business_address: '1 High Street, London, N1 1AA',
      business_email: 'hello@shop.example',
      business_phone: '+44 20 7946 0000',
      verification_status: 'verified',
      ...overrides,
    } as any)
    .returningAll()
    .executeTakeFirstOrThrow();
  await addMember(db, merchant.id, owner, 'owner');
  return merchant as MerchantRow;
}

export async function addMember(db: Db, merchantId: string, user: TestUser, role: Role) {
  return new MembershipsRepository(db).add({ merchantId, userId: user.id, role });
}

/** A merchant with one signed-in user per role. */
export async function createTeam(db: Db, overrides: Parameters<typeof createMerchant>[2] = {}) {
  const owner = await createUser(db, { name: 'Olive Owner' });
  const merchant = await createMerchant(db, owner, overrides);
  const members = { owner } as Record<Role, TestUser>;
  for (const role of ['admin', 'finance', 'member'] as const) {
    members[role] = await createUser(db, { name: `${role} person` });
    await addMember(db, merchant.id, members[role], role);
  }
  return { merchant, ...members };
}
