import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';

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
