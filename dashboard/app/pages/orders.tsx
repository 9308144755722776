import { api, type SplitSummary } from '../api';
import { Loadable, StatusChip } from '../components/feedback';
import { PageHeader } from '../components/page';
import { DataTable } from '../components/table';
import { dateTime, money } from '../format';
import { useQuery } from '../hooks';
import { Link, navigate, usePlace } from '../router';
import { PAGES, pathFor } from '../routes';
import { useSession } from '../session';
import { PausedBanner } from './home';

const paidCount = (order: SplitSummary) =>
  order.participants.filter((p) => p.status === 'authorised' || p.status === 'captured' || p.status === 'refunded')
    .length;

/** GET /api/checkout-splits for this mode, newest first, searched by order reference (the `q` of the address). */
export function OrdersPage() {
  const { search } = usePlace();
  const { mode } = useSession();
  const query = search.get('q') ?? '';
  const orders = useQuery(() => api.splits(), []);
  const needle = query.trim().toLowerCase();
  return (
    <>
      <PageHeader title="Orders" description={`Every split order taken in ${mode} mode, newest first.`} />
      <PausedBanner />
      <form class="toolbar" onSubmit={(event) => event.preventDefault()} aria-label="Search orders">
        <label for="order-search" class="visually-hidden">
          Order reference
        </label>
        <input
          id="order-search"
          type="search"
          placeholder="Search by order reference"
          value={query}
          onInput={(event) => {
            const value = (event.currentTarget as HTMLInputElement).value;
            navigate(value ? `${PAGES.orders}?q=${encodeURIComponent(value)}` : PAGES.orders, { replace: true });
          }}
        />
      </form>
      <Loadable
        query={orders}
        what="orders"
        empty={
          <p>
            No {mode} orders yet. Orders appear here once a buyer splits a checkout your server created with a {mode}{' '}
            API key.
          </p>
        }
      >
        {(list) => {
          const shown = needle ? list.filter((order) => order.order_reference.toLowerCase().includes(needle)) : list;
          if (shown.length === 0) return <p class="empty">No order reference contains “{query}”.</p>;
          return (
            <DataTable
              label="Orders"
              columns={['Order reference', { label: 'Amount', num: true }, 'Status', 'Paid', 'Created']}
            >
              {shown.map((order) => (
                <tr key={order.id}>
                  <td>
                    <Link href={pathFor('order', { id: order.id })}>{order.order_reference}</Link>
                  </td>
                  <td class="num">{money(order.total_amount)}</td>
                  <td>
                    <StatusChip status={order.status} />
                  </td>
                  <td>
                    {paidCount(order)} of {order.participants.length}
                  </td>
                  <td>{dateTime(order.created_at)}</td>
                </tr>
              ))}
            </DataTable>
          );
        }}
      </Loadable>
    </>
  );
}
