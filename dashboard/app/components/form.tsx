import type { ComponentChildren, JSX } from 'preact';
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

/** A form that stays on the page: submitting runs `onSubmit`, never the browser's own submit (a page load). */
export function Form(props: Omit<JSX.FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> & { onSubmit?: () => unknown }) {
  const { onSubmit, ...rest } = props;
  return (
    <form
      {...rest}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit?.();
      }}
    />
  );
}

/** A select's choices: one option per value, showing `label(value)`. */
export function Options<T extends string | number>(props: {
  values: readonly T[];
  label: (value: T) => ComponentChildren;
}) {
  return (
    <>
      {props.values.map((value) => (
        <option key={value} value={String(value)}>
          {props.label(value)}
        </option>
      ))}
    </>
  );
}

/** A list filter: a labelled select of `values` whose first choice, `all`, is the empty value (no filter). */
export function FilterSelect<T extends string>(props: {
  id: string;
  label: string;
  all: string;
  value: string;
  values: readonly T[];
  words: (value: T) => ComponentChildren;
  onChange: (value: T | '') => void;
}) {
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      <select
        id={props.id}
        value={props.value}
        onChange={(event) => props.onChange((event.currentTarget as HTMLSelectElement).value as T | '')}
      >
        <option value="">{props.all}</option>
        <Options values={props.values} label={props.words} />
      </select>
    </div>
  );
}

/** aria-describedby for an input inside Field: its hint and error. */
export const describedBy = (id: string, hint: boolean, error: string | null | undefined) =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

/** What ties an input to its Field: its id, whether it is invalid, and what describes it (hint, error). */
export const fieldInputProps = (id: string, hint: boolean, error: string | null | undefined) => ({
  id,
  'aria-invalid': Boolean(error),
  'aria-describedby': describedBy(id, hint, error),
});

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
