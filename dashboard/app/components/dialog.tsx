import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import type { ApiError } from '../api';
import { BusyButton } from './busy-button';
import { ErrorNote } from './feedback';
import { Form } from './form';

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
      <Form method="dialog" onSubmit={props.onConfirm}>
        <h2 id={titleId}>{props.title}</h2>
        <div class="dialog-body">{props.children}</div>
        <ErrorNote error={props.error} />
        <div class="dialog-actions">
          <button type="button" class="button button-secondary" onClick={props.onCancel} disabled={props.busy}>
            Cancel
          </button>
          <BusyButton
            type="submit"
            tone={props.danger ? 'danger' : 'primary'}
            busy={props.busy ?? false}
            busyLabel="Working…"
            disabled={props.confirmDisabled}
          >
            {props.confirmLabel}
          </BusyButton>
        </div>
      </Form>
    </dialog>
  );
}
