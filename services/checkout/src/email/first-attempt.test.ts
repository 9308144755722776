import { randomUUID } from 'node:crypto';
import { createLogger, createMailTransport } from '@groupsplit/shared';
import {
  createSplitReadyMerchant,
  mailTo,
  postSplit,
  type Stack,
  startStack,
  uniqueEmail,
  waitForMail,
} from '@groupsplit/testing';
import { type EmailRequest, emailFirstAttemptSweepWorkflow } from '@groupsplit/workflows';
import { emailWorkflowId, sendEmail } from '@groupsplit/workflows/client';
import { WorkflowNotFoundError } from '@temporalio/client';
import { claimFirstAttempts, type FirstAttemptDeps, sendEmailsNow } from './first-attempt';

describe('e-mail first attempt from checkout', () => {
  let stack: Stack;
  let deps: FirstAttemptDeps;
  const invitation = (to = uniqueEmail('first')): EmailRequest => ({
    id: randomUUID(),
    to,
    template: 'splits.invitation',
    category: 'participant',
    data: {
      business_name: 'First Attempt Ltd',
      order_reference: 'FA-1',
      amount: '10',
      fee: '0.20',
      card_charge: '10.20',
      pay_url: 'http://localhost/pay/token',
      expires_at: new Date().toISOString(),
      unsubscribe_url: 'http://localhost/api/email/unsubscribe?token=x',
    },
  });
  const firstAttempt = (id: string) =>
    stack.db.selectFrom('email_first_attempts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const emailWorkflowExists = (id: string) =>
    stack.temporal.client.workflow
      .getHandle(emailWorkflowId(id))
      .describe()
      .then(
        () => true,
        (error) => {
          if (error instanceof WorkflowNotFoundError) return false;
          throw error;
        },
      );

  beforeAll(async () => {
    stack = await startStack();
    deps = { config: stack.config, db: stack.db, temporal: stack.temporal, logger: createLogger('test', 'silent') };
  });
  afterAll(() => stack.stop());

  it("sends a new split's invitations itself: no e-mail workflow, unsubscribed participants skipped", async () => {
    const shop = await createSplitReadyMerchant(stack, { modes: ['test'] });
    const invited = uniqueEmail('invited');
    const unsubscribed = uniqueEmail('unsubscribed');
    await stack.db.insertInto('email_suppressions').values({ email: unsubscribed.toUpperCase() }).execute();
    const res = await postSplit(stack, shop.owner.token, {
      merchantId: shop.merchant.id,
      participants: [
        { email: invited, amountMinor: 1000 },
        { email: unsubscribed, amountMinor: 1000 },
      ],
    });
    expect(res.status).toBe(201);
    const [first, second] = res.body.participants as { id: string; payToken: string }[];
    // The attempt is made before the answer, so both outcomes are recorded by now.
    expect(await firstAttempt(first!.id)).toMatchObject({ status: 'sent', recipient: invited, error: null });
    expect(await firstAttempt(second!.id)).toMatchObject({ status: 'suppressed' });
    const mail = await waitForMail(invited, { subject: 'Pay your share' });
    expect(mail.Text).toContain(`/pay/${first!.payToken}`);
    expect(await mailTo(unsubscribed)).toHaveLength(0);
    expect(await emailWorkflowExists(first!.id)).toBe(false);
    expect(await emailWorkflowExists(second!.id)).toBe(false);
  });

  it('hands an e-mail whose first attempt fails to its workflow, which sends it', async () => {
    const request = invitation();
    // Nothing listens on port 9 (discard) here, so the first attempt's connection is refused.
    const refused = createMailTransport({ ...stack.config, SMTP_PORT: 9 });
    await sendEmailsNow({ ...deps, transport: refused }, [request]);
    const row = await firstAttempt(request.id);
    expect(row.status).toBe('handed_over');
    expect(row.error).toBeTruthy();
    const result = await stack.temporal.client.workflow.getHandle(emailWorkflowId(request.id)).result();
    expect(result).toEqual({ id: request.id, status: 'sent' });
    const mail = await waitForMail(request.to, { subject: 'Pay your share' });
    expect(mail.Text).toContain('http://localhost/pay/token');
    expect(await mailTo(request.to)).toHaveLength(1);
  });

  it('sends an id once, however often it is asked for, through either path', async () => {
    const request = invitation();
    await sendEmailsNow(deps, [request]);
    await sendEmailsNow(deps, [request]);
    expect((await firstAttempt(request.id)).status).toBe('sent');
    // The workflow path with the same id finds the first attempt's send and sends nothing.
    const viaWorkflow = await sendEmail(stack.temporal, request, {
      taskQueue: stack.config.TEMPORAL_TASK_QUEUE,
      wait: { attempts: 1 },
    });
    expect(viaWorkflow).toEqual({ id: request.id, status: 'sent' });
    expect(await mailTo(request.to)).toHaveLength(1);
  });

  it('leaves an attempt whose process died after the claim to the sweep, which hands it over once', async () => {
    const request = invitation();
    // What a checkout process that died between its claim and the send leaves behind.
    expect(await claimFirstAttempts(stack.db, [request])).toEqual([{ id: request.id, status: 'sending' }]);
    // The lease has passed (the sweep takes only attempts older than it).
    await stack.db
      .updateTable('email_first_attempts')
      .set({ created_at: new Date(Date.now() - 10 * 60_000) })
      .where('id', '=', request.id)
      .execute();
    const sweep = () =>
      stack.temporal.client.workflow.execute(emailFirstAttemptSweepWorkflow, {
        workflowId: `test-email-sweep-${randomUUID()}`,
        taskQueue: stack.config.TEMPORAL_TASK_QUEUE,
        args: [{}],
      });
    expect((await sweep()).handedOver).toBeGreaterThanOrEqual(1);
    const result = await stack.temporal.client.workflow.getHandle(emailWorkflowId(request.id)).result();
    expect(result).toEqual({ id: request.id, status: 'sent' });
    await waitForMail(request.to, { subject: 'Pay your share' });
    // Handed over once: the workflow's `emails` row keeps the next sweep from taking it again.
    await sweep();
    expect(await mailTo(request.to)).toHaveLength(1);
  });
});
