import { type Stack, startStack, uniqueEmail } from '@groupsplit/testing';

describe('public forms', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({}, { temporal: false });
  });
  afterAll(() => stack.stop());

  it.each(['contact', 'waitlist', 'partner'] as const)('stores a %s submission without signing in', async (form) => {
    const email = uniqueEmail(form);
    const res = await stack.api.post(`/api/public/${form}`, { email, name: 'Ada', company: 'Shop', message: 'Hello' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), form, received_at: expect.any(String) });
    const row = await stack.db
      .selectFrom('public_form_submissions')
      .selectAll()
      .where('id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ form, email, name: 'Ada', company: 'Shop', message: 'Hello' });
    expect(row.ip).toMatch(/^10\./);
  });

  it('refuses a submission without a valid e-mail address, storing nothing', async () => {
    const tooLong = uniqueEmail('long');
    for (const body of [{}, { email: 'not-an-email' }, { email: tooLong, message: 'x'.repeat(5001) }]) {
      const res = await stack.api.post('/api/public/contact', body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'Validation failed', code: 'validation_failed' });
    }
    const stored = await stack.db
      .selectFrom('public_form_submissions')
      .select('id')
      .where('email', 'in', ['not-an-email', tooLong])
      .execute();
    expect(stored).toHaveLength(0);
  });

  it('has no other public forms', async () => {
    expect((await stack.api.post('/api/public/newsletter', { email: uniqueEmail() })).status).toBe(404);
  });
});
