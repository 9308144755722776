import { lapsesSooner, poundsToPence } from '@groupsplit/shared/browser';
import { useEffect, useState } from 'preact/hooks';
import {
  ApiError,
  api,
  type RefundHistoryEntry,
  type SplitDetail,
  type SplitTimeline,
  type TimelineEntry,
} from '../api';
import { useBusiness } from '../business';
import { BusyButton } from '../components/busy-button';
import { ConfirmDialog } from '../components/dialog';
import { Banner, ErrorNote, Loadable, Refusal, StatusChip } from '../components/feedback';
import { Field } from '../components/form';
import { PageHeader, Section } from '../components/page';
import { PausedBanner } from '../components/paused-banner';
import { DataTable, KeyValues } from '../components/table';
import { dateTime, money, percentFromBps } from '../format';
import { type Query, useAction, useConfirm, useQuery } from '../hooks';
import type { Permission } from '../permissions';
import { Link } from '../router';
import { PAGES } from '../routes';
import { awaitingAcceptance, OrderStatusChip } from './order-status';

/**
 * docs/spec.md, Refund result and history: `api_key`, `dashboard:<user>` or `processor`; and the timeline's
 * others (docs/dashboard.md, "The order's timeline"): `system`, `participant`, `buyer`, `support:<name>`.
 */
function actorLabel(actor: string, emails: Map<string, string>): string {
  if (actor === 'api_key') return 'API key';
  if (actor === 'processor') return 'Payment processor';
  if (actor === 'system') return 'groupsplit';
  if (actor === 'participant') return 'Payer';
  if (actor === 'buyer') return 'Organiser';
  if (actor.startsWith('support:')) return `Support (${actor.slice('support:'.length)})`;
  if (actor.startsWith('dashboard:')) {
    const userId = actor.slice('dashboard:'.length);
    return `Dashboard: ${emails.get(userId) ?? 'a former team member'}`;
  }
  return actor;
}

/** The team's addresses by login, to name a dashboard user (a former member is "a former team member"). */
function useTeamEmails(): Map<string, string> {
  const team = useQuery(() => api.team(), []);
  return new Map(team.status === 'ready' ? team.data.members.map((m) => [m.user_id, m.email]) : []);
}

