import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { AesGcmPayloadCodec, ENCRYPTED_ENCODING, payloadKeyring } from '@groupsplit/shared';
import { authoriseShare, mailTo, type Stack, uniqueEmail, waitForSplitStatus, waitUntil } from '@groupsplit/testing';
import { MERCHANT_ID_KEY, SPLIT_STATUS_KEY, splitWorkflowId } from '@groupsplit/workflows';
import type { Payload } from '@temporalio/client';
import { payTokenOf, sessionWithSplit, startCheckoutStack } from './test-support/sessions';

/**
 * No secret reaches a workflow history in plaintext (docs/security.md, "Secrets"): real sign-in,
 * invitation and split flows run through the whole stack, and their histories, read both with the
 * client's fetchHistory and with `temporal workflow show`, hold no sign-in code, invitation or pay
 * token and no e-mail address, while the search attributes stay readable. (The codec endpoint the
 * Temporal UI decodes through: services/worker/src/codec-server.test.ts.)
 */
const ROOT = join(__dirname, '..', '..', '..');
const TEMPORAL_CLI = join(ROOT, '.tools', 'bin', 'temporal');
const CODE_IN_MAIL = /sign-in code is (\d{6})/;
const INVITE_LINK = /team-invites\/([A-Za-z0-9_-]+)/;

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');
const isPayload = (value: object): value is Payload =>
  'metadata' in value && typeof value.metadata === 'object' && value.metadata !== null && 'encoding' in value.metadata;

/** Every payload anywhere in a history (events, inputs, results, memos, search attributes). */
function payloadsOf(value: unknown, found: Payload[] = []): Payload[] {
  if (typeof value !== 'object' || value === null || value instanceof Uint8Array) return found;
  if (isPayload(value)) found.push(value);
  for (const child of Object.values(value)) payloadsOf(child, found);
  return found;
}

/**
 * What someone reading the history without the keys sees: every string in it and the content of
 * every payload that is not encrypted (an encrypted one's bytes are random, and searched for nothing).
 */
function readableText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return '';
  if (value instanceof Uint8Array) return text(value);
  if (isPayload(value)) {
    if (text(value.metadata!.encoding!) === ENCRYPTED_ENCODING) return '';
    return `${Object.values(value.metadata ?? {})
      .map(text)
      .join(' ')} ${text(value.data ?? new Uint8Array())}`;
  }
  return Object.values(value).map(readableText).join('\n');
}

/** The same for the CLI's JSON, where bytes are base64: decodes the data of every payload not encrypted. */
function readableCliJson(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return '';
  const record = value as Record<string, unknown>;
  const metadata = record.metadata as Record<string, string> | undefined;
  if (metadata?.encoding && typeof record.data === 'string') {
    const encoding = Buffer.from(metadata.encoding, 'base64').toString('utf8');
    if (encoding === ENCRYPTED_ENCODING) return '';
    return `${encoding} ${Buffer.from(record.data, 'base64').toString('utf8')}`;
  }
  return Object.values(record).map(readableCliJson).join('\n');
}

async function waitForMatch(email: string, pattern: RegExp): Promise<string> {
  const mail = await waitUntil(
    `mail to ${email} matching ${pattern}`,
    async () => (await mailTo(email)).find((message) => pattern.test(message.Text)),
    Boolean,
  );
  return pattern.exec(mail!.Text)![1]!;
}

