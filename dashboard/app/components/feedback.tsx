import type { ComponentChildren } from 'preact';
import type { ApiError } from '../api';
import type { Query } from '../hooks';

/** The API's own message; a 403 says plainly that it was refused. */
export function ErrorNote(props: { error: ApiError | null | undefined; onRetry?: () => void }) {
  const { error } = props;
  if (!error) return null;
  const refused = error.status === 403;
  return (
    <div class="notice notice-error" role="alert">
      <p>
        {refused && <strong>Not allowed. </strong>}
        {error.message}
      </p>
      {props.onRetry && (
        <button type="button" class="button button-secondary button-small" onClick={props.onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

export function Banner(props: {
  kind: 'warning' | 'info' | 'success' | 'danger';
  title?: string;
  children: ComponentChildren;
}) {
  return (
    <div class={`notice notice-${props.kind}`} role={props.kind === 'danger' ? 'alert' : 'status'}>
      {props.title && <p class="notice-title">{props.title}</p>}
      <div>{props.children}</div>
    </div>
  );
}

/**
 * Loading, error (with a retry) and, when `isEmpty` says so, the `empty` state; otherwise the content.
 * A list with an `empty` state is empty when it has no items, unless `isEmpty` says otherwise.
 */
export function Loadable<T>(props: {
  query: Query<T>;
  what: string;
  isEmpty?: (data: T) => boolean;
  empty?: ComponentChildren;
  children: (data: T) => ComponentChildren;
}) {
  const { query } = props;
  if (query.status === 'loading') {
    return (
      <p class="loading" role="status">
        <span class="spinner" aria-hidden="true" />
        Loading {props.what}…
      </p>
    );
  }
  if (query.status === 'error') return <ErrorNote error={query.error} onRetry={query.reload} />;
  const isEmpty = props.isEmpty ?? ((data: T) => props.empty !== undefined && Array.isArray(data) && data.length === 0);
  if (isEmpty(query.data)) return <div class="empty">{props.empty}</div>;
  return <>{props.children(query.data)}</>;
}

const CHIP_KIND: Record<string, string> = {
  pending: 'neutral',
  awaiting_merchant: 'warning',
  authorised: 'info',
  capturing: 'info',
  canceling: 'info',
  captured: 'success',
  succeeded: 'success',
  complete: 'success',
  paid: 'success',
  verified: 'success',
  refunded: 'muted',
  partially_refunded: 'muted',
  partial: 'warning',
  in_progress: 'info',
  canceled: 'muted',
  cancelled: 'muted',
  creation_failed: 'danger',
  capture_failed: 'danger',
  failed: 'danger',
  unpaid: 'danger',
  skipped: 'neutral',
};

/**
 * Where a status value (the API's, which keeps the spec's spelling) reads differently for people:
 * British spelling, and a held share is a hold, not a payment.
 */
const CHIP_WORDS: Record<string, string> = {
  canceled: 'cancelled',
  canceling: 'cancelling',
  authorised: 'hold in place',
};

export function StatusChip(props: { status: string; label?: string }) {
  const kind = CHIP_KIND[props.status] ?? 'neutral';
  return (
    <span class={`chip chip-${kind}`}>
      {props.label ?? CHIP_WORDS[props.status] ?? props.status.replace(/_/g, ' ')}
    </span>
  );
}

/** A control the caller may not use right now: shown disabled, with the reason beside it. */
export function Refusal(props: { reason: string | null }) {
  if (!props.reason) return null;
  return <p class="refusal">{props.reason}</p>;
}
