import type { ComponentChildren } from 'preact';

/**
 * A button that starts a request: disabled while it runs (`busy`), so it is sent once, and reading
 * `busyLabel` meanwhile when one is given ("Sending…"), else its own words. `disabled` adds any other
 * reason it cannot be used now (a refused role, a form not filled in).
 */
export function BusyButton(props: {
  busy: boolean;
  busyLabel?: string;
  type?: 'button' | 'submit';
  tone?: 'primary' | 'secondary' | 'danger';
  small?: boolean;
  disabled?: boolean;
  /** The accessible name, when the visible words need the row they act on ("Resend the invitation to …"). */
  label?: string;
  onClick?: () => unknown;
  children: ComponentChildren;
}) {
  const tone = props.tone ?? 'primary';
  return (
    <button
      type={props.type ?? 'button'}
      class={`button button-${tone}${props.small ? ' button-small' : ''}`}
      disabled={props.busy || props.disabled}
      aria-label={props.label}
      onClick={props.onClick}
    >
      {props.busy && props.busyLabel ? props.busyLabel : props.children}
    </button>
  );
}
