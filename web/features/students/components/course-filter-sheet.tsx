import { useState } from 'react';
import { CheckboxGroup, Label } from 'react-aria-components';
import { ChoiceCheckbox } from '../../../components/ui/choice-checkbox.tsx';
import { SheetDialogFrame } from '../../../components/ui/dialog-frames.tsx';
import { Button } from '../../../components/ui/form.tsx';
import { t } from '../../../lib/text.ts';

/**
 * The students list's course filter: the courses ticked are applied together when the person
 * presses apply; clearing removes every course at once.
 */
export function CourseFilterSheet({
  courses,
  chosen,
  onChoose,
  onClose,
}: {
  courses: ReadonlyArray<{ id: string; name: string }>;
  chosen: string[];
  onChoose: (courseIds: string[]) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState(chosen);
  return (
    <SheetDialogFrame
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('screens.students.filterTitle')}
      footer={
        <>
          <Button
            variant="secondary"
            onClick={() => {
              onChoose([]);
              onClose();
            }}
          >
            {t('screens.students.clearFilter')}
          </Button>
          <Button
            className="flex-1"
            onClick={() => {
              onChoose(draft);
              onClose();
            }}
          >
            {t('screens.students.applyFilter')}
          </Button>
        </>
      }
    >
      <CheckboxGroup value={draft} onChange={setDraft} className="flex flex-col gap-2">
        <Label className="sr-only">{t('screens.students.filterTitle')}</Label>
        {courses.map((course) => (
          <ChoiceCheckbox key={course.id} value={course.id}>
            <span className="text-[15px] text-stone-800">{course.name}</span>
          </ChoiceCheckbox>
        ))}
      </CheckboxGroup>
    </SheetDialogFrame>
  );
}
