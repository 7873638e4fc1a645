import { Bar, BarChart, CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { Catalogue } from '#shared/locales/vi';
import type { CourseStatistics } from '#shared/schemas/courses';
import type { PlaceholderValues } from '#shared/text';
import {
  ACCENT,
  AMBER,
  BAR_CURSOR,
  ChartCard,
  EMERALD,
  GRID,
  shorten,
  TICK,
  weekLabel,
} from '../../../components/charts/chart-card.tsx';
import { LyingBars } from '../../../components/charts/lying-bars.tsx';
import { Placeholder } from '../../../components/ui/placeholder.tsx';
import type { MessageKey } from '../../../lib/messages.ts';
import { t } from '../../../lib/text.ts';
import { useCourseStatistics } from '../api/courses.ts';

function Charts({ statistics }: { statistics: CourseStatistics }) {
  const s = (
    key: MessageKey<Catalogue['screens']['courseDetail']['statistics']>,
    values?: PlaceholderValues,
  ) => t(`screens.courseDetail.statistics.${key}`, values);
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
  const tooltip = <Tooltip cursor={BAR_CURSOR} />;

  return (
    <div className="grid items-start gap-4 lg:grid-cols-2">
      <ChartCard
        id="chart-completion"
        title={s('completionPerLesson')}
        summary={s('completionSummary', { total: statistics.enrolledCount })}
        chart={
          <LyingBars
            rows={lessons}
            value="completed"
            name={s('completedStudents')}
            fill={EMERALD}
            labelWidth={130}
            domain={[0, Math.max(1, statistics.enrolledCount)]}
            minHeight={160}
          />
        }
        columns={[s('lesson'), s('completedStudents')]}
        rows={lessons.map((lesson) => [lesson.title, lesson.completed])}
      />
      <ChartCard
        id="chart-progress"
        title={s('progressDistribution')}
        summary={s('progressSummary')}
        chart={
          <LyingBars
            rows={buckets}
            value="count"
            name={s('students')}
            fill={ACCENT}
            labelWidth={64}
          />
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
  const statistics = useCourseStatistics(courseId);
  if (statistics.isError) {
    return (
      <p className="rounded-2xl bg-white p-4 text-stone-600 shadow-[var(--shadow-card)]">
        {t('screens.courseDetail.statistics.failed')}
      </p>
    );
  }
  if (!statistics.data) {
    return <Placeholder className="h-72 rounded-2xl" />;
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
