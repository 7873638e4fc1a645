import { Link } from 'react-router';
import { Bar, BarChart, CartesianGrid, ComposedChart, Line, Tooltip, XAxis, YAxis } from 'recharts';
import type { Catalogue } from '#shared/locales/vi';
import type { Dashboard } from '#shared/schemas/admin';
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
} from '../../components/charts/chart-card.tsx';
import { LyingBars } from '../../components/charts/lying-bars.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { PageBody, PageHeader } from '../../components/ui/page.tsx';
import { Placeholder } from '../../components/ui/placeholder.tsx';
import { useBackupStatus } from '../../features/admin/api/admin-tools.ts';
import { useDashboard } from '../../features/admin/api/dashboard.ts';
import { diskMessage } from '../../features/admin/disk-message.ts';
import type { MessageKey } from '../../lib/messages.ts';
import { t } from '../../lib/text.ts';

const STATUS_COLOURS = {
  pending: AMBER,
  active: EMERALD,
  blocked: '#a16767', // Bảo lưu's red-grey (the badge's --color-held-*)
  completed: '#0284c7',
};

function Tile({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-2xl bg-white p-4 shadow-[var(--shadow-card)]">
      <p className="text-3xl font-bold tabular-nums text-stone-900">{value}</p>
      <p className="mt-1 text-sm text-stone-500">{label}</p>
    </div>
  );
}

