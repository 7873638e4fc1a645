import { Bar, BarChart, CartesianGrid, Cell, Tooltip, XAxis, YAxis } from 'recharts';
import { BAR_CURSOR, GRID, TICK } from './chart-card.tsx';

const ROW_HEIGHT = 36;
const AXIS_HEIGHT = 40;

/**
 * Bars lying down, one row per named category: on a phone the names (statuses, lessons,
 * courses, progress ranges) sit whole beside their bars instead of colliding under columns.
 */
export function LyingBars<Row extends { label: string }>({
  rows,
  value,
  name,
  fill,
  labelWidth = 110,
  domain,
  ticks,
  minHeight = 0,
}: {
  rows: Row[];
  value: keyof Row & string;
  /** What a bar counts, for the tooltip. */
  name: string;
  /** One colour, or each row's own. */
  fill: string | ((row: Row) => string);
  labelWidth?: number;
  domain?: [number, number];
  ticks?: number[];
  minHeight?: number;
}) {
  return (
    <BarChart
      responsive
      layout="vertical"
      data={rows}
      accessibilityLayer={false}
      style={{ width: '100%', height: Math.max(minHeight, rows.length * ROW_HEIGHT + AXIS_HEIGHT) }}
      margin={{ left: 8, right: 16 }}
    >
      <CartesianGrid horizontal={false} stroke={GRID} />
      <XAxis type="number" allowDecimals={false} domain={domain} ticks={ticks} tick={TICK} />
      <YAxis type="category" dataKey="label" width={labelWidth} tick={TICK} />
      <Tooltip cursor={BAR_CURSOR} />
      <Bar
        dataKey={value as string}
        name={name}
        fill={typeof fill === 'string' ? fill : undefined}
        radius={4}
      >
        {typeof fill === 'function' && rows.map((row) => <Cell key={row.label} fill={fill(row)} />)}
      </Bar>
    </BarChart>
  );
}
