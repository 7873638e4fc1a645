import type { ReactNode } from 'react';
import { t } from '../../lib/text.ts';

/* The charts of course statistics and the dashboard: one look, one accessible pattern. */

export const ACCENT = '#c2185b';
export const EMERALD = '#059669';
export const AMBER = '#d97706';
export const GRID = '#e7e5e4';
export const TICK = { fill: '#57534e', fontSize: 13 };
/** The band behind the bar a finger or pointer is on. */
export const BAR_CURSOR = { fill: '#f5f5f4' };

export const weekLabel = new Intl.DateTimeFormat('vi', {
  day: 'numeric',
  month: 'numeric',
  timeZone: 'Asia/Ho_Chi_Minh',
});

/** Long lesson titles would squeeze the bars on a phone; the table has them whole. */
export const shorten = (text: string, length = 16) =>
  text.length > length ? `${text.slice(0, length - 1)}…` : text;

/**
 * A chart with its title and one-line summary; the chart is a picture for sighted readers and
 * the table under "Xem dạng bảng" is its text alternative (also for screen readers).
 */
export function ChartCard({
  id,
  title,
  summary,
  chart,
  columns,
  rows,
  emptyText,
}: {
  id: string;
  title: string;
  summary: string;
  chart: ReactNode;
  /** The table's column headings and rows; each row's first cell names it (and is its key). */
  columns: string[];
  rows: Array<[string, ...Array<string | number>]>;
  /** Said instead of an empty chart and table when there is nothing to show. */
  emptyText?: string;
}) {
  // No rows, or rows whose every figure is zero (twelve weeks with nothing in them): bare axes
  // say nothing, words do.
  const isEmpty =
    rows.length === 0 || rows.every((row) => row.slice(1).every((cell) => Number(cell) === 0));
  return (
    <figure
      aria-labelledby={`${id}-title`}
      className="flex min-w-0 flex-col gap-3 rounded-2xl bg-white p-4 shadow-[var(--shadow-card)]"
      data-testid="statistics-chart"
    >
      <figcaption>
        <h3 id={`${id}-title`} className="text-base font-semibold text-stone-900">
          {title}
        </h3>
        <p className="mt-0.5 text-sm text-stone-500">{summary}</p>
      </figcaption>
      {isEmpty ? (
        <p className="text-stone-500">{emptyText ?? t('charts.noData')}</p>
      ) : (
        <ChartAndTable chart={chart} columns={columns} rows={rows} />
      )}
    </figure>
  );
}

function ChartAndTable({
  chart,
  columns,
  rows,
}: {
  chart: ReactNode;
  columns: string[];
  rows: Array<[string, ...Array<string | number>]>;
}) {
  return (
    <>
      <div aria-hidden="true" className="min-w-0">
        {chart}
      </div>
      <details className="text-sm text-stone-700">
        <summary className="min-h-11 cursor-pointer py-2 font-medium text-accent-700">
          {t('charts.showTable')}
        </summary>
        <table className="w-full text-left">
          <Head cells={columns} />
          <tbody>
            {rows.map((cells) => (
              <Row key={cells[0]} cells={cells} />
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
}

function Row({ cells }: { cells: Array<string | number> }) {
  const [first, ...rest] = cells;
  return (
    <tr className="border-t border-stone-100">
      <th scope="row" className="py-1.5 pr-3 font-normal">
        {first}
      </th>
      {rest.map((cell, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
        <td key={index} className="py-1.5 text-right tabular-nums">
          {cell}
        </td>
      ))}
    </tr>
  );
}

function Head({ cells }: { cells: string[] }) {
  return (
    <thead>
      <tr className="text-stone-500">
        {cells.map((cell, index) => (
          <th
            key={cell}
            scope="col"
            className={`py-1.5 font-medium ${index > 0 ? 'text-right' : ''}`}
          >
            {cell}
          </th>
        ))}
      </tr>
    </thead>
  );
}