function Figures({ data }: { data: Dashboard }) {
  const d = (key: MessageKey<Catalogue['screens']['dashboard']>, values?: PlaceholderValues) =>
    t(`screens.dashboard.${key}`, values);
  const statuses = (['active', 'pending', 'blocked', 'completed'] as const).map((status) => ({
    label: t(`status.student.${status}`),
    count: data.studentsByStatus[status],
    fill: STATUS_COLOURS[status],
  }));
  const totalStudents = statuses.reduce((sum, row) => sum + row.count, 0);
  const weeks = data.weeks.map((week) => ({ ...week, label: weekLabel.format(week.weekStart) }));
  const courses = data.courseRatings.map((course) => ({
    ...course,
    label: shorten(course.name, 18),
  }));
  const tooltip = <Tooltip cursor={BAR_CURSOR} />;
  const weekBars = (key: 'newStudents' | 'lessonsCompleted', name: string, colour: string) => (
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
      <Bar dataKey={key} name={name} fill={colour} radius={4} />
    </BarChart>
  );

  return (
    <div className="flex flex-col gap-4 pb-10">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Tile label={d('tiles.activeStudents')} value={data.studentsByStatus.active} />
        <Tile label={d('tiles.pendingApprovals')} value={data.pendingApprovals} />
        <Tile label={d('tiles.activeCourses')} value={data.activeCourses} />
        <Tile label={d('tiles.instructors')} value={data.instructorCount} />
      </div>
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <ChartCard
          id="dashboard-statuses"
          title={d('studentsByStatus')}
          summary={d('studentsByStatusSummary', { total: totalStudents })}
          chart={
            <LyingBars
              rows={statuses}
              value="count"
              name={d('students')}
              fill={(row) => row.fill}
            />
          }
          columns={[d('status'), d('students')]}
          rows={statuses.map((row) => [row.label, row.count])}
        />
        <ChartCard
          id="dashboard-new-students"
          title={d('newStudents')}
          summary={d('newStudentsSummary')}
          chart={weekBars('newStudents', d('students'), ACCENT)}
          columns={[d('week'), d('students')]}
          rows={weeks.map((week) => [week.label, week.newStudents])}
        />
        <ChartCard
          id="dashboard-evaluations"
          title={d('evaluations')}
          summary={d('evaluationsSummary')}
          chart={
            <ComposedChart
              responsive
              data={weeks}
              accessibilityLayer={false}
              style={{ width: '100%', height: 220 }}
            >
              <CartesianGrid vertical={false} stroke={GRID} />
              <XAxis dataKey="label" tick={TICK} minTickGap={12} />
              <YAxis yAxisId="count" allowDecimals={false} width={32} tick={TICK} />
              <YAxis
                yAxisId="rating"
                orientation="right"
                domain={[0, 10]}
                ticks={[0, 5, 10]}
                width={28}
                tick={TICK}
              />
              <Tooltip />
              <Bar
                yAxisId="count"
                dataKey="evaluations"
                name={d('evaluationCount')}
                fill={ACCENT}
                radius={4}
              />
              <Line
                yAxisId="rating"
                dataKey="averageRating"
                name={d('averageRating')}
                stroke={AMBER}
                strokeWidth={2.5}
                connectNulls
                dot={{ r: 3 }}
                isAnimationActive={false}
              />
            </ComposedChart>
          }
          columns={[d('week'), d('evaluationCount'), d('averageRating')]}
          rows={weeks.map((week) => [
            week.label,
            week.evaluations,
            week.averageRating ?? d('noRating'),
          ])}
        />
        <ChartCard
          id="dashboard-lessons"
          title={d('lessonsCompleted')}
          summary={d('lessonsCompletedSummary')}
          chart={weekBars('lessonsCompleted', d('count'), EMERALD)}
          columns={[d('week'), d('count')]}
          rows={weeks.map((week) => [week.label, week.lessonsCompleted])}
        />
        <ChartCard
          id="dashboard-course-ratings"
          title={d('courseRatings')}
          summary={d('courseRatingsSummary')}
          chart={
            <LyingBars
              rows={courses}
              value="averageRating"
              name={d('averageRating')}
              fill={AMBER}
              labelWidth={130}
              domain={[0, 10]}
              ticks={[0, 2, 4, 6, 8, 10]}
              minHeight={120}
            />
          }
          columns={[d('course'), d('evaluationCount'), d('averageRating')]}
          emptyText={d('noCourseRatings')}
          rows={courses.map((course) => [
            course.name,
            course.evaluations,
            course.averageRating ?? d('noRating'),
          ])}
        />
        <section
          aria-labelledby="dashboard-top-title"
          className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-[var(--shadow-card)]"
        >
          <div>
            <h3 id="dashboard-top-title" className="text-base font-semibold text-stone-900">
              {d('topInstructors')}
            </h3>
            <p className="mt-0.5 text-sm text-stone-500">{d('topInstructorsSummary')}</p>
          </div>
          {data.topInstructors.length === 0 ? (
            <p className="text-stone-500">{d('noInstructors')}</p>
          ) : (
            <ol className="flex flex-col gap-2">
              {data.topInstructors.map((row, index) => (
                <li key={row.person.id} className="flex items-center gap-3">
                  <span className="w-5 text-right text-sm font-semibold text-stone-500 tabular-nums">
                    {index + 1}
                  </span>
                  <Avatar name={row.person.name} url={row.person.avatarUrl} size={40} />
                  <div className="min-w-0">
                    <p className="truncate font-medium text-stone-900">{row.person.name}</p>
                    <p className="text-sm text-stone-500">
                      {d('topInstructorLine', {
                        evaluations: row.evaluations,
                        posts: row.posts,
                      })}
                    </p>
                  </div>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </div>
  );
}

/** The dashboard (admins): what an academy owner checks weekly, readable on a phone. */
export default function DashboardScreen() {
  const dashboard = useDashboard();
  const backups = useBackupStatus();
  return (
    <>
      <PageHeader
        title={t('screens.dashboard.title')}
        subtitle={t('screens.dashboard.subtitle')}
        back="/profile"
      />
      <PageBody>
        {backups.data?.warning && (
          <Link
            to="/admin-tools"
            role="alert"
            className="mb-4 block rounded-2xl border border-amber-300 bg-amber-50 p-4 text-[15px] leading-6 text-amber-900"
          >
            {t('screens.adminTools.backupWarning')}
          </Link>
        )}
        {backups.data && backups.data.disk.state !== 'ok' && (
          <Link
            to="/admin-tools"
            role="alert"
            className="mb-4 block rounded-2xl border border-red-300 bg-red-50 p-4 text-[15px] leading-6 text-red-900"
          >
            {diskMessage(backups.data.disk)}
          </Link>
        )}
        {dashboard.isError ? (
          <p className="rounded-2xl bg-white p-4 text-stone-600 shadow-[var(--shadow-card)]">
            {t('screens.dashboard.failed')}
          </p>
        ) : !dashboard.data ? (
          <Placeholder className="h-72 rounded-2xl" />
        ) : (
          <Figures data={dashboard.data} />
        )}
      </PageBody>
    </>
  );
}
