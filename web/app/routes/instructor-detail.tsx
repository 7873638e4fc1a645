import { BookOpen, Mail, Phone, SearchX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { formatPhone } from '#shared/format';
import { Avatar } from '../../components/ui/avatar.tsx';
import { BackLink } from '../../components/ui/back-link.tsx';
import { MessageScreen } from '../../components/ui/message-screen.tsx';
import { PageBody } from '../../components/ui/page.tsx';
import { Placeholder } from '../../components/ui/placeholder.tsx';
import { useInstructor, useInstructorPosts } from '../../features/instructors/api/instructors.ts';
import { PostList } from '../../features/posts/components/post-list.tsx';
import { statusLabel } from '../../features/students/components/student-status-badge.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { t } from '../../lib/text.ts';

/** An instructor: photo, role, bio, contact (staff), courses taught and their posts. */
export default function InstructorDetailScreen() {
  const { id = '' } = useParams();
  const instructor = useInstructor(id);
  const posts = useInstructorPosts(id);

  if (instructor.error instanceof ApiError && [400, 404].includes(instructor.error.status)) {
    return (
      <MessageScreen
        testId="instructor-not-found"
        icon={SearchX}
        title={t('screens.instructorDetail.notFound')}
        body={t('screens.instructorDetail.notFoundBody')}
        action={{ to: '/instructors', label: t('screens.instructorDetail.back') }}
      />
    );
  }
  if (!instructor.data) {
    return (
      <PageBody>
        <Placeholder className="mt-6 h-56 rounded-3xl" />
      </PageBody>
    );
  }
  const data = instructor.data;
  return (
    <PageBody>
      <header className="flex flex-col gap-4 pt-2 pb-4 md:pt-6">
        <BackLink fallback="/instructors" />
        <div className="flex items-center gap-4">
          <Avatar url={data.avatarUrl} size={72} />
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight text-stone-900">{data.name}</h1>
            <p className="mt-1 text-sm text-stone-500">
              {t(`role.${data.role}`)}
              {data.status !== 'active' ? ` · ${statusLabel(data.status, data.role)}` : ''}
            </p>
          </div>
        </div>
        {data.bio ? (
          <p className="text-[15px] leading-6 whitespace-pre-line text-stone-700">{data.bio}</p>
        ) : null}
        {data.phone || data.email ? (
          <ul className="flex flex-col gap-1.5 text-[15px] text-stone-700">
            {data.phone ? (
              <li className="flex items-center gap-2">
                <Phone className="size-4 text-stone-400" aria-hidden="true" />
                <a href={`tel:${data.phone}`} className="hover:underline">
                  {formatPhone(data.phone)}
                </a>
              </li>
            ) : null}
            {data.email ? (
              <li className="flex items-center gap-2">
                <Mail className="size-4 text-stone-400" aria-hidden="true" />
                <a href={`mailto:${data.email}`} className="hover:underline">
                  {data.email}
                </a>
              </li>
            ) : null}
          </ul>
        ) : null}
      </header>
      <section aria-labelledby="instructor-courses" className="pb-6">
        <h2 id="instructor-courses" className="mb-2 text-lg font-semibold text-stone-900">
          {t('screens.instructorDetail.courses')}
        </h2>
        {data.courses.length === 0 ? (
          <p className="text-stone-500">{t('screens.instructors.noCourses')}</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {data.courses.map((course) => (
              <li key={course.id}>
                <Link
                  to={`/courses/${course.id}`}
                  className="inline-flex min-h-11 items-center gap-2 rounded-full bg-white px-4 text-[15px] text-stone-800 shadow-[var(--shadow-card)] hover:bg-stone-50"
                >
                  <BookOpen className="size-4 text-accent-600" aria-hidden="true" />
                  {course.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="instructor-posts" className="flex flex-col gap-4 pb-10">
        <h2 id="instructor-posts" className="text-lg font-semibold text-stone-900">
          {t('screens.instructorDetail.posts')}
        </h2>
        <PostList
          query={posts}
          label={t('screens.instructorDetail.posts')}
          empty={t('screens.instructorDetail.noPosts')}
          end={t('posts.end')}
        />
      </section>
    </PageBody>
  );
}
