import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { CourseStatistics } from '#shared/schemas/courses';
import { useCourseStatistics } from '../api/courses.ts';

const ACCENT = '#c2185b';
const EMERALD = '#059669';
const AMBER = '#d97706';
const GRID = '#e7e5e4';
const TICK = { fill: '#57534e', fontSize: 13 };

const weekLabel = new Intl.DateTimeFormat('vi', {
  day: 'numeric',
  month: 'numeric',
  timeZone: 'Asia/Ho_Chi_Minh',
});

/** Long lesson titles would squeeze the bars on a phone; the table has them whole. */
const shorten = (text: string, length = 16) =>
  text.length > length ? `${text.slice(0, length - 1)}…` : text;

/**
 * A chart with its title and one-line summary; the chart is a picture for sighted readers and
 * the table under "Xem dạng bảng" is its text alternative (also for screen readers).
 */
function ChartCard({
  id,
  title,
  summary,
  chart,
  columns,
  rows,
}: {
  id: string;
  title: string;
  summary: string;
  chart: ReactNode;
  /** The table's column headings and rows; each row's first cell names it (and is its key). */
  columns: string[];
  rows: Array<[string, ...Array<string | number>]>;
}) {
  const { t } = useTranslation();
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
      <div aria-hidden="true" className="min-w-0">
        {chart}
      </div>
      <details className="text-sm text-stone-700">
        <summary className="min-h-11 cursor-pointer py-2 font-medium text-accent-700">
          {t('screens.courseDetail.statistics.showTable')}
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
    </figure>
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

function Charts({ statistics }: { statistics: CourseStatistics }) {
  const { t } = useTranslation();
  const s = (key: string, values?: Record<string, unknown>) =>
    t(`screens.courseDetail.statistics.${key}`, values ?? {});
  const lessons = statistics.lessons.map((lesson, index) => ({
    label: shorten(`${index + 1}. ${lesson.title}`),
    title: `${index + 1}. ${lesson.title}`,
    completed: lesson.completedCount,
  }));
  const buckets = statistics.progressBuckets.map((bucket) => ({
    label: bucket.from === bucket.to ? `${bucket.from}%` : `${bucket.from}–${bucket.to}%`,
    count: bucket.count,
  }));
  const weeks = statistics.weeks.map((week) => ({
    label: weekLabel.format(week.weekStart),
    evaluations: week.evaluations,
    rating: week.averageRating,
  }));
  const tooltip = <Tooltip cursor={{ fill: '#f5f5f4' }} />;

  return (
    <div className="grid items-start gap-4 lg:grid-cols-2">
      <ChartCard
        id="chart-completion"
        title={s('completionPerLesson')}
        summary={s('completionSummary', { total: statistics.enrolledCount })}
        chart={
          <BarChart
            responsive
            layout="vertical"
            data={lessons}
            accessibilityLayer={false}
            style={{ width: '100%', height: Math.max(160, lessons.length * 36 + 40) }}
            margin={{ left: 8, right: 16 }}
          >
            <CartesianGrid horizontal={false} stroke={GRID} />
            <XAxis
              type="number"
              allowDecimals={false}
              domain={[0, Math.max(1, statistics.enrolledCount)]}
              tick={TICK}
            />
            <YAxis type="category" dataKey="label" width={130} tick={TICK} />
            {tooltip}
            <Bar dataKey="completed" name={s('completedStudents')} fill={EMERALD} radius={4} />
          </BarChart>
        }
        columns={[s('lesson'), s('completedStudents')]}
        rows={lessons.map((lesson) => [lesson.title, lesson.completed])}
      />
      <ChartCard
        id="chart-progress"
        title={s('progressDistribution')}
        summary={s('progressSummary')}
        chart={
          <BarChart
            responsive
            data={buckets}
            accessibilityLayer={false}
            style={{ width: '100%', height: 220 }}
          >
            <CartesianGrid vertical={false} stroke={GRID} />
            <XAxis dataKey="label" tick={TICK} interval={0} />
            <YAxis allowDecimals={false} width={32} tick={TICK} />
            {tooltip}
            <Bar dataKey="count" name={s('students')} fill={ACCENT} radius={4} />
          </BarChart>
        }
        columns={[s('progressRange'), s('students')]}
        rows={buckets.map((bucket) => [bucket.label, bucket.count])}
      />
      <ChartCard
        id="chart-ratings"
        title={s('ratingsOverTime')}
        summary={s('ratingsSummary')}
        chart={
          <LineChart
            responsive
            data={weeks}
            accessibilityLayer={false}
            style={{ width: '100%', height: 220 }}
          >
            <CartesianGrid vertical={false} stroke={GRID} />
            <XAxis dataKey="label" tick={TICK} minTickGap={12} />
            <YAxis domain={[0, 10]} ticks={[0, 2, 4, 6, 8, 10]} width={32} tick={TICK} />
            <Tooltip />
            <Line
              dataKey="rating"
              name={s('averageRating')}
              stroke={AMBER}
              strokeWidth={2.5}
              connectNulls
              dot={{ r: 3 }}
              isAnimationActive={false}
            />
          </LineChart>
        }
        columns={[s('week'), s('averageRating')]}
        rows={weeks.map((week) => [week.label, week.rating ?? s('noRating')])}
      />
      <ChartCard
        id="chart-evaluations"
        title={s('evaluationsPerWeek')}
        summary={s('evaluationsSummary')}
        chart={
          <BarChart
            responsive
            data={weeks}
            accessibilityLayer={false}
            style={{ width: '100%', height: 220 }}
          >
            <CartesianGrid vertical={false} stroke={GRID} />
            <XAxis dataKey="label" tick={TICK} minTickGap={12} />
            <YAxis allowDecimals={false} width={32} tick={TICK} />
            {tooltip}
            <Bar dataKey="evaluations" name={s('evaluations')} fill={ACCENT} radius={4} />
          </BarChart>
        }
        columns={[s('week'), s('evaluations')]}
        rows={weeks.map((week) => [week.label, week.evaluations])}
      />
    </div>
  );
}

/** The statistics tab: four charts, each with a table as its text alternative. Loaded lazily. */
export default function CourseStatisticsTab({ courseId }: { courseId: string }) {
  const { t } = useTranslation();
  const statistics = useCourseStatistics(courseId);
  if (statistics.isError) {
    return (
      <p className="rounded-2xl bg-white p-4 text-stone-600 shadow-[var(--shadow-card)]">
        {t('screens.courseDetail.statistics.failed')}
      </p>
    );
  }
  if (!statistics.data) {
    return <div aria-hidden="true" className="h-72 animate-pulse rounded-2xl bg-stone-200/70" />;
  }
  const data = statistics.data;
  const isEmpty = data.enrolledCount === 0 && data.weeks.every((week) => week.evaluations === 0);
  if (isEmpty) {
    return (
      <p className="rounded-2xl bg-white p-4 text-stone-500 shadow-[var(--shadow-card)]">
        {t('screens.courseDetail.statistics.empty')}
      </p>
    );
  }
  return <Charts statistics={data} />;
}
