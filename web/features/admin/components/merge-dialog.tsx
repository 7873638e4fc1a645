import { useId, useState } from 'react';
import type { AdminPerson } from '#shared/schemas/admin';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { FormDialogActions } from '../../../components/ui/dialog.tsx';
import { SheetDialogFrame } from '../../../components/ui/dialog-frames.tsx';
import { SearchField } from '../../../components/ui/form.tsx';
import { useDebounced } from '../../../hooks/use-debounced.ts';
import { t } from '../../../lib/text.ts';
import { StudentStatusBadge, useStudents } from '../../students/index.ts';

/**
 * Chooses the student profile a pending sign-up is merged into: a search over the academy's
 * students (those already kept, not other sign-ups), one chosen with a radio, then confirmed.
 */
export function MergeDialog({
  person,
  isOpen,
  onOpenChange,
  busy,
  onMerge,
}: {
  person: AdminPerson;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  onMerge: (target: { id: string; name: string }) => void;
}) {
  const formId = useId();
  // A profile staff made with the sign-up's e-mail comes chosen; the admin still confirms.
  const [text, setText] = useState(person.matchingProfile?.name ?? person.name);
  const [chosen, setChosen] = useState<{ id: string; name: string } | null>(person.matchingProfile);
  const [unchosen, setUnchosen] = useState(false);
  const q = useDebounced(text, 250);
  const students = useStudents({ q, courseIds: [], sort: 'name' });
  const candidates = (students.data?.pages.flatMap((page) => page.students) ?? []).filter(
    (student) => student.id !== person.id && student.status !== 'pending',
  );

  return (
    <SheetDialogFrame
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={t('screens.userManagement.mergeTitle', { name: person.name })}
      isDismissable={!busy}
      footer={
        <FormDialogActions
          formId={formId}
          submitLabel={t('screens.userManagement.mergeConfirm')}
          cancelLabel={t('screens.userManagement.cancel')}
          onCancel={() => onOpenChange(false)}
          busy={busy}
        />
      }
    >
      <form
        id={formId}
        onSubmit={(event) => {
          event.preventDefault();
          if (chosen) onMerge(chosen);
          else setUnchosen(true);
        }}
        className="flex flex-col gap-3"
      >
        <p className="text-[15px] leading-6 text-stone-600">
          {t('screens.userManagement.mergeHint')}
        </p>
        <SearchField
          label={t('screens.userManagement.mergeSearch')}
          value={text}
          onChange={setText}
        />
        <fieldset>
          <legend className="sr-only">{t('screens.userManagement.mergeSearch')}</legend>
          {students.data && candidates.length === 0 ? (
            <p className="py-3 text-stone-500">{t('screens.userManagement.mergeNoMatch')}</p>
          ) : (
            <ul className="flex flex-col gap-1">
              {candidates.map((student) => (
                <li key={student.id}>
                  <label className="flex min-h-14 cursor-pointer items-center gap-3 rounded-xl px-2 py-2 has-[:checked]:bg-accent-50 hover:bg-stone-50">
                    <input
                      type="radio"
                      name="merge-target"
                      value={student.id}
                      checked={chosen?.id === student.id}
                      onChange={() => {
                        setChosen({ id: student.id, name: student.name });
                        setUnchosen(false);
                      }}
                      className="size-5 accent-accent-600"
                    />
                    <Avatar name={student.name} url={student.avatarUrl} size={40} />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium text-stone-900">
                        {student.name}
                      </span>
                      <span className="block truncate text-sm text-stone-500">
                        {[student.phone, ...student.courses.map((course) => course.name)]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                    </span>
                    <StudentStatusBadge status={student.status} />
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        {unchosen ? (
          <p role="alert" className="text-sm text-red-700">
            {t('screens.userManagement.mergeChoose')}
          </p>
        ) : null}
      </form>
    </SheetDialogFrame>
  );
}
