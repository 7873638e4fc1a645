import type { ClassRoster } from '#shared/schemas/students';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { t } from '../../../lib/text.ts';
import { labelClass } from './form-classes.ts';

/**
 * Whom the instructor is likely evaluating now (her class today, her recent evaluations, her
 * courses' activity), one tap each; from the roster the device keeps, so offline too.
 */
export function SuggestedStudents({
  students,
  chosen,
  onChoose,
}: {
  students: ClassRoster | undefined;
  chosen: { id: string } | null;
  onChoose: (student: { id: string; name: string }) => void;
}) {
  const byId = new Map(students?.students.map((student) => [student.id, student]));
  const suggested = (students?.suggestedIds ?? []).flatMap((id) => byId.get(id) ?? []);
  if (suggested.length === 0) return null;
  return (
    <fieldset className="min-w-0">
      <legend className={labelClass}>{t('posts.form.suggested')}</legend>
      <ul className="flex flex-wrap gap-2">
        {suggested.map((student) => (
          <li key={student.id} className="max-w-full">
            <button
              type="button"
              aria-pressed={chosen?.id === student.id}
              onClick={() => onChoose({ id: student.id, name: student.name })}
              className="flex min-h-11 max-w-full items-center gap-2 rounded-full border border-stone-300 bg-white py-1 pr-3.5 pl-1 text-left text-sm font-medium text-stone-700 aria-pressed:border-accent-600 aria-pressed:bg-accent-50 aria-pressed:text-accent-800"
            >
              <Avatar url={student.avatarUrl} size={32} />
              <span className="line-clamp-2">{student.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
