import { GripVertical, Plus, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import {
  Button as AriaButton,
  GridList,
  GridListItem,
  useDragAndDrop,
} from 'react-aria-components';
import { ConfirmDialogFrame } from '../../../components/ui/dialog-frames.tsx';
import { t } from '../../../lib/text.ts';

/** A lesson while its course is edited: `id` when it exists on the server, `key` always. */
export interface DraftLesson {
  key: string;
  id?: string;
  title: string;
}

/**
 * The course's lessons in order: rename in place, add at the end, delete after asking, and
 * reorder by dragging the handle or, from the keyboard, by choosing the handle, moving with the
 * arrow keys and dropping with Enter (React Aria's drag and drop, announced to screen readers).
 */
export function LessonsEditor({
  lessons,
  onChange,
  errors,
}: {
  lessons: DraftLesson[];
  onChange: (lessons: DraftLesson[]) => void;
  errors: Record<number, string | undefined>;
}) {
  const [newTitle, setNewTitle] = useState('');
  const [pendingDelete, setPendingDelete] = useState<DraftLesson | null>(null);
  const newTitleInput = useRef<HTMLInputElement>(null);

  const { dragAndDropHooks } = useDragAndDrop<DraftLesson>({
    getItems: (keys) =>
      [...keys].map((key) => ({
        'text/plain': lessons.find((lesson) => lesson.key === key)?.title ?? '',
      })),
    onReorder: ({ keys, target }) => {
      const moving = lessons.filter((lesson) => keys.has(lesson.key));
      const rest = lessons.filter((lesson) => !keys.has(lesson.key));
      const at = rest.findIndex((lesson) => lesson.key === target.key);
      const index = target.dropPosition === 'after' ? at + 1 : at;
      onChange([...rest.slice(0, index), ...moving, ...rest.slice(index)]);
    },
  });

  const add = () => {
    const title = newTitle.trim();
    if (!title) return;
    onChange([...lessons, { key: crypto.randomUUID(), title }]);
    setNewTitle('');
  };

  return (
    <div>
      {lessons.length === 0 ? (
        <p className="rounded-xl bg-stone-50 px-4 py-3 text-sm text-stone-500">
          {t('screens.courses.form.noLessons')}
        </p>
      ) : (
        <GridList
          aria-label={t('screens.courses.form.lessons')}
          items={lessons}
          // Rows show their number and error, which live outside the items.
          dependencies={[errors, lessons]}
          dragAndDropHooks={dragAndDropHooks}
          keyboardNavigationBehavior="tab"
          className="flex flex-col gap-2"
        >
          {(lesson) => {
            const index = lessons.indexOf(lesson);
            const error = errors[index];
            return (
              <GridListItem
                id={lesson.key}
                textValue={lesson.title}
                className="rounded-xl outline-none data-[dragging]:opacity-50 data-[focus-visible]:ring-2 data-[focus-visible]:ring-accent-300"
              >
                <div className="flex items-center gap-1 rounded-xl border border-stone-200 bg-white py-1 pr-1 pl-1">
                  <AriaButton
                    slot="drag"
                    aria-label={t('screens.courses.form.reorder')}
                    className="grid size-11 shrink-0 cursor-grab place-items-center rounded-lg text-stone-400 outline-none hover:bg-stone-100 data-[focus-visible]:ring-2 data-[focus-visible]:ring-accent-400"
                  >
                    <GripVertical className="size-5" aria-hidden="true" />
                  </AriaButton>
                  <span className="w-6 shrink-0 text-center text-sm font-semibold text-stone-500">
                    {index + 1}
                  </span>
                  <input
                    value={lesson.title}
                    onChange={(event) =>
                      onChange(
                        lessons.map((item) =>
                          item.key === lesson.key ? { ...item, title: event.target.value } : item,
                        ),
                      )
                    }
                    onKeyDown={(event) => event.stopPropagation()}
                    aria-label={t('screens.courses.form.lessonTitle', { number: index + 1 })}
                    aria-invalid={error ? true : undefined}
                    maxLength={200}
                    className={`h-11 min-w-0 flex-1 rounded-lg border px-3 text-base text-stone-900 focus:border-accent-600 focus:outline-none ${error ? 'border-red-500' : 'border-transparent hover:border-stone-200'}`}
                  />
                  <AriaButton
                    onPress={() => setPendingDelete(lesson)}
                    aria-label={`${t('screens.courses.form.deleteLesson')} ${index + 1}`}
                    className="grid size-11 shrink-0 place-items-center rounded-lg text-stone-500 outline-none hover:bg-red-50 hover:text-red-700 data-[focus-visible]:ring-2 data-[focus-visible]:ring-accent-400"
                  >
                    <Trash2 className="size-5" aria-hidden="true" />
                  </AriaButton>
                </div>
                {error ? (
                  <p role="alert" className="mt-1 pl-14 text-sm text-red-700">
                    {error}
                  </p>
                ) : null}
              </GridListItem>
            );
          }}
        </GridList>
      )}
      <p className="mt-2 text-xs text-stone-500">{t('screens.courses.form.lessonsHint')}</p>
      {/* Not a form of its own: it sits inside the course form. Enter adds the lesson. */}
      <div className="mt-3 flex gap-2">
        <input
          ref={newTitleInput}
          value={newTitle}
          onChange={(event) => setNewTitle(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            add();
          }}
          placeholder={t('screens.courses.form.newLesson')}
          aria-label={t('screens.courses.form.newLesson')}
          maxLength={200}
          className="h-12 min-w-0 flex-1 rounded-xl border border-stone-300 bg-white px-3.5 text-base text-stone-900 placeholder:text-stone-400 focus:border-accent-600 focus:outline-none focus:ring-2 focus:ring-accent-100"
        />
        <button
          type="button"
          onClick={add}
          className="inline-flex h-12 shrink-0 items-center gap-1.5 rounded-xl border border-stone-300 bg-white px-4 text-sm font-semibold text-stone-800 hover:bg-stone-50"
        >
          <Plus className="size-5" aria-hidden="true" />
          {t('screens.courses.form.addLesson')}
        </button>
      </div>
      <ConfirmDialogFrame
        isOpen={pendingDelete !== null}
        onOpenChange={(open) => (open ? null : setPendingDelete(null))}
        title={t('screens.courses.form.confirmDeleteLesson', { title: pendingDelete?.title ?? '' })}
        body={pendingDelete?.id ? t('screens.courses.form.confirmDeleteLessonBody') : null}
        confirmLabel={t('screens.courses.form.deleteLesson')}
        cancelLabel={t('screens.courses.form.cancel')}
        onConfirm={() => {
          onChange(lessons.filter((lesson) => lesson.key !== pendingDelete?.key));
          setPendingDelete(null);
          // The deleted row's button is gone: focus goes on somewhere that stays.
          requestAnimationFrame(() => newTitleInput.current?.focus());
        }}
      />
    </div>
  );
}
