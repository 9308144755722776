import { randomBytes } from 'node:crypto';
import { PLATFORM } from '../context';
import { invalidRequest, noSuch } from '../errors';
import { newId, unix } from '../ids';
import { accountJson } from '../objects';
import { metadata, obj, str } from '../params';
import { type Route, route } from '../pipeline';
import { findAccount } from '../scoped';

/** Onboarding links last about five minutes and work once, like Stripe's. */
export const ACCOUNT_LINK_TTL_MS = 5 * 60 * 1000;

export const accountRoutes: Route[] = [
  route('POST /v1/accounts', async (req, tx) => {
    if (req.scope.account !== PLATFORM) throw invalidRequest('Connected accounts cannot create other accounts.');
    const p = req.params;
    const type = str(p, 'type') ?? 'standard';
    if (!['standard', 'express', 'custom'].includes(type))
      throw invalidRequest(`Invalid type: ${type}`, { param: 'type' });
    const country = (str(p, 'country') ?? 'US').toUpperCase();
    const profile = obj(p, 'business_profile');
    const account = await tx
      .insertInto('emulator_accounts')
      .values({
        id: newId('acct', 16),
        mode: req.scope.mode,
        type,
        country,
        default_currency: (str(p, 'default_currency') ?? (country === 'GB' ? 'gbp' : 'usd')).toLowerCase(),
        email: str(p, 'email') ?? null,
        business_name: typeof profile?.name === 'string' ? profile.name : null,
        metadata: JSON.stringify(metadata(p) ?? {}),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { body: accountJson(account) };
  }),
  route('GET /v1/accounts/:id', async (req, tx) => {
    const account = await findAccount(tx, req.path.id!, req.scope.mode);
    if (!account) throw noSuch('account', req.path.id!, 'account');
    return { body: accountJson(account) };
  }),
  route('GET /v1/account', async (req, tx) => {
    if (req.scope.account === PLATFORM) {
      return {
        body: {
          id: `acct_platform_${req.scope.mode}`,
          object: 'account',
          charges_enabled: true,
          details_submitted: true,
          payouts_enabled: true,
          country: 'GB',
          default_currency: 'gbp',
          type: 'standard',
        },
      };
    }
    const account = await tx
      .selectFrom('emulator_accounts')
      .selectAll()
      .where('id', '=', req.scope.account)
      .executeTakeFirstOrThrow();
    return { body: accountJson(account) };
  }),
  route('POST /v1/account_links', async (req, tx) => {
    const p = req.params;
    const accountId = str(p, 'account', true);
    const type = str(p, 'type', true);
    if (type !== 'account_onboarding' && type !== 'account_update') {
      throw invalidRequest(`Invalid type: must be one of account_onboarding or account_update`, { param: 'type' });
    }
    const refreshUrl = str(p, 'refresh_url', true);
    const returnUrl = str(p, 'return_url', true);
    for (const [name, url] of [
      ['refresh_url', refreshUrl],
      ['return_url', returnUrl],
    ] as const) {
      if (!URL.canParse(url)) throw invalidRequest(`Not a valid URL`, { param: name, code: 'url_invalid' });
    }
    const account = await findAccount(tx, accountId, req.scope.mode);
    if (!account) throw noSuch('account', accountId, 'account');
    const token = randomBytes(18).toString('base64url');
    const now = new Date();
    const expiresAt = new Date(now.getTime() + ACCOUNT_LINK_TTL_MS);
    await tx
      .insertInto('emulator_account_links')
      .values({
        token,
        account_id: account.id,
        mode: account.mode,
        type,
        refresh_url: refreshUrl,
        return_url: returnUrl,
        expires_at: expiresAt,
      })
      .execute();
    return {
      body: {
        object: 'account_link',
        created: unix(now),
        expires_at: unix(expiresAt),
        url: `${req.origin}/_emulator/onboarding/${token}`,
      },
    };
  }),
];
