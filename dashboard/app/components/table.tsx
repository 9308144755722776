import type { ComponentChildren } from 'preact';

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

/** A table that may scroll sideways on a narrow screen; focusable, so the keyboard can scroll it too. */
function TableWrap(props: { label: string; children: ComponentChildren }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
    <section class="table-wrap" aria-label={props.label} tabIndex={0}>
      {props.children}
    </section>
  );
}
