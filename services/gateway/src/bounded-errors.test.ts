import { randomToken } from '@groupsplit/shared';
import { createTeam, type Stack, startStack } from '@groupsplit/testing';

/**
 * Bounded answers (docs/errors.md, "Bounded answers"): `details` lists at most 20 fields, with how
 * many more in `details_truncated`; an object with more than 200 keys is refused before its keys
 * are examined, on any route that validates its body or query.
 */
describe('bounded validation errors', () => {
  let stack: Stack;
  let team: Awaited<ReturnType<typeof createTeam>>;

  beforeAll(async () => {
    stack = await startStack({}, { temporal: false });
    team = await createTeam(stack.db);
  });
  afterAll(() => stack.stop());

  const keys = (count: number, prefix = 'k') =>
    Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}${i}`, 1]));
  const authorise = (body: unknown) => stack.api.post(`/api/checkout-splits/pay/${randomToken(24)}/authorise`, body);

  it('lists at most 20 details and counts the rest in details_truncated', async () => {
    const res = await authorise({ payment_method: 'pm_card_visa', ...keys(199) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: 'Validation failed',
      code: 'validation_failed',
      details: Array.from({ length: 20 }, (_, i) => ({ field: `k${i}`, message: `Unknown field k${i}.` })),
      details_truncated: 179,
    });
  });

  it('sends no details_truncated when every detail fits', async () => {
    const res = await authorise({ payment_method: 'pm_card_visa', colour: 'red' });
    expect(res.body).toMatchObject({
      error: 'Validation failed',
      code: 'validation_failed',
      details: [{ field: 'colour', message: 'Unknown field colour.' }],
    });
  });

  it('refuses an object of more than 200 keys at once, at the top or nested', async () => {
    const top = await authorise(keys(201));
    expect([top.status, top.body]).toMatchObject([
      400,
      {
        error: 'Validation failed',
        code: 'validation_failed',
        details: [{ field: '(body)', message: 'The body has more than 200 fields' }],
      },
    ]);
    const nested = await authorise({ payment_method: 'pm_card_visa', extra: [{ deep: keys(201) }] });
    expect([nested.status, nested.body]).toMatchObject([
      400,
      {
        error: 'Validation failed',
        code: 'validation_failed',
        details: [{ field: 'extra.0.deep', message: 'extra.0.deep has more than 200 fields' }],
      },
    ]);
  });

  it('refuses a query of more than 200 parameters the same way', async () => {
    const query = new URLSearchParams(Object.entries(keys(201)).map(([k, v]): [string, string] => [k, String(v)]));
    const res = await stack.api.get(`/api/merchants/me?${query}`, { token: team.owner.token });
    expect([res.status, res.body]).toMatchObject([
      400,
      {
        error: 'Validation failed',
        code: 'validation_failed',
        details: [{ field: '(query)', message: 'The query has more than 200 fields' }],
      },
    ]);
  });
});
