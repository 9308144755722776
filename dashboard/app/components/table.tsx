import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';

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

/** A table's column heading: its words, `num` for amounts (right-aligned), `hidden` to say it to screen readers only. */
export type Column = string | { label: string; num?: boolean; hidden?: boolean };

/** The last column of a table whose rows end in buttons. */
export const ACTIONS: Column = { label: 'Actions', hidden: true };

const columnOf = (column: Column) => (typeof column === 'string' ? { label: column } : column);

/**
 * Gives every body cell of `table` its column's heading as `data-label` (a hidden heading, such as the
 * actions', gives none; a cell spanning several columns gives none), which the phone layout prints
 * beside the value (styles.css, "tables as cards"). Re-run whenever rows come and go.
 */
function labelCells(table: HTMLTableElement, labels: string[]) {
  for (const body of Array.from(table.tBodies)) {
    for (const row of Array.from(body.rows)) {
      let column = 0;
      for (const cell of Array.from(row.cells)) {
        const label = cell.colSpan === 1 ? labels[column] : '';
        if (label) cell.setAttribute('data-label', label);
        else cell.removeAttribute('data-label');
        column += cell.colSpan;
      }
    }
  }
}

/**
 * Every table of the app: in its scrolling region, captioned (for screen readers) and named by
 * `label`, its column headings, and the rows given as children. Below 600 px wide each row is shown
 * as a card (styles.css, "tables as cards"): its cells stacked, each with its column's heading, the
 * buttons kept; no page needs to do anything for it.
 */
export function DataTable(props: { label: string; columns: Column[]; children: ComponentChildren }) {
  const table = useRef<HTMLTableElement>(null);
  const labels = props.columns.map((column) => {
    const { label, hidden } = columnOf(column);
    return hidden ? '' : label;
  });
  const labelKey = labels.join('\n');
  useLayoutEffect(() => {
    const element = table.current;
    if (!element) return;
    const names = labelKey.split('\n');
    labelCells(element, names);
    // Rows drawn later by their own components (a row that opens its details, a page of more rows).
    const observer = new MutationObserver(() => labelCells(element, names));
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [labelKey]);
  return (
    <TableWrap label={props.label}>
      <table class="table" ref={table}>
        <caption class="visually-hidden">{props.label}</caption>
        <thead>
          <tr>
            {props.columns.map((column) => {
              const { label, num, hidden } = columnOf(column);
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

/** A table that may scroll sideways on a narrow screen; focusable, so the keyboard can scroll it too. */
function TableWrap(props: { label: string; children: ComponentChildren }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
    <section class="table-wrap" aria-label={props.label} tabIndex={0}>
      {props.children}
    </section>
  );
}
