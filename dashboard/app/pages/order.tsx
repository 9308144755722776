import { useEffect, useState } from 'preact/hooks';
import { api, type RefundHistoryEntry, type SplitDetail } from '../api';
import { useBusiness } from '../business';
import { ConfirmDialog } from '../components/dialog';
import { Banner, ErrorNote, Loadable, Refusal, StatusChip } from '../components/feedback';
import { PageHeader, Section } from '../components/page';
import { DataTable, KeyValues } from '../components/table';
import { dateTime, money, percentFromBps } from '../format';
import { useConfirm, useQuery } from '../hooks';
import type { Permission } from '../permissions';
import { Link } from '../router';
import { PAGES } from '../routes';
import { PausedBanner } from './home';
import { awaitingAcceptance, OrderStatusChip } from './order-status';

/** docs/spec.md, Refund result and history: `api_key`, `dashboard:<user>` or `processor`. */
function actorLabel(actor: string, emails: Map<string, string>): string {
  if (actor === 'api_key') return 'API key';
  if (actor === 'processor') return 'Payment processor dashboard';
  if (actor.startsWith('dashboard:')) {
    const userId = actor.slice('dashboard:'.length);
    return `Dashboard: ${emails.get(userId) ?? 'a former team member'}`;
  }
  return actor;
}

function RefundHistory(props: { refunds: RefundHistoryEntry[] | undefined }) {
  const team = useQuery(() => api.team(), []);
  const emails = new Map(team.status === 'ready' ? team.data.members.map((m) => [m.user_id, m.email]) : []);
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
          <td>{refund.reason ?? <span class="muted">None given</span>}</td>
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
  children: string;
}) {
  if (props.may.hidden || !props.shown) return null;
  return (
    <button type="button" class={`button button-${props.tone}`} disabled={!props.may.allowed} onClick={props.onClick}>
      {props.children}
    </button>
  );
}

/**
 * Accept and capture (an order waiting for the business), cancel (pending) and whole refund (captured),
 * each behind a confirmation, as the caller's role allows. Accepting is the roles that may cancel
 * (policy row `split.accept`), but never the buyer who created a hosted order.
 */
function Actions(props: { split: SplitDetail; onChanged: () => void }) {
  const { split } = props;
  const { can } = useBusiness();
  const [done, setDone] = useState<string | null>(null);
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
    () => api.cancelSplit(split.id),
    () => {
      setDone('The order is being cancelled: every hold is released and nobody is charged.');
      props.onChanged();
    },
  );
  const refund = useConfirm(
    () => api.refundSplit(split.id),
    (result) => {
      setDone(`Refunded ${money(result.refunded)} of ${money(result.total_amount)}. The order is ${result.status}.`);
      props.onChanged();
    },
  );
  const mayAccept = can('split.accept', split.created_by);
  const mayCancel = can('split.cancel', split.created_by);
  const mayRefund = can('split.refund', split.created_by);
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
      {awaitingAcceptance(split) && (
        <Banner kind="warning" title="Waiting for your acceptance">
          Everyone in the group has placed their hold. Accept the order to capture the payments, or cancel it to release
          every hold. The holds lapse on {dateTime(split.authorization_expires_at)}.
        </Banner>
      )}
      <div class="row">
        <GatedAction may={mayAccept} shown={awaitingAcceptance(split)} tone="primary" onClick={() => accept.ask(true)}>
          Accept and capture
        </GatedAction>
        <GatedAction
          may={mayCancel}
          shown={split.status === 'pending'}
          tone="secondary"
          onClick={() => cancel.ask(true)}
        >
          Cancel order
        </GatedAction>
        <GatedAction may={mayRefund} shown={split.status === 'captured'} tone="danger" onClick={() => refund.ask(true)}>
          Refund order
        </GatedAction>
      </div>
      {split.status !== 'pending' && split.status !== 'captured' && (
        <p class="muted">
          Only a pending order can be cancelled, and only a captured order can be refunded from the dashboard.
        </p>
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
          webhook receives <code>checkout_split.paid</code> once the payments are taken. This cannot be undone.
        </p>
      </ConfirmDialog>
      <ConfirmDialog {...cancel.dialog} title="Cancel this order?" confirmLabel="Cancel order" danger>
        <p>
          Every participant's hold is released and nobody is charged. The payers can no longer pay, and your webhook
          receives <code>checkout_split.canceled</code>. This cannot be undone.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        {...refund.dialog}
        title="Refund the whole order?"
        confirmLabel={`Refund ${money(split.total_amount)}`}
        danger
      >
        <p>
          Every captured share is refunded in full, including each payer's {money('0.20')} service fee, each as its own
          refund on your processor account, and the groupsplit fee is reversed. Your webhook receives{' '}
          <code>checkout_split.refunded</code>. This cannot be undone.
        </p>
      </ConfirmDialog>
    </Section>
  );
}

function OrderView(props: { split: SplitDetail; reload: () => void }) {
  const { split } = props;
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
      {split.disputed_at && (
        <Banner kind="danger" title="Disputed">
          A payer disputed a charge on {dateTime(split.disputed_at)}. Answer it in your payment processor's dashboard
          before its deadline.
        </Banner>
      )}
      <Actions split={split} onChanged={props.reload} />
      <Section title="Participants">
        <DataTable
          label="Participants"
          columns={['Person', { label: 'Share', num: true }, { label: 'Service fee', num: true }, 'Status', 'Disputed']}
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
              <td>
                <StatusChip status={p.status} />
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
      <div class="grid">
        <Section title="Fees">
          <KeyValues
            rows={[
              ['Order total', money(split.total_amount)],
              ['Service fees paid by customers', money(split.customer_fee_total)],
              [`groupsplit fee (${percentFromBps(split.merchant_fee_bps)})`, money(split.merchant_fee_total)],
              ['All fees collected', money(split.application_fee_total)],
            ]}
          />
        </Section>
        <Section title="Details">
          <KeyValues
            rows={[
              ['Order id', <code key="id">{split.id}</code>],
              ['Holds expire', dateTime(split.authorization_expires_at)],
              ['Disputed', split.disputed_at ? dateTime(split.disputed_at) : 'No'],
              ['Processor account', split.processor_account_id ?? '—'],
              ['Last updated', dateTime(split.updated_at)],
            ]}
          />
        </Section>
      </div>
      <Section title="Refund history">
        <RefundHistory refunds={split.refunds} />
      </Section>
    </>
  );
}

/** How often an order being captured is read again, until it is captured (or failed). */
const CAPTURING_POLL_MS = 2000;

/** GET /api/checkout-splits/:id: participants, fees, dispute, refund history, and the actions. */
export function OrderPage(props: { params: Record<string, string> }) {
  const id = props.params.id as string;
  const split = useQuery(() => api.split(id), [id]);
  // An accepted order is captured in the background: read it again until the capture has ended, so the
  // page arrives at its new status by itself.
  const capturing = split.status === 'ready' && split.data.status === 'capturing';
  useEffect(() => {
    if (!capturing) return;
    const timer = setTimeout(split.reload, CAPTURING_POLL_MS);
    return () => clearTimeout(timer);
  }, [capturing, split.data]);
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
          {(data) => <OrderView split={data} reload={split.reload} />}
        </Loadable>
      )}
    </>
  );
}
