import type { ProcessorMode } from '@groupsplit/shared';
import { authoriseShare, postSplit, type TestShare, waitForSplitStatus } from './factories-processor';
import { uniqueEmail } from './mail';
import type { Stack } from './stack';

export type CapturedSplit = {
  id: string;
  participants: { id: string; email: string; amountMinor: number; payToken: string; paymentIntentId: string }[];
};

/**
 * A split taken through the dashboard API and paid by everyone (each share authorised through
 * the pay step), returned once the workflow has it `captured`. Shares are pence; e-mails are
 * made up unless given.
 */
export async function createCapturedSplit(
  stack: Pick<Stack, 'api' | 'db'>,
  token: string,
  merchantId: string,
  shares: (number | TestShare)[],
  options: {
    mode?: ProcessorMode;
    orderReference?: string;
    /** Each share's test card in order (`pm_card_visa` where not given), e.g. `pm_card_applePay_visa`. */
    paymentMethods?: string[];
  } = {},
): Promise<CapturedSplit> {
  const participants = shares.map((s) => (typeof s === 'number' ? { email: uniqueEmail('payer'), amountMinor: s } : s));
  const res = await postSplit(
    stack,
    token,
    { merchantId, orderReference: options.orderReference ?? 'ORDER-REFUND', participants },
    options.mode ?? 'test',
  );
  if (res.status !== 201) throw new Error(`create split answered ${res.status}: ${res.text}`);
  const split = res.body as CapturedSplit;
  for (const [i, p] of split.participants.entries()) {
    const authorised = await authoriseShare(stack, p.payToken, options.paymentMethods?.[i]);
    if (authorised.status !== 200) throw new Error(`authorise answered ${authorised.status}: ${authorised.text}`);
  }
  await waitForSplitStatus(stack, split.id, ['captured']);
  return split;
}
