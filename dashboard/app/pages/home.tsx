import type { GateFeature } from '../api';
import { api } from '../api';
import { useBusiness } from '../business';
import { Banner, Loadable, StatusChip } from '../components/feedback';
import { PageHeader, Section } from '../components/page';
import { KeyValues } from '../components/table';
import { dateTime, money, percentFromBps, roleLabel } from '../format';
import { useQuery } from '../hooks';
import { Link } from '../router';
import { PAGES, pathFor } from '../routes';
import { useSession } from '../session';
import { GoLiveChecklist } from './go-live';
import { OrderStatusChip } from './order-status';

const FEATURES: [GateFeature, string][] = [
  ['take_split', 'Take split payments'],
  ['issue_invoice', 'Send invoices'],
  ['issue_invoice_bank_transfer', 'Send invoices paid by bank transfer'],
];

const VERIFICATION_LABELS: Record<string, string> = {
  verified: 'Verified',
  unverified: 'Not verified yet',
  pending_identity: "Waiting for the new owner's identity check",
  manual_review: 'In manual review',
};

/** The business's verification status in words, on the home page and the verification page alike. */
export function VerificationChip(props: { status: string }) {
  return <StatusChip status={props.status} label={VERIFICATION_LABELS[props.status] ?? props.status} />;
}

export function PausedBanner() {
  const { me } = useBusiness();
  if (!me.paused) return null;
  return (
    <Banner kind="danger" title="This workspace is paused">
      It is read-only until it is unpaused: you can look at everything but change nothing.
      {me.paused_reason && <> Reason: {me.paused_reason}</>}
    </Banner>
  );
}

/** What the business can do in this mode (the gates of GET /api/merchants/me), each with its fix. */
function Gates() {
  const { me } = useBusiness();
  const { mode } = useSession();
  return (
    <Section title={`Ready to take payments? (${mode} mode)`}>
      <ul class="gates">
        {FEATURES.map(([feature, label]) => {
          const gate = me.gates[feature];
          return (
            <li key={feature} class={`gate${gate ? ' gate-blocked' : ' gate-ready'}`}>
              <div>
                <p class="gate-title">
                  <StatusChip status={gate ? 'pending' : 'complete'} label={gate ? 'Action needed' : 'Ready'} /> {label}
                </p>
                {gate && <p class="muted">{gate.message}</p>}
              </div>
              {gate && (
                <Link class="button button-secondary button-small" href={gate.fix.path}>
                  {gate.fix.label}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

function RecentOrders() {
  // The five newest only (`limit`): Home never downloads the whole list.
  const orders = useQuery(() => api.splitPage({ limit: 5 }), []);
  return (
    <Section title="Recent orders" actions={<Link href={PAGES.orders}>View all</Link>}>
      <Loadable
        query={orders}
        what="recent orders"
        isEmpty={(page) => page.data.length === 0}
        empty={<p>No orders in this mode yet.</p>}
      >
        {(page) => (
          <ul class="plain-list">
            {page.data.map((order) => (
              <li key={order.id} class="list-row">
                <Link href={pathFor('order', { id: order.id })}>{order.order_reference}</Link>
                <span>{money(order.total_amount)}</span>
                <OrderStatusChip split={order} />
              </li>
            ))}
          </ul>
        )}
      </Loadable>
    </Section>
  );
}

export function HomePage() {
  const { me, role } = useBusiness();
  const { mode } = useSession();
  return (
    <>
      <PageHeader title={me.name} description={`You are ${roleLabel(role)} of this business.`} />
      <PausedBanner />
      <div class="grid">
        {mode === 'live' && <GoLiveChecklist />}
        <Gates />
        <Section title="Verification" actions={<Link href={PAGES.verification}>Details</Link>}>
          <KeyValues
            rows={[
              ['Status', <VerificationChip key="status" status={me.verification_status} />],
              ['Payments processor (live)', me.processor_charges_enabled ? 'Charges enabled' : 'Not enabled yet'],
              [
                'Fee',
                `${percentFromBps(me.platform_fee_bps)} of each completed split${
                  me.platform_fee_discount_ends_at ? `, until ${dateTime(me.platform_fee_discount_ends_at)}` : ''
                }`,
              ],
            ]}
          />
        </Section>
        <RecentOrders />
      </div>
    </>
  );
}
