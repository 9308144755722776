import { formatPounds, maskEmail, type ReceiptsRepository, stableUuid, unsubscribeUrl } from '@groupsplit/shared';
import type { EmailRequest } from '@groupsplit/workflows';
import type { ActivityDeps } from '../deps';

type SplitContext = NonNullable<Awaited<ReturnType<ReceiptsRepository['split']>>>;
type Participant = Awaited<ReturnType<ReceiptsRepository['participants']>>[number];
export type Card = { brand: string; last4: string; wallet?: { type: string } | null; chargeId: string | null };

/** One outbox event with what its receipts are made from. */
export type ReceiptInput = {
  eventId: string;
  merchantId: string;
  type: string;
  payload: { participant?: { id: string }; refund?: { refund_id: string }; reason?: 'canceled' | 'expired' };
  split: SplitContext;
  participants: Participant[];
  /** Cards by participant id, where the processor said. */
  cards: Map<string, Card>;
  /** `canceled` events: who cancelled. */
  cancelActor: string | null;
  /** `refunded` events: the refund's slices that reached the card. */
  refundedSlices: { participant_id: string; amount: number; customer_fee: number }[];
};

/** An organiser notice, sent only if the organiser's 12-hour slot for the split is free. */
export type OrganiserNotice = EmailRequest;

const held = (p: Participant) => formatPounds(p.amount + p.customer_fee);
const paidCount = (participants: Participant[]) => participants.filter((p) => p.status !== 'pending').length;
const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
/** How the group sees a person: the name typed for them, else their masked address. */
const shownAs = (p: { name?: string | null; email: string }) => p.name ?? maskEmail(p.email);

/**
 * The split's rows by address (lower-cased), in order: one person can hold two shares (the organiser
 * covering a friend's), and hears about them in one e-mail per cause.
 */
function byAddress(participants: Participant[]): { email: string; shares: Participant[] }[] {
  const people = new Map<string, { email: string; shares: Participant[] }>();
  for (const p of participants) {
    const key = p.email.toLowerCase();
    const entry = people.get(key) ?? { email: p.email, shares: [] };
    entry.shares.push(p);
    people.set(key, entry);
  }
  return [...people.values()];
}

/** Who ended a cancelled split, as its e-mails tell it (docs/emails.md, "When an order is cancelled"). */
export type CancelCause = 'shop' | 'organiser' | 'support' | 'expired';

export function cancelCause(
  split: Pick<SplitContext, 'session_token' | 'created_by'>,
  actor: string | null,
  reason: string | undefined,
): CancelCause {
  // The janitor cancels only a split whose hold lapsed: the time ran out for it too.
  if (reason === 'expired' || actor === 'expiry' || actor === 'janitor') return 'expired';
  if (actor?.startsWith('support:')) return 'support';
  // The hosted-checkout buyer may cancel their own split (the creating account); on a dashboard split
  // the creating account is the shop's.
  if (split.session_token && split.created_by && actor === `user:${split.created_by}`) return 'organiser';
  return 'shop';
}

/**
 * The receipts and organiser notices one event causes (docs/emails.md). Pure: every id is stable,
 * so planning the same event twice plans the same e-mails, and each is sent once.
 */
