import type { Chart } from 'chart.js';
import { useEffect, useRef } from 'preact/hooks';
import { DataTable } from './table';

/** One row of the chart and of the table beside it: its label and one value per series. */
export type ChartRow = { label: string; values: number[] };

/**
 * Chart.js, loaded the first time a page draws a chart (its own chunk: no other page downloads it),
 * with only the pieces a bar chart needs. It draws on a canvas and sizes it through the CSSOM, which
 * the dashboard's CSP (style-src 'self', no inline style) allows.
 */
let chartJs: Promise<typeof import('chart.js')> | undefined;
function loadChartJs() {
  chartJs ??= import('chart.js').then((module) => {
    module.Chart.register(
      module.BarController,
      module.BarElement,
      module.CategoryScale,
      module.LinearScale,
      module.Legend,
    );
    return module;
  });
  return chartJs;
}

const TEXT = '#1a1f36';
const MUTED = '#545d70';
const GRID = '#dfe3ea';
/** One colour per series, each at least 3:1 against white (WCAG's contrast for graphics). */
const SERIES_COLOURS = ['#4f46e5', '#0f766e'];

/**
 * A horizontal bar chart with what it says in words: a one-sentence summary above it (also the
 * canvas's accessible name) and a table of the same figures beside it (under it on a phone), so
 * nothing is only in pixels. Several series draw grouped bars with a legend.
 */
export function BarChart(props: {
  title: string;
  summary: string;
  /** The table's first column heading: what a row is. */
  rowLabel: string;
  /** What each series counts: a column of the table, and a colour of the chart. */
  series: string[];
  rows: ChartRow[];
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const key = JSON.stringify([props.series, props.rows]);
  useEffect(() => {
    let chart: Chart | undefined;
    let current = true;
    loadChartJs().then(({ Chart: ChartJs }) => {
      if (!current || !canvas.current) return;
      chart = new ChartJs(canvas.current, {
        type: 'bar',
        data: {
          labels: props.rows.map((row) => row.label),
          datasets: props.series.map((label, i) => ({
            label,
            data: props.rows.map((row) => row.values[i] ?? 0),
            backgroundColor: SERIES_COLOURS[i % SERIES_COLOURS.length],
          })),
        },
        options: {
          indexAxis: 'y',
          // Drawn at once: nothing moves for people who asked for less motion, and a screenshot is the final chart.
          animation: false,
          responsive: true,
          maintainAspectRatio: false,
          plugins: {
            legend: { display: props.series.length > 1, position: 'bottom', labels: { color: TEXT, boxWidth: 14 } },
          },
          scales: {
            x: { beginAtZero: true, ticks: { precision: 0, color: MUTED }, grid: { color: GRID } },
            y: { ticks: { color: TEXT }, grid: { display: false } },
          },
        },
      });
    });
    return () => {
      current = false;
      chart?.destroy();
    };
  }, [key]);
  return (
    <figure class="chart">
      <figcaption class="chart-summary">{props.summary}</figcaption>
      <div class="chart-body">
        <div class="chart-canvas">
          <canvas ref={canvas} role="img" aria-label={`${props.title}: ${props.summary}`} />
        </div>
        <DataTable
          label={`${props.title}, as a table`}
          columns={[props.rowLabel, ...props.series.map((label) => ({ label, num: true }))]}
        >
          {props.rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              {row.values.map((value, i) => (
                <td class="num" key={props.series[i]}>
                  {value}
                </td>
              ))}
            </tr>
          ))}
        </DataTable>
      </div>
    </figure>
  );
}
