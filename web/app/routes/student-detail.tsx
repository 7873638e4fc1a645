import { Download, Mail, MapPin, Phone, SearchX } from 'lucide-react';
import { useNavigate, useParams } from 'react-router';
import { formatCalendarDate, formatDate, formatPhone } from '#shared/format';
import { Avatar } from '../../components/ui/avatar.tsx';
import { BackLink } from '../../components/ui/back-link.tsx';
import { MessageScreen } from '../../components/ui/message-screen.tsx';
import { PageBody } from '../../components/ui/page.tsx';
import { Placeholder } from '../../components/ui/placeholder.tsx';
import { useCan } from '../../features/accounts/api/me.ts';
import {
  LazyPostFormDialog,
  usePostFormReady,
} from '../../features/posts/components/lazy-post-form-dialog.tsx';
import { PostList } from '../../features/posts/components/post-list.tsx';
import { useStudent, useStudentEvaluations } from '../../features/students/api/students.ts';
import { CourseCertificate } from '../../features/students/components/course-certificate.tsx';
import { CourseFinish } from '../../features/students/components/course-finish.tsx';
import { LessonProgressRow } from '../../features/students/components/lesson-progress-row.tsx';
import { StudentActions } from '../../features/students/components/student-actions.tsx';
import { StudentPortfolio } from '../../features/students/components/student-portfolio.tsx';
import { StudentStatusBadge } from '../../features/students/components/student-status-badge.tsx';
import { ApiError, apiAddress } from '../../lib/api-client.ts';
import { formatRelativeTime } from '../../lib/relative-time.ts';
import { t } from '../../lib/text.ts';

/**
 * A student: profile, status (with the ban's reason, who and when), and progress in each
 * enrolled course, lesson by lesson; staff tick lessons and write summaries there.
 */