export function planReceipts(
  { config }: Pick<ActivityDeps, 'config'>,
  input: ReceiptInput,
): { receipts: EmailRequest[]; organiser: OrganiserNotice[] } {
  const { split, participants } = input;
  const common = { business_name: split.business_name, order_reference: split.order_reference };
  const email = (id: string, p: { email: string }, template: string, data: Record<string, unknown>): EmailRequest => ({
    id: stableUuid(id),
    to: p.email,
    template,
    merchantId: input.merchantId,
    category: 'participant',
    replyTo: split.business_email,
    data: { ...common, ...data, unsubscribe_url: unsubscribeUrl(config, p.email) },
  });
  const card = (p: Participant) => {
    const c = input.cards.get(p.id);
    return { card_brand: c?.brand ?? null, card_last4: c?.last4 ?? null, card_wallet: c?.wallet?.type ?? null };
  };
  const organiser = split.session_token ? split.organiser_email : null;
  const organiserName = split.session_context?.organiser_name ?? null;
  const isOrganiser = (p: { email: string }) => organiser !== null && sameAddress(p.email, organiser);
  const payUrl = (p: Participant) => new URL(`/pay/${p.pay_token}`, config.PUBLIC_BASE_URL).toString();
  const everyoneIn = participants.length > 0 && participants.every((x) => x.status !== 'pending');
  const receipts: EmailRequest[] = [];
  const notices: OrganiserNotice[] = [];

  switch (input.type) {
    case 'checkout_split.participant_authorised': {
      const p = participants.find((x) => x.id === input.payload.participant?.id);
      if (!p) break;
      const pending = participants.filter((x) => x.status === 'pending');
      // "One left" means something only in a group of three or more, unless the one left is the
      // organiser: then it is their own reminder, worth sending in a group of two as well.
      const oneLeft =
        organiser && pending.length === 1 && (participants.length >= 3 || isOrganiser(pending[0]!))
          ? pending[0]!
          : null;
      const merchantAccept = split.awaiting_merchant !== null;
      // The last hold of a group that captures at once: the charged receipt that follows within
      // seconds says the hold was placed and the order is complete, so this one is not sent. A
      // merchant-accept order is not complete yet: the receipt says the shop is confirming it.
      if (!(everyoneIn && !merchantAccept)) {
        receipts.push(
          email(`receipt:hold:${p.id}:${p.processor_payment_intent_id}`, p, 'receipts.hold_placed', {
            held: held(p),
            ...card(p),
            paid_count: paidCount(participants),
            total_count: participants.length,
            expires_at: split.authorization_expires_at.toISOString(),
            everyone_in: everyoneIn,
            // The organiser paying the second-to-last share hears who is left in this one e-mail.
            still_to_pay: oneLeft && isOrganiser(p) && !isOrganiser(oneLeft) ? shownAs(oneLeft) : null,
          }),
        );
      }
      if (organiser && oneLeft && !isOrganiser(p)) {
        // Never names its own recipient as the one missing: when the organiser's is the last share, it
        // is their reminder, with their pay button.
        const theirs = isOrganiser(oneLeft);
        notices.push(
          email(`organiser:one-left:${split.id}`, { email: organiser }, 'organiser.one_left', {
            total_count: participants.length,
            expires_at: split.authorization_expires_at.toISOString(),
            ...(theirs
              ? { yours: true, pay_url: payUrl(oneLeft), card_charge: held(oneLeft) }
              : { missing: shownAs(oneLeft) }),
          }),
        );
      }
      break;
    }
    case 'checkout_split.paid': {
      const lines = (split.line_items ?? []).map((l) => ({
        description: l.description,
        quantity: l.quantity,
        amount: l.amount < 0 ? `−£${formatPounds(-l.amount)}` : `£${formatPounds(l.amount)}`,
      }));
      // The last hold placed completed the group: its payer got no hold receipt, this says both.
      const last = participants.reduce<Participant | null>(
        (a, b) => (b.authorised_at && (!a?.authorised_at || b.authorised_at > a.authorised_at) ? b : a),
        null,
      );
      const merchantAccept = split.awaiting_merchant !== null;
      let organiserTold = false;
      // One receipt per person: someone with two shares (the organiser who covered a friend) reads both charges in it.
      for (const { shares } of byAddress(participants)) {
        const p = shares[0]!;
        const organiserCopy = isOrganiser(p);
        if (organiserCopy) organiserTold = true;
        receipts.push(
          email(`receipt:charged:${p.id}`, p, 'receipts.charged', {
            amount: formatPounds(shares.reduce((sum, x) => sum + x.amount + x.customer_fee, 0)),
            share: formatPounds(p.amount),
            fee: formatPounds(p.customer_fee),
            ...card(p),
            charge_id: input.cards.get(p.id)?.chargeId ?? null,
            ...(shares.length > 1
              ? {
                  charges: shares.map((x) => ({
                    share: formatPounds(x.amount),
                    fee: formatPounds(x.customer_fee),
                    amount: held(x),
                    ...card(x),
                    charge_id: input.cards.get(x.id)?.chargeId ?? null,
                  })),
                }
              : {}),
            captured_at: (p.captured_at ?? new Date()).toISOString(),
            order_lines: lines,
            order_total: formatPounds(split.total_amount),
            total_count: participants.length,
            completed_by_you: !merchantAccept && shares.some((x) => x.id === last?.id),
            // The organiser's own receipt also says the group is done: one e-mail, not two.
            organiser: organiserCopy,
          }),
        );
      }
      if (organiser && !organiserTold) {
        notices.push(
          email(`organiser:everyone-paid:${split.id}`, { email: organiser }, 'organiser.everyone_paid', {
            total: formatPounds(split.total_amount),
            total_count: participants.length,
          }),
        );
      }
      break;
    }
    case 'checkout_split.canceled': {
      // Everyone is told, whoever cancelled (the spec's server-API cancel notice is this e-mail too):
      // one e-mail per address, naming each of their shares, and the organiser in their own words.
      const cause = cancelCause(split, input.cancelActor, input.payload.reason);
      const people = byAddress(participants);
      if (organiser && !people.some((x) => isOrganiser(x))) people.push({ email: organiser, shares: [] });
      const organiserShown = organiserName ?? (organiser ? maskEmail(organiser) : null);
      for (const { email: to, shares } of people) {
        const key = to.toLowerCase();
        receipts.push(
          email(`cancel-notice:${split.id}:${key}`, { email: to }, 'checkout.order_canceled', {
            amount: shares[0] ? formatPounds(shares[0].amount) : null,
            cause,
            role: isOrganiser({ email: to }) ? 'organiser' : 'participant',
            organiser: organiserShown,
            expires_at: split.authorization_expires_at.toISOString(),
            shares: shares.map((p) => ({
              share: formatPounds(p.amount),
              amount: held(p),
              held: p.authorised_at !== null,
              ...card(p),
            })),
          }),
        );
      }
      break;
    }
    case 'checkout_split.refunded': {
      const refundId = input.payload.refund?.refund_id;
      for (const slice of input.refundedSlices) {
        const p = participants.find((x) => x.id === slice.participant_id);
        if (!p || !refundId) continue;
        receipts.push(
          email(`receipt:refunded:${refundId}:${p.id}`, p, 'receipts.refunded', {
            amount: formatPounds(slice.amount + slice.customer_fee),
            ...card(p),
          }),
        );
      }
      break;
    }
  }
  return { receipts, organiser: notices };
}
