import { createUser, type Stack, startStack } from '@groupsplit/testing';
import { signIn } from '../../test-support/sign-in';

const RAISED_TERMS = '2099-01-01';

describe('raising TERMS_VERSION makes everyone accept again', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ TERMS_VERSION: RAISED_TERMS });
  });
  afterAll(() => stack.stop());

  it('refuses someone who accepted only the previous terms until they accept the new ones', async () => {
    // The factory records consent to the default (previous) versions.
    const user = await createUser(stack.db);
    const previous = await stack.db.selectFrom('consents').selectAll().where('user_id', '=', user.id).execute();
    expect(previous).toHaveLength(1);
    expect(previous[0]!.terms_version).not.toBe(RAISED_TERMS);

    const refused = await stack.api.get('/api/merchants/workspaces', { token: user.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'Consent required', code: 'consent_required' });

    const state = await stack.api.get('/api/auth/consent', { token: user.token });
    expect(state.body).toEqual({
      terms_version: RAISED_TERMS,
      privacy_version: stack.config.PRIVACY_VERSION,
      accepted: false,
    });

    const again = await signIn(stack, user.email);
    expect(again.user.consent_required).toBe(true);

    const old = await stack.api.post(
      '/api/auth/consent',
      { terms_version: previous[0]!.terms_version, privacy_version: previous[0]!.privacy_version },
      { token: user.token },
    );
    expect(old.status).toBe(400);
    expect(old.body.code).toBe('consent_version_mismatch');

    const accept = await stack.api.post(
      '/api/auth/consent',
      { terms_version: RAISED_TERMS, privacy_version: stack.config.PRIVACY_VERSION },
      { token: user.token },
    );
    expect(accept.status).toBe(200);
    expect((await stack.api.get('/api/merchants/workspaces', { token: user.token })).status).toBe(200);
    expect((await stack.api.get('/api/merchants/workspaces', { token: again.access_token })).status).toBe(200);
  });
});
