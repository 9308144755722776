import { useEffect, useRef, useState } from 'preact/hooks';
import { api, type SplitPage, type SplitSummary } from '../api';
import { Loadable } from '../components/feedback';
import { FilterSelect, Form } from '../components/form';
import { PageHeader } from '../components/page';
import { PausedBanner } from '../components/paused-banner';
import { DataTable } from '../components/table';
import { dateTime, money, words } from '../format';
import { useQuery } from '../hooks';
import { Link, navigate, usePlace } from '../router';
import { pathFor } from '../routes';
import { useSession } from '../session';
import { OrderStatusChip } from './order-status';
import { hasFilters, listQuery, type OrdersAddress, ordersHref, readAddress, STATUS_CHOICES } from './orders-address';

const paidCount = (order: SplitSummary) =>
  order.participants.filter((p) => p.status === 'authorised' || p.status === 'captured' || p.status === 'refunded')
    .length;

/** How long typing in the search box waits for a pause before it searches (one request per pause, not per key). */
const SEARCH_PAUSE_MS = 300;

/** One of the filters' date boxes; `onPick` gets the day chosen (`YYYY-MM-DD`, empty when cleared). */
function DayField(props: { id: string; label: string; value: string; min?: string; onPick: (day: string) => void }) {
  return (
    <div class="field orders-day">
      <label for={props.id}>{props.label}</label>
      <input
        id={props.id}
        type="date"
        value={props.value}
        min={props.min}
        onChange={(event) => props.onPick((event.currentTarget as HTMLInputElement).value)}
      />
    </div>
  );
}

/** Search, status and dates; each change goes into the address and starts again at the first page. */
function OrderFilters(props: { address: OrdersAddress }) {
  const { address } = props;
  const [draft, setDraft] = useState(address.q);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The address can change under the box (back button, "Clear filters"): show what it says.
  useEffect(() => setDraft(address.q), [address.q]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const go = (change: Partial<OrdersAddress>) =>
    navigate(ordersHref({ ...address, ...change, after: undefined, before: undefined }));
  const search = (q: string) => {
    clearTimeout(timer.current);
    navigate(ordersHref({ ...address, q, after: undefined, before: undefined }), { replace: true });
  };
  return (
    <Form class="toolbar inline-form orders-filters" aria-label="Filter orders" onSubmit={() => search(draft)}>
      <div class="field orders-search">
        <label for="order-search">Search by name, e-mail, order reference or id</label>
        <input
          id="order-search"
          type="search"
          value={draft}
          onInput={(event) => {
            const value = (event.currentTarget as HTMLInputElement).value;
            setDraft(value);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => search(value), SEARCH_PAUSE_MS);
          }}
        />
      </div>
      <FilterSelect
        id="order-status"
        label="Status"
        all="All statuses"
        value={address.status}
        values={STATUS_CHOICES}
        words={words}
        onChange={(status) => go({ status })}
      />
      <DayField id="order-from" label="Created from" value={address.from} onPick={(from) => go({ from })} />
      <DayField
        id="order-to"
        label="Created to"
        value={address.to}
        min={address.from || undefined}
        onPick={(to) => go({ to })}
      />
      {hasFilters(address) && (
        <Link class="button button-secondary" href={ordersHref({})}>
          Clear filters
        </Link>
      )}
    </Form>
  );
}

/** Previous (newer) and next (older) pages, as links: each page has an address of its own. */
function Pager(props: { address: OrdersAddress; page: SplitPage }) {
  const { address, page } = props;
  const filters = { ...address, after: undefined, before: undefined };
  const onCursor = Boolean(address.after || address.before);
  if (!page.previous_cursor && !page.next_cursor && !onCursor) return null;
  return (
    <nav class="pager" aria-label="Pages of orders">
      {onCursor && <Link href={ordersHref(filters)}>First page</Link>}
      {page.previous_cursor && (
        <Link rel="prev" href={ordersHref({ ...filters, before: page.previous_cursor })}>
          Previous page
        </Link>
      )}
      {page.next_cursor && (
        <Link rel="next" href={ordersHref({ ...filters, after: page.next_cursor })}>
          Next page
        </Link>
      )}
    </nav>
  );
}

/** Who set the order up: their name with the address under it, or whichever of the two is known. */
function Organiser(props: { organiser: SplitSummary['organiser'] }) {
  const { organiser } = props;
  if (!organiser) return <span class="muted">Not known</span>;
  if (!organiser.name) return <>{organiser.email}</>;
  return (
    <>
      {organiser.name}
      {organiser.email && <span class="organiser-email muted">{organiser.email}</span>}
    </>
  );
}

function OrdersTable(props: { orders: SplitSummary[] }) {
  return (
    <DataTable
      label="Orders"
      columns={['Order reference', 'Organiser', { label: 'Amount', num: true }, 'Status', 'Paid', 'Created']}
    >
      {props.orders.map((order) => (
        <tr key={order.id}>
          <td>
            <Link href={pathFor('order', { id: order.id })}>{order.order_reference}</Link>
          </td>
          <td class="wrap">
            <Organiser organiser={order.organiser} />
          </td>
          <td class="num">{money(order.total_amount)}</td>
          <td>
            <OrderStatusChip split={order} />
          </td>
          <td>
            {paidCount(order)} of {order.participants.length}
          </td>
          <td>{dateTime(order.created_at)}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/**
 * GET /api/checkout-splits, 50 at a time, for this mode: filtered, searched and paged by the API
 * (docs/splits.md, "Listing"), never the whole list. The address holds every choice.
 */
export function OrdersPage() {
  const { search } = usePlace();
  const { mode } = useSession();
  const address = readAddress(search);
  const orders = useQuery(() => api.splitPage(listQuery(address)), [search.toString()]);
  const filtered = hasFilters(address);
  const onCursor = Boolean(address.after || address.before);
  return (
    <>
      <PageHeader title="Orders" description={`Every split order taken in ${mode} mode, newest first, 50 a page.`} />
      <PausedBanner />
      <OrderFilters address={address} />
      <Loadable
        query={orders}
        what="orders"
        isEmpty={(page) => page.data.length === 0}
        empty={
          filtered ? (
            <p>No {mode} orders match these filters.</p>
          ) : onCursor ? (
            <p>
              No more orders here. <Link href={ordersHref({})}>Back to the newest orders</Link>
            </p>
          ) : (
            <p>
              No {mode} orders yet. Orders appear here once a buyer splits a checkout your server created with a {mode}{' '}
              API key.
            </p>
          )
        }
      >
        {(page) => (
          <>
            <OrdersTable orders={page.data} />
            <Pager address={address} page={page} />
          </>
        )}
      </Loadable>
    </>
  );
}
