import { SheetDialog } from '../../../components/ui/dialog.tsx';
import { t } from '../../../lib/text.ts';
import { StudentPicker } from './student-picker.tsx';

/**
 * The feed's "whose posts" filter: a sheet with the student search, opened from the filter row,
 * so the feed keeps one search box and one row of filters above its first post on a phone.
 * Choosing a student applies the filter and closes the sheet.
 */
export function StudentFilterSheet({
  onOpenChange,
  onChoose,
}: {
  onOpenChange: (open: boolean) => void;
  onChoose: (student: { id: string; name: string }) => void;
}) {
  return (
    <SheetDialog isOpen onOpenChange={onOpenChange} title={t('screens.activity.studentFilter')}>
      <div className="pb-56">
        <StudentPicker
          value={null}
          label={t('screens.activity.studentSearch')}
          autoFocus
          onChange={(student) => {
            if (student) onChoose(student);
          }}
        />
      </div>
    </SheetDialog>
  );
}
