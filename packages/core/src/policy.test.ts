import { AppError } from './errors';
import { type Action, authorize, PAUSED_MESSAGE, type PolicyActor, type PolicyResource, ROLES } from './policy';

const CREATOR = '11111111-1111-4111-8111-111111111111';
const SOMEONE_ELSE = '22222222-2222-4222-8222-222222222222';
const open = { paused_at: null };
const paused = { paused_at: new Date() };

/** The refusal authorize() throws, as the wire would show it, or 'allowed'. */
function outcome(actor: PolicyActor, action: Action, resource: PolicyResource, message = 'refused') {
  try {
    authorize(actor, action, resource, message);
    return 'allowed';
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { status: error.status, body: error.toBody() };
  }
}

describe('authorize: the permission table', () => {
  it.each([
    ['split.cancel', ['owner', 'admin', 'member']],
    ['split.refund', ['owner', 'admin', 'finance']],
    ['split.view', ['owner', 'admin', 'finance', 'member']],
    ['split.export', ['owner', 'admin', 'finance']],
    ['insights.view', ['owner', 'admin', 'finance', 'member']],
    ['split.timeline', ['owner', 'admin', 'finance', 'member']],
    ['split.partial_refund', ['owner', 'admin', 'finance']],
  ] as const)('%s is allowed for exactly %p', (action, allowed) => {
    for (const role of ROLES) {
      const expected = allowed.includes(role as never)
        ? 'allowed'
        : { status: 403, body: { error: 'refused', code: 'business_forbidden' } };
      expect(outcome({ role }, action, open)).toEqual(expected);
    }
  });

  it('refuses everything beyond viewing in a paused business, Owner included', () => {
    const pausedRefusal = { status: 403, body: { error: PAUSED_MESSAGE, code: 'business_forbidden' } };
    expect(outcome({ role: 'owner' }, 'split.cancel', paused)).toEqual(pausedRefusal);
    expect(outcome({ role: 'owner' }, 'api_key.manage', paused)).toEqual(pausedRefusal);
    expect(outcome({ role: 'finance' }, 'split.view', paused)).toBe('allowed');
    // An export only reads: Finance can still take the books' files from a paused workspace.
    expect(outcome({ role: 'finance' }, 'split.export', paused)).toBe('allowed');
  });
});

describe('authorize: the creating account', () => {
  const split = (pause: PolicyResource) => ({ ...pause, created_by: CREATOR });

  it('may view, cancel and refund its split whatever its role, or with none', () => {
    for (const action of ['split.view', 'split.cancel', 'split.refund'] as const) {
      expect(outcome({ role: null, userId: CREATOR }, action, split(open))).toBe('allowed');
      // Finance cannot cancel and Member cannot refund, except their own split.
      expect(outcome({ role: 'finance', userId: CREATOR }, action, split(open))).toBe('allowed');
      expect(outcome({ role: 'member', userId: CREATOR }, action, split(open))).toBe('allowed');
    }
  });

  it('gives nothing else: the rule is only for split actions, and only for the creator', () => {
    expect(outcome({ role: 'finance', userId: CREATOR }, 'split.create', split(open))).toMatchObject({ status: 403 });
    expect(outcome({ role: 'finance', userId: SOMEONE_ELSE }, 'split.cancel', split(open))).toEqual({
      status: 403,
      body: { error: 'refused', code: 'business_forbidden' },
    });
    expect(outcome({ role: 'member', userId: CREATOR }, 'split.refund', open)).toMatchObject({ status: 403 });
  });

  it("gives the hosted order's creator neither its timeline nor a partial refund (no creator rule)", () => {
    for (const action of ['split.timeline', 'split.partial_refund'] as const) {
      expect(outcome({ role: null, userId: CREATOR }, action, split(open))).toEqual({
        status: 403,
        body: { error: 'refused', code: 'forbidden' },
      });
    }
    expect(outcome({ role: 'member', userId: CREATOR }, 'split.partial_refund', split(open))).toMatchObject({
      status: 403,
    });
    expect(outcome({ role: 'member', userId: CREATOR }, 'split.timeline', split(paused))).toBe('allowed');
  });

  it('refuses someone outside the business with the message and the plain `forbidden` code', () => {
    for (const action of ['split.view', 'split.cancel', 'split.refund'] as const) {
      expect(outcome({ role: null, userId: SOMEONE_ELSE }, action, split(open))).toEqual({
        status: 403,
        body: { error: 'refused', code: 'forbidden' },
      });
    }
  });

  it('is bound by the pause as a member (an Owner who created the split cannot cancel it)', () => {
    expect(outcome({ role: 'owner', userId: CREATOR }, 'split.cancel', split(paused))).toEqual({
      status: 403,
      body: { error: PAUSED_MESSAGE, code: 'business_forbidden' },
    });
  });

  it('may still cancel while paused when not a member (it only releases holds), but not refund', () => {
    expect(outcome({ role: null, userId: CREATOR }, 'split.cancel', split(paused))).toBe('allowed');
    expect(outcome({ role: null, userId: CREATOR }, 'split.refund', split(paused))).toEqual({
      status: 403,
      body: { error: PAUSED_MESSAGE, code: 'business_forbidden' },
    });
  });

  it('answers an outsider of a paused business as the route always did: refund paused first, cancel refused', () => {
    expect(outcome({ role: null, userId: SOMEONE_ELSE }, 'split.refund', split(paused))).toMatchObject({
      body: { error: PAUSED_MESSAGE },
    });
    expect(outcome({ role: null, userId: SOMEONE_ELSE }, 'split.cancel', split(paused))).toEqual({
      status: 403,
      body: { error: 'refused', code: 'forbidden' },
    });
  });
});
