import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

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