describe('encrypted Temporal payloads', () => {
  let stack: Stack;
  const secrets: Record<string, string> = {};
  let signInCode: string;
  let splitId: string;
  let merchantId: string;
  let workflowIds: string[];

  beforeAll(async () => {
    const started = await startCheckoutStack();
    stack = started.stack;
    const { shop, buyer } = started;
    merchantId = shop.merchant.id;

    // A sign-in by e-mail code: the code travels to the e-mail workflow.
    const signingIn = uniqueEmail('signin');
    expect((await stack.api.post('/api/auth/email/start', { email: signingIn })).status).toBe(202);
    signInCode = await waitForMatch(signingIn, CODE_IN_MAIL);
    secrets['signing-in address'] = signingIn;

    // A team invitation: the invitation link travels to the e-mail workflow.
    const invitee = uniqueEmail('invitee');
    const invited = await stack.api.post(
      '/api/merchants/team/invites',
      { email: invitee, role: 'member' },
      { token: shop.owner.token },
    );
    expect(invited.status).toBe(201);
    secrets['invitation token'] = await waitForMatch(invitee, INVITE_LINK);
    secrets['invitee address'] = invitee;

    // A hosted checkout split: the participants' addresses travel to the split workflow, and their
    // pay links to the reminder e-mails.
    const friends = [uniqueEmail('friend'), uniqueEmail('friend')];
    const split = await sessionWithSplit(
      stack,
      shop.testKey,
      buyer.token,
      {
        mode: 'split',
        participants: [
          { email: buyer.email, amount: 10 },
          { email: friends[0], amount: 10 },
          { email: friends[1], amount: 10 },
        ],
      },
      { amount: 30, order_reference: 'ORD-ENCRYPTED' },
    );
    splitId = split.splitId;
    secrets['checkout session token'] = split.token;
    const reminded = await stack.api.post(`/api/merchants/checkout/sessions/${split.token}/remind`, undefined, {
      apiKey: shop.testKey,
    });
    expect(reminded.body).toMatchObject({ reminded: 3 });
    for (const [index, participant] of split.participants.entries()) {
      secrets[`pay token ${index}`] = payTokenOf(participant.pay_url);
      secrets[`participant address ${index}`] = participant.email;
    }
    for (const participant of split.participants) {
      expect((await authoriseShare(stack, payTokenOf(participant.pay_url))).status).toBe(200);
    }
    await waitForSplitStatus(stack, splitId, ['captured']);

    // Every workflow this stack's task queue ran: the split and the e-mails (sign-in, invitation, receipts).
    const listed = await waitUntil(
      'the split and e-mail workflows in visibility',
      async () => {
        const ids: string[] = [];
        for await (const execution of stack.temporal.client.workflow.list({
          query: `TaskQueue = '${stack.config.TEMPORAL_TASK_QUEUE}'`,
        })) {
          ids.push(execution.workflowId);
        }
        return ids;
      },
      (ids) => ids.includes(splitWorkflowId(splitId)) && ids.filter((id) => id.startsWith('email:')).length >= 2,
    );
    workflowIds = listed;
  }, 180_000);
  afterAll(() => stack.stop());

  const histories = () =>
    Promise.all(
      workflowIds.map(async (id) => ({
        id,
        history: await stack.temporal.client.workflow.getHandle(id).fetchHistory(),
      })),
    );

  function leaksIn(where: string, readable: string): string[] {
    const codePattern = new RegExp(`(?<![\\d.])${signInCode}(?![\\d.])`);
    const leaks = Object.entries(secrets)
      .filter(([, value]) => readable.includes(value))
      .map(([what]) => `${what} in ${where}`);
    if (codePattern.test(readable)) leaks.push(`sign-in code in ${where}`);
    return leaks;
  }

  it('the histories do carry the secrets, encrypted: with the keys they read back', async () => {
    const codec = new AesGcmPayloadCodec(payloadKeyring(stack.config));
    const all = await histories();
    const decrypted = await codec.decode(all.flatMap(({ history }) => payloadsOf(history)));
    const plain = decrypted.map((payload) => text(payload.data ?? new Uint8Array())).join('\n');
    // So the checks below could fail: every secret is in some payload of these histories.
    for (const [what, value] of Object.entries(secrets)) expect([what, plain.includes(value)]).toEqual([what, true]);
    expect(plain).toMatch(new RegExp(`(?<![\\d.])${signInCode}(?![\\d.])`));
  });

  it('no workflow id holds a secret (ids are not encrypted)', () => {
    const named = workflowIds.flatMap((id) => leaksIn(`the workflow id ${id}`, id));
    expect(named).toEqual([]);
    expect(workflowIds.some((id) => id.startsWith('checkout-remind:'))).toBe(true);
  });

  it('fetchHistory shows no code, token or e-mail address, and readable search attributes', async () => {
    const all = await histories();
    const leaks = all.flatMap(({ id, history }) => leaksIn(id, readableText(history)));
    expect(leaks).toEqual([]);

    const split = all.find(({ id }) => id === splitWorkflowId(splitId))!;
    const payloads = payloadsOf(split.history);
    const encodings = new Set(payloads.map((payload) => text(payload.metadata!.encoding!)));
    expect(encodings).toContain(ENCRYPTED_ENCODING);
    // The search attribute upserts are the plain ones: the merchant id is readable in the history.
    expect(readableText(split.history)).toContain(merchantId);
    const described = await stack.temporal.client.workflow.getHandle(splitWorkflowId(splitId)).describe();
    expect(described.typedSearchAttributes.get(SPLIT_STATUS_KEY)).toBe('captured');
    expect(described.typedSearchAttributes.get(MERCHANT_ID_KEY)).toBe(merchantId);
  });

  it('`temporal workflow show` shows no code, token or e-mail address, and readable search attributes', () => {
    const show = (id: string, json: boolean) => {
      const args = ['workflow', 'show', '--workflow-id', id, '--address', stack.config.TEMPORAL_ADDRESS];
      const result = spawnSync(
        TEMPORAL_CLI,
        [...args, '--namespace', stack.config.TEMPORAL_NAMESPACE, ...(json ? ['-o', 'json'] : [])],
        {
          encoding: 'utf8',
          timeout: 60_000,
        },
      );
      if (result.status !== 0) throw new Error(`temporal workflow show ${id} failed: ${result.stderr}`);
      return result.stdout;
    };
    const leaks: string[] = [];
    let splitJson = '';
    for (const id of workflowIds) {
      const json = show(id, true);
      if (id === splitWorkflowId(splitId)) splitJson = readableCliJson(JSON.parse(json));
      leaks.push(...leaksIn(`${id} (-o json)`, `${json}\n${readableCliJson(JSON.parse(json))}`));
      leaks.push(...leaksIn(`${id} (text)`, show(id, false)));
    }
    expect(leaks).toEqual([]);
    expect(splitJson).toContain(merchantId);
    expect(splitJson).toContain('captured');
  });
});