function RefundHistory(props: { refunds: RefundHistoryEntry[] | undefined; emails: Map<string, string> }) {
  const { emails } = props;
  if (!props.refunds) {
    return <p class="muted">The API does not return this order's refund history.</p>;
  }
  if (props.refunds.length === 0) return <p class="empty">No refunds on this order.</p>;
  return (
    <DataTable
      label="Refund history"
      columns={['When', { label: 'Asked', num: true }, { label: 'Refunded', num: true }, 'Status', 'By', 'Reason']}
    >
      {[...props.refunds].reverse().map((refund) => (
        <tr key={refund.refund_id}>
          <td>{dateTime(refund.created_at)}</td>
          <td class="num">{money(refund.amount)}</td>
          <td class="num">{money(refund.refunded)}</td>
          <td>
            <StatusChip status={refund.status} />
          </td>
          <td>{actorLabel(refund.actor, emails)}</td>
          <td class="wrap">{refund.reason ?? <span class="muted">None given</span>}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/** An order action: absent when the role may never do it or the status rules it out; disabled while refused. */
function GatedAction(props: {
  may: Permission;
  shown: boolean;
  tone: 'primary' | 'secondary' | 'danger';
  onClick: () => void;
  /** A request it started is running: disabled meanwhile, reading `busyLabel`. */
  busy?: boolean;
  busyLabel?: string;
  children: string;
}) {
  if (props.may.hidden || !props.shown) return null;
  return (
    <BusyButton
      tone={props.tone}
      busy={props.busy ?? false}
      busyLabel={props.busyLabel}
      disabled={!props.may.allowed}
      onClick={props.onClick}
    >
      {props.children}
    </BusyButton>
  );
}

/** Pence refunded so far and still refundable: the shares captured (the order total once paid) less every refund. */
function refundState(split: SplitDetail) {
  const refunded = (split.refunds ?? []).reduce((sum, r) => sum + poundsToPence(r.refunded), 0);
  const total = poundsToPence(split.total_amount);
  return { refunded, outstanding: Math.max(0, total - refunded) };
}

/** A person on the order as the page names them: "Bea (bea@example.com)", or the address alone. */
const personName = (p: { name?: string | null; email: string }) => (p.name ? `${p.name} (${p.email})` : p.email);

/** "A", "A and B", "A, B and C". */
const listed = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/**
 * When the order really runs out (docs/splits.md, "Holds that lapse sooner"): `authorization_expires_at`, or
 * `holds_expire_at` when a bank releases a hold sooner than that (shared `lapsesSooner`, the 15-minute
 * allowance the hosted pages use), with the people whose hold lapses first. The split is cancelled then
 * unless everyone has paid.
 */
function orderDeadline(split: SplitDetail): { at: string; sooner: boolean; people: string[] } {
  const first = split.holds_expire_at;
  if (first === null || !lapsesSooner(first, split.authorization_expires_at)) {
    return { at: split.authorization_expires_at, sooner: false, people: [] };
  }
  const at = Date.parse(first);
  const people = split.participants
    .filter((p) => p.capture_before !== null && Date.parse(p.capture_before) === at)
    .map(personName);
  return { at: first, sooner: true, people };
}

/** Whether this participant's own hold lapses sooner than the order's 7 days. */
const holdLapsesSooner = (split: SplitDetail, p: SplitDetail['participants'][number]) =>
  p.capture_before !== null && lapsesSooner(p.capture_before, split.authorization_expires_at);

/**
 * How long before the first hold lapses the order stops waiting for an accept (docs/splits.md, "Holds that
 * lapse sooner": the workflow's `ACCEPT_LAPSE_MARGIN_MS`).
 */
const ACCEPT_LAPSE_MARGIN_MS = 5 * 60_000;

/**
 * The notice on a pending order whose first hold lapses sooner than its 7 days: when, in UK time, whose
 * hold, and what happens then.
 */
function HoldLapseNotice(props: { split: SplitDetail }) {
  const { split } = props;
  const deadline = orderDeadline(split);
  if (split.status !== 'pending' || !deadline.sooner) return null;
  const whose =
    deadline.people.length === 1
      ? `The bank of ${deadline.people[0]} releases their hold`
      : deadline.people.length > 1
        ? `The banks of ${listed(deadline.people)} release their holds`
        : "One payer's bank releases their hold";
  return (
    <Banner kind="warning" title="A hold ends sooner than usual">
      <p>
        {whose} on <strong>{dateTime(deadline.at)}</strong>, sooner than the usual 7 days.
      </p>
      <p>
        {awaitingAcceptance(split)
          ? `Accept it before ${dateTime(new Date(Date.parse(deadline.at) - ACCEPT_LAPSE_MARGIN_MS).toISOString())}, 5 minutes earlier to leave time to take the payments, or the order is cancelled and every hold is released: nobody is charged.`
          : 'Unless everyone has paid by then, the order is cancelled and every hold is released: nobody is charged.'}
      </p>
    </Banner>
  );
}

/**
 * The cancel's 503 `cancel_not_confirmed` is written for a shop's server ("the split", "send it again"):
 * here it is told in the order page's words, with the same facts (still pending, nobody charged).
 */
const CANCEL_NOT_CONFIRMED =
  'The order is not cancelled yet: it is still pending and nobody has been charged. Press Cancel order again in a few seconds.';

function inOrderWords(error: unknown): never {
  if (error instanceof ApiError && error.code === 'cancel_not_confirmed') {
    throw new ApiError(error.status, { ...error.body, error: CANCEL_NOT_CONFIRMED });
  }
  throw error;
}

/** Something was taken: the fees are then real (before, and on a cancelled order, there are none). */
const somethingCaptured = (split: SplitDetail) =>
  ['captured', 'partially_refunded', 'refunded'].includes(split.status) ||
  split.participants.some((p) => p.status === 'captured' || p.status === 'refunded');

const PENNIES = /^\d+(\.\d{1,2})?$/;

/**
 * Refund with an amount and a reason (docs/dashboard.md, "The order page"). The whole of a captured order goes
 * through the spec's refund route (with a reason, through the partial route without an amount, which refunds the
 * same: the spec's route takes no reason); a part, or whatever is left of a partly refunded order, through
 * `POST /api/checkout-splits/:id/partial-refund`, one idempotency key per dialog so a retry never refunds twice.
 */
function RefundDialog(props: {
  split: SplitDetail;
  open: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { split } = props;
  const { outstanding } = refundState(split);
  const whole = split.status === 'captured';
  const [part, setPart] = useState(false);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [invalid, setInvalid] = useState<string | null>(null);
  const refund = useAction(async () => {
    const why = reason.trim() || undefined;
    if (!part && whole && !why) return api.refundSplit(split.id);
    return api.partialRefundSplit(split.id, {
      ...(part ? { pence: poundsToPence(amount.trim()) } : {}),
      ...(why ? { reason: why } : {}),
      idempotency_key: key,
    });
  });
  useEffect(() => {
    if (!props.open) return;
    setPart(false);
    setAmount('');
    setReason('');
    setInvalid(null);
    setKey(crypto.randomUUID());
    refund.reset();
  }, [props.open]);

  const confirm = async () => {
    if (part) {
      const value = amount.trim();
      if (!PENNIES.test(value) || poundsToPence(value) <= 0) {
        setInvalid('Enter an amount in pounds above zero, such as 5 or 5.00.');
        return;
      }
      if (poundsToPence(value) > outstanding) {
        setInvalid(`Enter at most ${money((outstanding / 100).toFixed(2))}, what is still refundable.`);
        return;
      }
    }
    setInvalid(null);
    const result = await refund.run();
    if (!result) return;
    props.onDone(
      `Refunded ${money(result.refunded)} of ${money(result.total_amount)}. The order is ${result.status.replace(/_/g, ' ')}.`,
    );
  };
  const everything = money((outstanding / 100).toFixed(2));
  return (
    <ConfirmDialog
      open={props.open}
      title={part ? 'Refund part of this order?' : whole ? 'Refund the whole order?' : 'Refund the rest of this order?'}
      confirmLabel={
        part ? `Refund ${PENNIES.test(amount.trim()) ? money(amount.trim()) : 'part'}` : `Refund ${everything}`
      }
      danger
      busy={refund.busy}
      error={refund.error}
      onCancel={props.onClose}
      onConfirm={confirm}
    >
      <fieldset>
        <legend>How much</legend>
        <label class="radio">
          <input type="radio" name="refund-how-much" checked={!part} onChange={() => setPart(false)} />
          {whole ? `The whole order: ${everything}` : `Everything still refundable: ${everything}`}
        </label>
        <label class="radio">
          <input type="radio" name="refund-how-much" checked={part} onChange={() => setPart(true)} />
          Part of it
        </label>
      </fieldset>
      {part && (
        <Field id="refund-amount" label="Amount in pounds" error={invalid} hint={`Up to ${everything}.`}>
          <input
            id="refund-amount"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            aria-describedby={invalid ? 'refund-amount-hint refund-amount-error' : 'refund-amount-hint'}
            aria-invalid={invalid ? 'true' : undefined}
            onInput={(event) => setAmount((event.target as HTMLInputElement).value)}
          />
        </Field>
      )}
      <Field id="refund-reason" label="Reason" optional hint="Kept with the refund in the order's history.">
        <input
          id="refund-reason"
          maxLength={500}
          value={reason}
          aria-describedby="refund-reason-hint"
          onInput={(event) => setReason((event.target as HTMLInputElement).value)}
        />
      </Field>
      <p>
        {part
          ? 'The amount is shared across the payers in proportion to their shares, each as its own refund on your processor account. A payer’s service fee is returned with the last part of their share.'
          : whole
            ? `Every captured share is refunded in full, including each payer's ${money('0.20')} service fee, each as its own refund on your processor account, and the groupsplit fee is reversed.`
            : 'What is left of each share is refunded, with each payer’s service fee, each as its own refund on your processor account.'}{' '}
        Your systems are told through your webhook. This cannot be undone.
      </p>
    </ConfirmDialog>
  );
}

/**
 * Accept and capture (an order waiting for the business), send a reminder and cancel (pending), and refund
 * (captured or partly refunded), each behind a confirmation, as the caller's role allows. Accepting is the
 * roles that may cancel (policy row `split.accept`), but never the buyer who created a hosted order; reminding
 * is what the remind route allows (the roles that may cancel); a refund from here is `split.partial_refund`.
 */
function Actions(props: {
  split: SplitDetail;
  sessionToken: string | null;
  onChanged: () => void;
  /** The order was cancelled from this page: its outcome is then told when it arrives. */
  cancelSent: boolean;
  onCancelSent: () => void;
}) {
  const { split } = props;
  const { can } = useBusiness();
  const [done, setDone] = useState<string | null>(null);
  const [refunding, setRefunding] = useState(false);
  const accept = useConfirm(
    () => api.acceptSplit(split.id),
    (result) => {
      setDone(
        result.status === 'captured'
          ? 'Accepted: every payer’s share was captured and the order has gone through.'
          : `Accepted. The order is ${result.status.replace(/_/g, ' ')}.`,
      );
      props.onChanged();
    },
  );
  const cancel = useConfirm(
    () => api.cancelSplit(split.id).catch(inOrderWords),
    () => {
      setDone(null);
      props.onCancelSent();
      props.onChanged();
    },
  );
  const remind = useAction(() => api.remindSession(props.sessionToken ?? ''));
  const sendReminder = async () => {
    setDone(null);
    const result = await remind.run();
    if (!result) return;
    const people = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;
    setDone(
      result.reminded > 0
        ? `Reminder sent to ${people(result.reminded)} still to pay.` +
            (result.skipped > 0
              ? ` ${people(result.skipped)} skipped: reminded in the last 12 hours or unsubscribed${result.next_allowed_at ? `; you can remind them again from ${dateTime(result.next_allowed_at)}` : ''}.`
              : '')
        : `Nobody was reminded: everyone still to pay was reminded in the last 12 hours or unsubscribed${result.next_allowed_at ? `. You can remind them again from ${dateTime(result.next_allowed_at)}` : ''}.`,
    );
    props.onChanged();
  };
  const mayAccept = can('split.accept', split.created_by);
  const mayCancel = can('split.cancel', split.created_by);
  // The remind route allows the roles that may cancel orders, without the creator rule.
  const mayRemind = can('split.cancel');
  const mayRefund = can('split.partial_refund');
  const refundable =
    split.status === 'captured' || (split.status === 'partially_refunded' && refundState(split).outstanding > 0);
  const pending = split.status === 'pending';
  // A hosted order (the remind route is the session's) with someone still to pay.
  const remindable = pending && !awaitingAcceptance(split) && props.sessionToken !== null;
  const refusals = [...(awaitingAcceptance(split) ? [mayAccept] : []), mayCancel, mayRefund]
    .filter((p) => p.hidden)
    .map((p) => p.reason);

  return (
    <Section title="Actions">
      {done && (
        <Banner kind="success" title="Done">
          {done}
        </Banner>
      )}
      {split.status === 'canceling' && (
        <Banner kind="info" title="Cancelling">
          <span class="spinner" aria-hidden="true" /> Every hold is being released and nobody is charged. This page
          shows when the order is cancelled.
        </Banner>
      )}
      {props.cancelSent && split.status === 'canceled' && (
        <Banner kind="success" title="Cancelled">
          The order is cancelled: every hold was released and nobody is charged.
        </Banner>
      )}
      <ErrorNote error={remind.error} />
      {awaitingAcceptance(split) && (
        <Banner kind="warning" title="Waiting for your acceptance">
          Everyone in the group has placed their hold. Accept the order to capture the payments, or cancel it to release
          every hold. The holds lapse on {dateTime(orderDeadline(split).at)}.
        </Banner>
      )}
      <div class="row">
        <GatedAction may={mayAccept} shown={awaitingAcceptance(split)} tone="primary" onClick={() => accept.ask(true)}>
          Accept and capture
        </GatedAction>
        <GatedAction
          may={mayRemind}
          shown={remindable}
          tone="secondary"
          busy={remind.busy}
          busyLabel="Sending…"
          onClick={sendReminder}
        >
          Send a reminder
        </GatedAction>
        <GatedAction may={mayCancel} shown={pending} tone="secondary" onClick={() => cancel.ask(true)}>
          Cancel order
        </GatedAction>
        <GatedAction
          may={mayRefund}
          shown={refundable}
          tone="danger"
          onClick={() => {
            setDone(null);
            setRefunding(true);
          }}
        >
          Refund order
        </GatedAction>
      </div>
      {remindable && !mayRemind.hidden && (
        <p class="muted">
          A reminder e-mails everyone still to pay their link again: at most three times per order, and each person at
          most once every 12 hours.
        </p>
      )}
      {!pending && !refundable && (
        <p class="muted">Only a pending order can be cancelled, and only a paid order can be refunded.</p>
      )}
      <Refusal reason={!mayCancel.allowed && !mayCancel.hidden ? mayCancel.reason : null} />
      {refusals.map((reason) => (
        <p class="refusal" key={reason}>
          {reason}
        </p>
      ))}
      <ConfirmDialog {...accept.dialog} title="Accept and capture this order?" confirmLabel="Accept and capture">
        <p>
          Every participant's hold is captured: {money(split.total_amount)} in all, with the payers' service fees. Your
          systems are told through your webhook once the payments are taken. This cannot be undone.
        </p>
      </ConfirmDialog>
      <ConfirmDialog {...cancel.dialog} title="Cancel this order?" confirmLabel="Cancel order" danger>
        <p>
          Every participant's hold is released and nobody is charged. The payers can no longer pay, and your systems are
          told through your webhook. This cannot be undone.
        </p>
      </ConfirmDialog>
      <RefundDialog
        split={split}
        open={refunding}
        onClose={() => setRefunding(false)}
        onDone={(message) => {
          setRefunding(false);
          setDone(message);
          props.onChanged();
        }}
      />
    </Section>
  );
}

/** The timeline, newest first (GET /api/checkout-splits/:id/timeline), in UK time. */
function Timeline(props: { entries: TimelineEntry[]; emails: Map<string, string> }) {
  if (props.entries.length === 0) return <p class="empty">Nothing has happened to this order yet.</p>;
  return (
    <DataTable label="Timeline, newest first" columns={['When', 'What happened', 'By']}>
      {props.entries.map((entry, index) => (
        <tr key={`${entry.at}-${entry.kind}-${index}`}>
          <td>{dateTime(entry.at)}</td>
          <td class="wrap">{entry.summary}</td>
          <td>{actorLabel(entry.actor, props.emails)}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/** Line items, metadata and the order reference: what the merchant checks before accepting. */
function WhatWasOrdered(props: { split: SplitDetail; order: SplitTimeline['order'] | null }) {
  const { split, order } = props;
  const metadata = Object.entries(order?.metadata ?? {});
  return (
    <Section title="What was ordered">
      <KeyValues rows={[['Order reference', split.order_reference]]} />
      {order && order.line_items.length > 0 ? (
        <DataTable
          label="Order lines"
          columns={['Item', { label: 'Quantity', num: true }, { label: 'Amount', num: true }]}
        >
          {order.line_items.map((line, index) => (
            <tr key={`${line.description}-${index}`}>
              <td class="wrap">{line.description}</td>
              <td class="num">{line.quantity}</td>
              <td class="num">{money(line.amount)}</td>
            </tr>
          ))}
        </DataTable>
      ) : (
        <p class="muted">{order ? 'This order was created without order lines.' : 'Reading the order lines…'}</p>
      )}
      {metadata.length > 0 && (
        <>
          <h3>Metadata</h3>
          <KeyValues rows={metadata.map(([key, value]): [string, string] => [key, value])} />
        </>
      )}
    </Section>
  );
}

/** Order total, and once something was captured its fees and what the business keeps (`net_amount`). */
function Money(props: { split: SplitDetail }) {
  const { split } = props;
  // `net_amount` is additive on the detail: what the business keeps after our fee (docs/splits.md, "Fee and net amount").
  const net = split.net_amount;
  const { refunded } = refundState(split);
  const rows: [string, string][] = [['Order total', money(split.total_amount)]];
  if (somethingCaptured(split)) {
    rows.push(
      ['Service fees paid by customers', money(split.customer_fee_total)],
      [`groupsplit fee (${percentFromBps(split.merchant_fee_bps)})`, money(split.merchant_fee_total)],
    );
    if (refunded > 0) rows.push(['Refunded', money((refunded / 100).toFixed(2))]);
    rows.push(['Net to you', money(net)]);
  }
  return (
    <Section title="Money">
      <KeyValues rows={rows} />
      {!somethingCaptured(split) && (
        <p class="muted">
          {split.status === 'pending' || split.status === 'capturing'
            ? 'No fees yet: fees are taken only when the payments are captured.'
            : 'No fees: nothing was captured on this order.'}
        </p>
      )}
      <p class="muted">Your payment processor's own fees are shown in its dashboard.</p>
    </Section>
  );
}

function OrderView(props: {
  split: SplitDetail;
  timeline: Query<SplitTimeline>;
  reload: () => void;
  cancelSent: boolean;
  onCancelSent: () => void;
}) {
  const { split, timeline } = props;
  const emails = useTeamEmails();
  const order = timeline.status === 'ready' ? timeline.data.order : null;
  return (
    <>
      <PageHeader
        title={split.order_reference}
        description={
          <>
            {money(split.total_amount)} · <OrderStatusChip split={split} /> · created {dateTime(split.created_at)}
          </>
        }
      />
      <PausedBanner />
      <HoldLapseNotice split={split} />
      {split.disputed_at && (
        <Banner kind="danger" title="Disputed">
          A payer disputed a charge on {dateTime(split.disputed_at)}. Answer it in your payment processor's dashboard
          before its deadline.
        </Banner>
      )}
      <Actions
        split={split}
        sessionToken={order?.session_token ?? null}
        onChanged={props.reload}
        cancelSent={props.cancelSent}
        onCancelSent={props.onCancelSent}
      />
      <Section title="Participants">
        <DataTable
          label="Participants"
          columns={[
            'Person',
            { label: 'Share', num: true },
            { label: 'Service fee', num: true },
            { label: 'Card charge', num: true },
            'Status',
            'Disputed',
          ]}
        >
          {split.participants.map((p) => (
            <tr key={p.id}>
              {/* The name typed for them on the hosted checkout, if any (docs/splits.md, "Names"), then the address. */}
              <td class="wrap">
                {p.name && (
                  <>
                    <strong>{p.name}</strong>
                    <br />
                  </>
                )}
                {p.email}
                {order?.organiser_participant_id === p.id && (
                  <>
                    {' '}
                    <StatusChip status="organiser" label="Organiser" />
                  </>
                )}
                {p.covered && (
                  <div class="muted">
                    {p.covered.email
                      ? `Covering ${p.covered.name ? `${p.covered.name} (${p.covered.email})` : p.covered.email}`
                      : 'Took an open seat'}{' '}
                    since {dateTime(p.covered.at)}
                  </div>
                )}
              </td>
              <td class="num">{money(p.amount)}</td>
              <td class="num">{money(p.application_fee)}</td>
              <td class="num">
                {money(((poundsToPence(p.amount) + poundsToPence(p.application_fee)) / 100).toFixed(2))}
                {/* The card the hold is on, as receipts and exports say it: "Apple Pay (Visa ••••4242)". */}
                {p.card && <div class="muted">{p.card.label}</div>}
              </td>
              <td>
                <StatusChip status={p.status} />
                {split.status === 'pending' && holdLapsesSooner(split, p) && (
                  <div class="muted">Hold ends {dateTime(p.capture_before)}</div>
                )}
              </td>
              <td>{p.disputed_at ? dateTime(p.disputed_at) : <span class="muted">No</span>}</td>
            </tr>
          ))}
          {/* A split made with open seats: shares nobody has taken yet through the group link. */}
          {split.status === 'pending' &&
            (split.open_seats ?? []).map((seat) => (
              <tr key={seat.id}>
                <td class="wrap">
                  <em>Open seat</em>
                </td>
                <td class="num">{money(seat.amount)}</td>
                <td class="num muted">—</td>
                <td class="num muted">—</td>
                <td>
                  <StatusChip status="open_seat" label="Not taken yet" />
                </td>
                <td>
                  <span class="muted">—</span>
                </td>
              </tr>
            ))}
        </DataTable>
      </Section>
      <WhatWasOrdered split={split} order={order} />
      <div class="grid">
        <Money split={split} />
        <Section title="Details">
          <KeyValues
            rows={[
              ['Order id', <code key="id">{split.id}</code>],
              ['Holds expire', dateTime(orderDeadline(split).at)],
              ['Disputed', split.disputed_at ? dateTime(split.disputed_at) : 'No'],
              ['Processor account', split.processor_account_id ?? '—'],
              ['Last updated', dateTime(split.updated_at)],
            ]}
          />
        </Section>
      </div>
      <Section title="Timeline">
        {timeline.status === 'error' ? (
          <ErrorNote error={timeline.error} onRetry={timeline.reload} />
        ) : timeline.status === 'loading' ? (
          <p class="muted">Reading the timeline…</p>
        ) : (
          <Timeline entries={timeline.data.data} emails={emails} />
        )}
      </Section>
      <Section title="Refund history">
        <RefundHistory refunds={split.refunds} emails={emails} />
      </Section>
    </>
  );
}

/** How often an order being captured or cancelled is read again, until it gets there. */
const IN_PROGRESS_POLL_MS = 2000;

/**
 * GET /api/checkout-splits/:id (participants, fees, dispute, refund history) and its timeline
 * (GET …/timeline: what happened, what was ordered), and the actions.
 */
export function OrderPage(props: { params: Record<string, string> }) {
  const id = props.params.id as string;
  const split = useQuery(() => api.split(id), [id]);
  const timeline = useQuery(() => api.splitTimeline(id), [id]);
  const reload = () => {
    split.reload();
    timeline.reload();
  };
  const [cancelSent, setCancelSent] = useState(false);
  // An accepted order is captured in the background, and a cancel's releases may outlast its answer
  // (docs/hosted-checkout.md, "Cancel from the server"): read it again until it is captured (or failed) or
  // cancelled, so the page arrives at its new status by itself. A cancel sent from here is followed from
  // `pending` too, in case the read came before the workflow wrote `canceling`.
  const status = split.status === 'ready' ? split.data.status : null;
  const inProgress = status === 'capturing' || status === 'canceling' || (cancelSent && status === 'pending');
  useEffect(() => {
    if (!inProgress) return;
    const timer = setTimeout(reload, IN_PROGRESS_POLL_MS);
    return () => clearTimeout(timer);
  }, [inProgress, split.data]);
  return (
    <>
      <p class="breadcrumb">
        <Link href={PAGES.orders}>← Orders</Link>
      </p>
      {split.status === 'error' ? (
        <>
          <PageHeader title="Order" />
          <ErrorNote error={split.error} onRetry={split.reload} />
        </>
      ) : (
        <Loadable query={split} what="the order">
          {(data) => (
            <OrderView
              split={data}
              timeline={timeline}
              reload={reload}
              cancelSent={cancelSent}
              onCancelSent={() => setCancelSent(true)}
            />
          )}
        </Loadable>
      )}
    </>
  );
}
