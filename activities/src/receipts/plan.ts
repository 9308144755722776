import { formatPounds, maskEmail, type ReceiptsRepository, stableUuid, unsubscribeUrl } from '@groupsplit/shared';
import type { EmailRequest } from '@groupsplit/workflows';
import type { ActivityDeps } from '../deps';

type SplitContext = NonNullable<Awaited<ReturnType<ReceiptsRepository['split']>>>;
type Participant = Awaited<ReturnType<ReceiptsRepository['participants']>>[number];
export type Card = { brand: string; last4: string; chargeId: string | null };

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
    return { card_brand: c?.brand ?? null, card_last4: c?.last4 ?? null };
  };
  const organiser = split.session_token ? split.organiser_email : null;
  const receipts: EmailRequest[] = [];
  const notices: OrganiserNotice[] = [];

  switch (input.type) {
    case 'checkout_split.participant_authorised': {
      const p = participants.find((x) => x.id === input.payload.participant?.id);
      if (!p) break;
      receipts.push(
        email(`receipt:hold:${p.id}:${p.processor_payment_intent_id}`, p, 'receipts.hold_placed', {
          held: held(p),
          ...card(p),
          paid_count: paidCount(participants),
          total_count: participants.length,
          expires_at: split.authorization_expires_at.toISOString(),
        }),
      );
      const pending = participants.filter((x) => x.status === 'pending');
      // "One left" means something only in a group of three or more.
      if (organiser && pending.length === 1 && participants.length >= 3) {
        notices.push(
          email(`organiser:one-left:${split.id}`, { email: organiser }, 'organiser.one_left', {
            total_count: participants.length,
            missing: maskEmail(pending[0]!.email),
            expires_at: split.authorization_expires_at.toISOString(),
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
      for (const p of participants) {
        receipts.push(
          email(`receipt:charged:${p.id}`, p, 'receipts.charged', {
            amount: held(p),
            ...card(p),
            charge_id: input.cards.get(p.id)?.chargeId ?? null,
            captured_at: (p.captured_at ?? new Date()).toISOString(),
            order_lines: lines,
          }),
        );
      }
      if (organiser) {
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
      // A server cancel already e-mails every payer the spec's cancel notice: one e-mail per cause.
      if (input.cancelActor?.startsWith('api_key:')) break;
      const reason = input.payload.reason === 'expired' ? 'expired' : 'canceled';
      for (const p of participants.filter((x) => x.authorised_at !== null)) {
        receipts.push(email(`receipt:released:${p.id}`, p, 'receipts.released', { held: held(p), reason }));
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
