import { api } from '../api';
import { useBusiness } from '../business';
import { Loadable, StatusChip } from '../components/feedback';
import { PageHeader, Section } from '../components/page';
import { PausedBanner } from '../components/paused-banner';
import { KeyValues } from '../components/table';
import { dateTime, money, percentFromBps, roleLabel } from '../format';
import { useQuery } from '../hooks';
import { Link } from '../router';
import { PAGES, pathFor } from '../routes';
import { useSession } from '../session';
import { GetStarted } from './get-started';
import { GoLiveChecklist } from './go-live';
import { OrderStatusChip } from './order-status';

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
      {mode === 'test' && <GetStarted />}
      <div class="grid">
        {/* The readiness gates are inside these (one button per action): live's in the checklist, test's in Get started. */}
        {mode === 'live' ? <GoLiveChecklist /> : <GoLiveChecklist title="What you need to go live" />}
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