export default function StudentDetailScreen() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const student = useStudent(id);
  usePostFormReady(useCan().teach);

  if (student.error instanceof ApiError && [400, 403, 404].includes(student.error.status)) {
    return (
      <MessageScreen
        testId="student-not-found"
        icon={SearchX}
        title={t('screens.studentDetail.notFound')}
        body={t('screens.studentDetail.notFoundBody')}
        action={{ to: '/students', label: t('screens.studentDetail.back') }}
      />
    );
  }
  if (!student.data) {
    return (
      <PageBody>
        <Placeholder className="mt-6 h-56 rounded-3xl" />
      </PageBody>
    );
  }
  const data = student.data;
  const { can } = data;
  const contact = [
    data.phone ? { icon: Phone, text: formatPhone(data.phone), href: `tel:${data.phone}` } : null,
    data.email ? { icon: Mail, text: data.email, href: `mailto:${data.email}` } : null,
    data.address ? { icon: MapPin, text: data.address, href: null } : null,
  ].filter((item) => item !== null);

  return (
    <PageBody>
      <header className="flex flex-col gap-4 pt-2 pb-4 md:pt-6">
        {/* A student's own page is their "Học viên": nothing above it to go back to. */}
        {can.seeOtherStudents ? <BackLink fallback="/students" /> : null}
        <div className="flex items-start gap-4">
          <Avatar url={data.avatarUrl} size={72} />
          <div className="min-w-0 flex-1">
            <h1 className="text-2xl font-bold tracking-tight text-stone-900">{data.name}</h1>
            <div className="mt-1.5 flex flex-wrap items-center gap-2 text-sm text-stone-500">
              <StudentStatusBadge status={data.status} />
              <span>
                {t('screens.studentDetail.registered', {
                  date: formatDate(data.registrationDate),
                })}
              </span>
            </div>
          </div>
          {can.edit ? (
            <StudentActions
              studentId={data.id}
              name={data.name}
              status={data.status}
              onDeleted={() => navigate('/students')}
              reviewForm={LazyPostFormDialog}
            />
          ) : null}
        </div>
        {data.ban ? (
          <div
            className="rounded-2xl bg-stone-100 p-3 text-[15px] text-stone-700"
            data-testid="ban-info"
          >
            <p className="font-medium">
              {t('screens.studentDetail.banInfo', { reason: data.ban.reason })}
            </p>
            <p className="text-sm text-stone-500">
              {t('screens.studentDetail.bannedBy', {
                name: data.ban.by?.name ?? '—',
                when: formatRelativeTime(data.ban.at),
              })}
            </p>
          </div>
        ) : null}
        {contact.length > 0 || data.dob ? (
          <ul
            className="flex flex-col gap-1.5 text-[15px] text-stone-700"
            aria-label={t('screens.studentDetail.contact')}
          >
            {contact.map((item) => (
              <li key={item.text} className="flex items-center gap-2">
                <item.icon className="size-4 text-stone-400" aria-hidden="true" />
                {item.href ? (
                  <a href={item.href} className="hover:underline">
                    {item.text}
                  </a>
                ) : (
                  item.text
                )}
              </li>
            ))}
            {data.dob ? (
              <li className="text-sm text-stone-500">
                {t('screens.studentDetail.dob', {
                  date: formatCalendarDate(data.dob),
                })}
              </li>
            ) : null}
          </ul>
        ) : null}
      </header>
      <section aria-labelledby="student-courses" className="flex flex-col gap-4 pb-8">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="student-courses" className="text-lg font-semibold text-stone-900">
            {t('screens.studentDetail.courses')}
          </h2>
          {can.exportProgress ? (
            <a
              href={apiAddress('/students/{studentId}/progress.csv', 'get', {
                path: { studentId: data.id },
              })}
              download
              className="inline-flex min-h-11 items-center gap-2 rounded-xl px-3 text-sm font-medium text-accent-700 hover:bg-accent-50"
            >
              <Download className="size-4" aria-hidden="true" />
              {t('screens.studentDetail.exportCsv')}
            </a>
          ) : null}
        </div>
        {data.courses.length === 0 ? (
          <p className="rounded-2xl bg-white p-4 text-stone-500 shadow-[var(--shadow-card)]">
            {t('screens.studentDetail.noCourses')}
          </p>
        ) : null}
        {data.courses.map((course) => {
          const completed = course.lessons.filter((lesson) => lesson.completed).length;
          return (
            <section
              key={course.id}
              aria-label={course.name}
              className="overflow-hidden rounded-2xl bg-white shadow-[var(--shadow-card)]"
            >
              <div className="flex items-center justify-between gap-3 border-b border-stone-100 px-4 py-3">
                <h3 className="font-semibold text-stone-900">{course.name}</h3>
                <span className="shrink-0 text-sm text-stone-500">
                  {t('screens.studentDetail.completedCount', {
                    completed,
                    total: course.lessons.length,
                  })}
                </span>
              </div>
              <ol className="divide-y divide-stone-100">
                {course.lessons.map((lesson, index) => (
                  <LessonProgressRow
                    key={lesson.lessonId}
                    studentId={data.id}
                    lesson={lesson}
                    index={index}
                    canEdit={can.editProgress}
                  />
                ))}
              </ol>
              <CourseFinish
                studentId={data.id}
                courseId={course.id}
                allDone={course.lessons.length > 0 && completed === course.lessons.length}
                finishedAt={course.finishedAt}
                canEdit={can.editProgress}
              />
              {course.finishedAt !== null && can.seeCertificates ? (
                <CourseCertificate
                  studentId={data.id}
                  courseId={course.id}
                  canRevoke={can.revokeCertificates}
                />
              ) : null}
            </section>
          );
        })}
      </section>
      <StudentPortfolio
        studentId={data.id}
        studentName={data.name}
        canDownload={can.downloadPortfolio}
        canFeature={can.featureWork}
      />
      <StudentEvaluations studentId={data.id} />
    </PageBody>
  );
}

/** The student's evaluations, newest first. */
function StudentEvaluations({ studentId }: { studentId: string }) {
  const evaluations = useStudentEvaluations(studentId);
  return (
    <section aria-labelledby="student-evaluations" className="flex flex-col gap-4 pb-10">
      <h2 id="student-evaluations" className="text-lg font-semibold text-stone-900">
        {t('screens.studentDetail.evaluations')}
      </h2>
      <PostList
        query={evaluations}
        label={t('screens.studentDetail.evaluations')}
        empty={t('screens.studentDetail.noEvaluations')}
        end={t('posts.end')}
      />
    </section>
  );
}
