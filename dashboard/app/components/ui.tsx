import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ApiError } from '../api';
import type { Query } from '../hooks';

/** The page's one h1; it takes focus when the page changes, so keyboard and screen-reader users start there. */
export function PageHeader(props: { title: string; description?: ComponentChildren; actions?: ComponentChildren }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, [props.title]);
  return (
    <header class="page-header">
      <div>
        <h1 tabIndex={-1} ref={heading}>
          {props.title}
        </h1>
        {props.description && <p class="muted">{props.description}</p>}
      </div>
      {props.actions && <div class="page-actions">{props.actions}</div>}
    </header>
  );
}

export function Section(props: {
  title: string;
  id?: string;
  actions?: ComponentChildren;
  children: ComponentChildren;
}) {
  const id = props.id ?? `section-${props.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section class="card" aria-labelledby={id}>
      <div class="card-header">
        <h2 id={id}>{props.title}</h2>
        {props.actions && <div class="card-actions">{props.actions}</div>}
      </div>
      <div class="card-body">{props.children}</div>
    </section>
  );
}

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

/** Loading, error (with a retry) and, when `isEmpty` says so, the empty state; otherwise the content. */
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
  if (props.isEmpty?.(query.data)) return <div class="empty">{props.empty}</div>;
  return <>{props.children(query.data)}</>;
}

const CHIP_KIND: Record<string, string> = {
  pending: 'neutral',
  authorised: 'info',
  capturing: 'info',
  canceling: 'neutral',
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

export function StatusChip(props: { status: string; label?: string }) {
  const kind = CHIP_KIND[props.status] ?? 'neutral';
  return <span class={`chip chip-${kind}`}>{props.label ?? props.status.replace(/_/g, ' ')}</span>;
}

export function Field(props: {
  id: string;
  label: string;
  error?: string | null;
  hint?: ComponentChildren;
  optional?: boolean;
  children: ComponentChildren;
}) {
  return (
    <div class={`field${props.error ? ' field-invalid' : ''}`}>
      <label for={props.id}>
        {props.label}
        {props.optional && <span class="muted"> (optional)</span>}
      </label>
      {props.hint && (
        <p class="hint" id={`${props.id}-hint`}>
          {props.hint}
        </p>
      )}
      {props.children}
      {props.error && (
        <p class="field-error" id={`${props.id}-error`}>
          {props.error}
        </p>
      )}
    </div>
  );
}

/** aria-describedby for an input inside Field: its hint and error. */
export const describedBy = (id: string, hint: boolean, error: string | null | undefined) =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

/**
 * A confirmation in a native modal dialog: focus moves in and is kept there, Escape cancels, and focus
 * returns to what opened it.
 */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  error?: ApiError | null;
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children: ComponentChildren;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = `dialog-${props.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (props.open && !element.open) element.showModal();
    if (!props.open && element.open) element.close();
  }, [props.open]);
  return (
    <dialog
      ref={dialog}
      class="dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!props.busy) props.onCancel();
      }}
    >
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          props.onConfirm();
        }}
      >
        <h2 id={titleId}>{props.title}</h2>
        <div class="dialog-body">{props.children}</div>
        <ErrorNote error={props.error} />
        <div class="dialog-actions">
          <button type="button" class="button button-secondary" onClick={props.onCancel} disabled={props.busy}>
            Cancel
          </button>
          <button
            type="submit"
            class={`button ${props.danger ? 'button-danger' : 'button-primary'}`}
            disabled={props.busy || props.confirmDisabled}
          >
            {props.busy ? 'Working…' : props.confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** Copies `text`; says so in words (announced), or says how to copy by hand when the browser refuses. */
export function CopyButton(props: { text: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <span class="copy">
      <button
        type="button"
        class="button button-secondary button-small"
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(props.text);
            setState('copied');
          } catch {
            setState('failed');
          }
        }}
      >
        {props.label ?? 'Copy'}
      </button>
      <span class="muted" role="status">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Select the text and copy it by hand' : ''}
      </span>
    </span>
  );
}

/** A control the caller may not use right now: shown disabled, with the reason beside it. */
export function Refusal(props: { reason: string | null }) {
  if (!props.reason) return null;
  return <p class="refusal">{props.reason}</p>;
}

export function KeyValues(props: { rows: [string, ComponentChildren][] }) {
  return (
    <dl class="key-values">
      {props.rows.map(([key, value]) => (
        <div key={key}>
          <dt>{key}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A table that may scroll sideways on a narrow screen; focusable, so the keyboard can scroll it too. */
/** A table's column heading: its words, `num` for amounts (right-aligned), `hidden` to say it to screen readers only. */
export type Column = string | { label: string; num?: boolean; hidden?: boolean };

/** The last column of a table whose rows end in buttons. */
export const ACTIONS: Column = { label: 'Actions', hidden: true };

/**
 * Every table of the app: in its scrolling region, captioned (for screen readers) and named by
 * `label`, its column headings, and the rows given as children.
 */
export function DataTable(props: { label: string; columns: Column[]; children: ComponentChildren }) {
  return (
    <TableWrap label={props.label}>
      <table class="table">
        <caption class="visually-hidden">{props.label}</caption>
        <thead>
          <tr>
            {props.columns.map((column) => {
              const { label, num, hidden } = typeof column === 'string' ? { label: column } : column;
              return (
                <th scope="col" class={num ? 'num' : undefined} key={label}>
                  {hidden ? <span class="visually-hidden">{label}</span> : label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </TableWrap>
  );
}

export function TableWrap(props: { label: string; children: ComponentChildren }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
    <section class="table-wrap" aria-label={props.label} tabIndex={0}>
      {props.children}
    </section>
  );
}
