import { CartesianGrid, Line, LineChart, XAxis, YAxis } from 'recharts';
import { formatDate } from '#shared/format';
import { limits } from '#shared/limits';
import type { PortfolioWork } from '#shared/schemas/students';
import {
  ACCENT,
  ChartCard,
  GRID,
  TICK,
  weekLabel,
} from '../../../components/charts/chart-card.tsx';
import { photoVariant } from '../../../lib/photo-sources.ts';
import { portfolioText as p } from './portfolio-text.ts';

/** Each point of the line is the work's own photo, in a ring of the accent. */
function PhotoDot(props: { cx?: number; cy?: number; payload?: { thumb: string; key: string } }) {
  const { cx, cy, payload } = props;
  if (cx === undefined || cy === undefined || !payload) return null;
  const size = 26;
  const clip = `dot-${payload.key}`;
  return (
    <g>
      <clipPath id={clip}>
        <circle cx={cx} cy={cy} r={size / 2} />
      </clipPath>
      <image
        href={payload.thumb}
        x={cx - size / 2}
        y={cy - size / 2}
        width={size}
        height={size}
        preserveAspectRatio="xMidYMid slice"
        clipPath={`url(#${clip})`}
      />
      <circle cx={cx} cy={cy} r={size / 2} fill="none" stroke={ACCENT} strokeWidth={2} />
    </g>
  );
}

/**
 * A course's ratings over time, one point per rated evaluation (its first photo on the point),
 * with the table under "Xem dạng bảng" as its text alternative. Recharts loads with it, not with
 * the student's page.
 */
export function PortfolioChart({ works, course }: { works: PortfolioWork[]; course: string }) {
  // One point per evaluation (its first photo), oldest first.
  const seen = new Set<string>();
  const points = [...works]
    .reverse()
    .filter((work) => {
      if (work.rating === null || seen.has(work.postId)) return false;
      seen.add(work.postId);
      return true;
    })
    .map((work) => ({
      key: work.postId,
      at: work.createdAt,
      rating: work.rating,
      lesson: work.lesson?.title ?? p('noLesson'),
      thumb: photoVariant(work.photo.url, limits.imageSmallLongSide) ?? work.photo.url,
    }));
  return (
    <ChartCard
      id="chart-portfolio"
      title={p('progressTitle')}
      summary={p('progressSummary', { count: points.length, course })}
      chart={
        <LineChart
          responsive
          data={points}
          accessibilityLayer={false}
          margin={{ top: 16, right: 16, bottom: 4, left: 0 }}
          style={{ width: '100%', height: 240 }}
        >
          <CartesianGrid vertical={false} stroke={GRID} />
          <XAxis
            dataKey="at"
            type="number"
            scale="time"
            domain={['dataMin', 'dataMax']}
            padding={{ left: 18, right: 18 }}
            tickFormatter={(at: number) => weekLabel.format(at)}
            tick={TICK}
            minTickGap={16}
          />
          <YAxis domain={[0, 10]} ticks={[0, 2, 4, 6, 8, 10]} width={32} tick={TICK} />
          <Line
            dataKey="rating"
            stroke={ACCENT}
            strokeWidth={2.5}
            dot={<PhotoDot />}
            activeDot={false}
            isAnimationActive={false}
          />
        </LineChart>
      }
      columns={[p('columnDate'), p('columnLesson'), p('columnRating')]}
      rows={points.map((point, index) => [
        `${index + 1}. ${formatDate(point.at)}`,
        point.lesson,
        `${point.rating}/10`,
      ])}
    />
  );
}
