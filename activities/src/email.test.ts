import { randomUUID } from 'node:crypto';
import { EMAIL_TEMPLATES } from '@groupsplit/shared';
import { type Stack, startStack, uniqueEmail, waitForMail } from '@groupsplit/testing';
import { sendEmail } from '@groupsplit/workflows/client';

EMAIL_TEMPLATES['test.notice'] = (data) => ({
  subject: `Notice for ${data.name}`,
  text: `Hello ${data.name}`,
  html: `<p>Hello ${data.name}</p>`,
});

describe('e-mail delivery through the worker', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.stop());

  it('sends through SMTP and logs the e-mail as sent', async () => {
    const to = uniqueEmail('notice');
    const result = await sendEmail(
      stack.temporal,
      { to, template: 'test.notice', data: { name: 'Ada' }, category: 'account' },
      { taskQueue: stack.config.TEMPORAL_TASK_QUEUE, wait: { attempts: 2 } },
    );
    expect(result?.status).toBe('sent');
    const mail = await waitForMail(to);
    expect(mail.Subject).toBe('Notice for Ada');
    const row = await stack.db.selectFrom('emails').selectAll().where('id', '=', result!.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ recipient: to, template: 'test.notice', status: 'sent', subject: 'Notice for Ada' });
  });

  it('suppresses participant mail to an address that unsubscribed, but not account mail', async () => {
    const to = uniqueEmail('unsub');
    await stack.db.insertInto('email_suppressions').values({ email: to }).execute();
    const options = { taskQueue: stack.config.TEMPORAL_TASK_QUEUE, wait: { attempts: 2 } };
    const participant = await sendEmail(
      stack.temporal,
      { to, template: 'test.notice', data: { name: 'P' }, category: 'participant' },
      options,
    );
    expect(participant?.status).toBe('suppressed');
    const account = await sendEmail(
      stack.temporal,
      { to, template: 'test.notice', data: { name: 'A' }, category: 'account' },
      options,
    );
    expect(account?.status).toBe('sent');
  });
});

describe('e-mail delivery when SMTP is down', () => {
  let stack: Stack;
  beforeAll(async () => {
    // Nothing listens on port 9 (discard) here, so every SMTP connection is refused.
    stack = await startStack({ SMTP_PORT: 9 });
  });
  afterAll(() => stack.stop());

  it('reports failed after the allowed attempts and records the error', async () => {
    const id = randomUUID();
    const result = await sendEmail(
      stack.temporal,
      { id, to: uniqueEmail('down'), template: 'test.notice', data: { name: 'X' }, category: 'account' },
      { taskQueue: stack.config.TEMPORAL_TASK_QUEUE, wait: { attempts: 1 } },
    );
    expect(result?.status).toBe('failed');
    const row = await stack.db.selectFrom('emails').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
    expect(row.error).toBeTruthy();
  });
});
