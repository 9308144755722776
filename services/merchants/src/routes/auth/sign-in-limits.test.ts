import { sha256Hex } from '@groupsplit/shared';
import { type Stack, startStack, uniqueEmail, waitForMail } from '@groupsplit/testing';
import { requestCode } from '../../test-support/sign-in';

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

let octet = 0;
/** A client address of this test's own (the API client's default is a random one per request). */
const connection = () => `10.53.${Math.floor(Math.random() * 250)}.${(octet++ % 250) + 1}`;

/**
 * Wrong sign-in codes slow whoever sends them and never lock the owner of an address out
 * (docs/rate-limits.md, "Sign-in codes per address"; sign-in-limits.ts).
 */
describe('sign-in limits', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.stop());

  const verify = (email: string, code: string, ip?: string) =>
    stack.api.post('/api/auth/email/verify', { email, code }, ip ? { ip } : {});

  it("the audit's reproduction: ten wrong codes for an address from two connections, then the owner signs in with a fresh code at once", async () => {
    const victim = uniqueEmail('victim');
    const attackers = [connection(), connection()];
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push((await verify(victim, '000000', attackers[i % 2])).status);
    expect(answers).toEqual(Array(10).fill(400));

    const owner = connection();
    const code = await requestCode(stack, victim, owner);
    const res = await verify(victim, code, owner);
    expect([res.status, res.body.user?.email]).toEqual([200, victim]);
  });

  it('slows the attacker: from the sixth wrong code for one address a connection waits, 1 minute and then doubling, even with the right code', async () => {
    const victim = uniqueEmail('slowed');
    const owner = connection();
    const attacker = connection();
    const code = await requestCode(stack, victim, owner);
    for (let i = 0; i < 6; i++) {
      const res = await verify(victim, wrongCode(code), attacker);
      expect([i, res.status, res.body.code]).toEqual([i, 400, 'invalid_code']);
    }
    const waiting = await verify(victim, code, attacker);
    expect([waiting.status, waiting.body]).toMatchObject([
      429,
      {
        error: 'Too many wrong codes for this address from your connection. Try again in 1 minute.',
        code: 'rate_limited',
      },
    ]);
    expect(Number(waiting.headers.get('retry-after'))).toBeLessThanOrEqual(60);

    // The minute passes (the pause is moved into the past): the next wrong code makes it wait 2 minutes.
    const pairKey = `pair:${sha256Hex(victim)}:${sha256Hex(attacker)}`;
    await stack.db
      .updateTable('sign_in_counters')
      .set({ paused_until: new Date(Date.now() - 1000) })
      .where('key', '=', pairKey)
      .execute();
    expect((await verify(victim, wrongCode(code), attacker)).status).toBe(400);
    const longer = await verify(victim, wrongCode(code), attacker);
    expect([longer.status, longer.body.error]).toEqual([
      429,
      'Too many wrong codes for this address from your connection. Try again in 2 minutes.',
    ]);

    // The attacker's wrong codes used up none of the owner's code: the owner still has all five tries.
    for (let i = 0; i < 4; i++) expect((await verify(victim, wrongCode(code), owner)).body.code).toBe('invalid_code');
    expect((await verify(victim, code, owner)).status).toBe(200);
  });

  it('after ten wrong codes for one address, in any letter case, only the connection that asked for the code may enter one; the owner is e-mailed once and the attack recorded', async () => {
    const victim = uniqueEmail('guarded');
    const owner = connection();
    const code = await requestCode(stack, victim, owner);
    // Ten attackers, one wrong code each, half of them in capitals: one address to every limit.
    for (let i = 0; i < 10; i++) {
      const as = i % 2 ? victim.toUpperCase() : ` ${victim}`;
      const res = await verify(as, wrongCode(code));
      expect([i, res.status, res.body.code]).toEqual([i, 400, 'invalid_code']);
    }
    // Any other connection is refused now, whatever it sends.
    for (let i = 0; i < 5; i++) {
      const res = await verify(victim, i === 0 ? code : wrongCode(code));
      expect([res.status, res.body.code]).toEqual([429, 'rate_limited']);
      expect(res.body.error).toMatch(
        /^Too many wrong codes for this address from other connections\. Ask for a new code here, or try again in (60|59) minutes\.$/,
      );
    }
    // The owner's code kept its five tries: a slip of the finger, then the right code.
    expect((await verify(victim, wrongCode(code), owner)).body.code).toBe('invalid_code');
    const signedIn = await verify(victim, code, owner);
    expect(signedIn.status).toBe(200);

    const mail = await waitForMail(victim, { subject: 'Wrong sign-in codes entered for your groupsplit address' });
    expect(mail.Text).toContain('10 wrong sign-in codes were entered for this e-mail address within 60 minutes');
    expect(mail.Text).toContain('(UK time)');
    expect(mail.Text).toContain('Nobody signed in');
    expect(mail.Text).toContain('If you were signing in, you need do nothing.');
    const attacks = await stack.db.selectFrom('sign_in_attacks').selectAll().where('email', '=', victim).execute();
    expect(attacks).toEqual([
      expect.objectContaining({ email: victim, wrong_codes: 10, client_ip: expect.stringMatching(/^10\./) }),
    ]);
    expect(attacks[0]!.guarded_until.getTime()).toBeGreaterThan(Date.now() + 55 * 60_000);

    // Another address is not affected.
    const other = uniqueEmail('bystander');
    const otherCode = await requestCode(stack, other);
    expect((await verify(other, otherCode)).status).toBe(200);
  });

  it('a connection that sent 20 wrong codes within an hour, for any addresses, is paused for an hour', async () => {
    const ip = connection();
    await stack.db
      .insertInto('sign_in_counters')
      .values({ key: `wrong-ip:${sha256Hex(ip)}`, count: 19, window_ends_at: new Date(Date.now() + 30 * 60_000) })
      .execute();
    expect((await verify(uniqueEmail('one'), '000000', ip)).status).toBe(400);
    const paused = await verify(uniqueEmail('two'), '000000', ip);
    expect([paused.status, paused.body]).toMatchObject([
      429,
      { error: 'Too many wrong codes from your connection. Try again in 60 minutes.', code: 'rate_limited' },
    ]);
  });

  it('sends at most 10 codes an hour to one address, whoever asks; the eleventh is 429 with Retry-After, in any letter case', async () => {
    const email = uniqueEmail('inbox');
    for (let i = 0; i < 10; i++) {
      const res = await stack.api.post('/api/auth/email/start', { email });
      expect([i, res.status]).toEqual([i, 202]);
    }
    const eleventh = await stack.api.post('/api/auth/email/start', { email: email.toUpperCase() });
    const minutes = Math.ceil(Number(eleventh.headers.get('retry-after')) / 60);
    expect([eleventh.status, eleventh.body, minutes > 0 && minutes <= 60]).toMatchObject([
      429,
      {
        error: `Too many sign-in codes for this address. Use the latest code we sent, or try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        code: 'rate_limited',
      },
      true,
    ]);
    // Another address is not affected.
    expect((await stack.api.post('/api/auth/email/start', { email: uniqueEmail('other') })).status).toBe(202);
  });

  it('keys idle for a day past their window are swept by later wrong codes; paused and recent ones stay', async () => {
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    const rows = {
      idle: { key: `email:idle-${uniqueEmail()}`, window_ends_at: hoursAgo(25), paused_until: hoursAgo(24) },
      locked: {
        key: `pair:locked-${uniqueEmail()}`,
        window_ends_at: hoursAgo(30),
        paused_until: new Date(Date.now() + 3_600_000),
      },
      recent: { key: `wrong-ip:recent-${uniqueEmail()}`, window_ends_at: hoursAgo(23), paused_until: null },
    };
    await stack.db
      .insertInto('sign_in_counters')
      .values(Object.values(rows).map((row) => ({ ...row, count: 4, streak: 0 })))
      .execute();
    const email = uniqueEmail('sweeper');
    const code = await requestCode(stack, email);
    expect((await verify(email, wrongCode(code))).status).toBe(400);
    const left = await stack.db
      .selectFrom('sign_in_counters')
      .select('key')
      .where(
        'key',
        'in',
        Object.values(rows).map((row) => row.key),
      )
      .execute();
    expect(left.map((row) => row.key).sort()).toEqual([rows.locked.key, rows.recent.key].sort());
  });
});
