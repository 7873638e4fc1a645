import { Link } from 'react-router';
import { Avatar } from '../../components/ui/avatar.tsx';
import { PageBody, PageHeader } from '../../components/ui/page.tsx';
import { Placeholder } from '../../components/ui/placeholder.tsx';
import { useInstructors } from '../../features/instructors/api/instructors.ts';
import { statusLabel } from '../../features/students/components/student-status-badge.tsx';
import { t } from '../../lib/text.ts';

/** The academy's instructors with role, status and the courses they teach. */
export default function InstructorsScreen() {
  const instructors = useInstructors();
  return (
    <>
      <PageHeader
        title={t('screens.instructors.title')}
        subtitle={t('screens.instructors.subtitle')}
        back="/profile"
      />
      <PageBody>
        {!instructors.data ? (
          <Placeholder className="h-48 rounded-2xl" />
        ) : instructors.data.instructors.length === 0 ? (
          <p className="rounded-2xl bg-white p-4 text-stone-500 shadow-[var(--shadow-card)]">
            {t('screens.instructors.empty')}
          </p>
        ) : (
          <ul className="grid grid-cols-1 gap-3 pb-10 md:grid-cols-2">
            {instructors.data.instructors.map((person) => (
              <li key={person.id}>
                <Link
                  to={`/instructors/${person.id}`}
                  className="flex items-center gap-3 rounded-2xl bg-white p-3 shadow-[var(--shadow-card)] hover:bg-stone-50"
                >
                  <Avatar url={person.avatarUrl} size={48} />
                  <span className="min-w-0 flex-1">
                    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                      <span className="min-w-0 text-[15px] font-semibold [overflow-wrap:anywhere] text-stone-900">
                        {person.name}
                      </span>
                      <span className="rounded-full bg-accent-50 px-2 py-0.5 text-xs font-semibold text-accent-800">
                        {t(`role.${person.role}`)}
                      </span>
                      {person.status !== 'active' ? (
                        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">
                          {statusLabel(person.status, person.role)}
                        </span>
                      ) : null}
                    </span>
                    <span className="mt-0.5 block truncate text-sm text-stone-600">
                      {person.courses.length > 0
                        ? person.courses.map((course) => course.name).join(' · ')
                        : t('screens.instructors.noCourses')}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </PageBody>
    </>
  );
}
