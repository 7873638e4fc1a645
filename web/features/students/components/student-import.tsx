import { AlertTriangle, FileSpreadsheet, Undo2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { CheckboxGroup, Label } from 'react-aria-components';
import { Controller, useForm } from 'react-hook-form';
import { formatCalendarDate, formatPhone } from '#shared/format';
import {
  IMPORT_FIELDS,
  type ImportChoices,
  type ImportPreview,
  type ImportRowPreview,
  type ImportSummary,
} from '#shared/schemas/student-imports';
import { useToast } from '../../../components/overlays/toast.tsx';
import { ChoiceCheckbox } from '../../../components/ui/choice-checkbox.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Button, FieldErrorText } from '../../../components/ui/form.tsx';
import { RelativeTime } from '../../../components/ui/relative-time.tsx';
import { reasonOr } from '../../../lib/api-client.ts';
import { lazyZodResolver } from '../../../lib/lazy-resolver.ts';
import { t } from '../../../lib/text.ts';
import { write } from '../../../lib/write.ts';
import {
  useCommitStudentImport,
  usePreviewStudentImport,
  useStudentImports,
  useUndoStudentImport,
  useUploadStudentSheet,
} from '../api/student-imports.ts';
import { ImportDownloads } from './import-downloads.tsx';
import { ti } from './import-text.ts';

const resolver = lazyZodResolver(() =>
  import('#shared/schemas/student-imports').then((schemas) => schemas.ImportChoices),
);

/** Rows drawn at first: a class list is hundreds; the rest come on a tap. */
const ROWS_SHOWN = 50;

const card = 'rounded-2xl bg-white shadow-[var(--shadow-card)]';

const actionStyle: Record<ImportRowPreview['action'], string> = {
  create: 'bg-emerald-50 text-emerald-800',
  update: 'bg-sky-50 text-sky-800',
  unchanged: 'bg-stone-100 text-stone-600',
  skip: 'bg-red-50 text-red-800',
};

function RowCard({ row }: { row: ImportRowPreview }) {
  const details = [
    row.phone ? formatPhone(row.phone) : null,
    row.email,
    row.dob ? formatCalendarDate(row.dob) : null,
  ].filter(Boolean);
  return (
    <li className="flex flex-col gap-1 px-4 py-3" data-testid="import-row">
      <div className="flex items-center gap-2">
        <span className="text-xs text-stone-500 tabular-nums">
          {ti('line', { line: row.line })}
        </span>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${actionStyle[row.action]}`}
        >
          {ti(`actions.${row.action}`)}
        </span>
      </div>
      <p className="font-medium break-words text-stone-900">{row.name || '—'}</p>
      {row.lesson ? (
        <p className="text-sm break-words text-stone-700">
          {ti('lessonOf', { lesson: row.lesson })}
        </p>
      ) : null}
      {details.length > 0 ? (
        <p className="text-sm break-words text-stone-600">{details.join(' · ')}</p>
      ) : null}
      {row.courses.length > 0 ? (
        <p className="text-sm text-stone-600">{row.courses.join(', ')}</p>
      ) : null}
      {row.problems.map((problem) => (
        <p key={problem} className="text-sm font-medium text-red-700">
          {problem}
        </p>
      ))}
      {row.notes.map((note) => (
        <p key={note} className="text-sm text-amber-800">
          {note}
        </p>
      ))}
    </li>
  );
}

/**
 * A sheet read by the server: its columns matched to fields (the admin may change them), the
 * unknown courses to add or leave out, and every row with what importing it does. Each change
 * asks the server again, which reads the rows as the import will.
 */
function SheetPreview({
  first,
  onImported,
}: {
  first: ImportPreview;
  onImported: (summary: ImportSummary) => void;
}) {
  const { showToast } = useToast();
  const [preview, setPreview] = useState(first);
  const [onlyProblems, setOnlyProblems] = useState(false);
  const [shown, setShown] = useState(ROWS_SHOWN);
  const ask = usePreviewStudentImport(first.importId);
  const commit = useCommitStudentImport(first.importId);
  const columnsId = useId();
  const form = useForm<ImportChoices>({
    resolver,
    defaultValues: { mapping: first.mapping, createCourses: first.createCourses },
  });

  // Every change of a column or a course reads the rows again through the admin's choices.
  // Only the answer to the latest choices is shown: an earlier, slower answer arriving after it
  // would show rows read through columns the admin has since changed.
  const asked = useRef(0);
  useEffect(() => {
    const watching = form.watch(() => {
      const turn = ++asked.current;
      void form.handleSubmit((choices) =>
        write(ask, choices, {
          onSuccess: (answer) => {
            if (turn === asked.current) setPreview(answer);
          },
          onError: (failure) => showToast(reasonOr(failure, t('toasts.updateFailed')), 'error'),
        }),
      )();
    });
    return () => watching.unsubscribe();
  }, [form, ask, showToast]);

  const { counts } = preview;
  const courses = preview.kind === 'courses';
  const toImport = counts.create + counts.update;
  const faulty = preview.rows.filter((row) => row.action === 'skip');
  const rows = onlyProblems ? faulty : preview.rows;
  const mappingError =
    form.formState.errors.mapping?.root?.message ?? form.formState.errors.mapping?.message;

  const submit = form.handleSubmit((choices) => {
    if (commit.isPending) return;
    write(commit, choices, {
      onSuccess: (summary) => {
        showToast(
          summary.kind === 'courses'
            ? ti('doneLessons', {
                lessons: summary.lessonsCreated,
                courses: summary.coursesCreated,
              })
            : ti('done', { created: summary.created, updated: summary.updated }),
          'success',
        );
        onImported(summary);
      },
      onError: (failure) => showToast(reasonOr(failure, t('toasts.updateFailed')), 'error'),
    });
  });

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="flex flex-col gap-4"
      aria-label={ti('preview')}
    >
      <section aria-labelledby={columnsId} className={`${card} p-4`}>
        <h2 id={columnsId} className="font-semibold text-stone-900">
          {ti('columns')}
        </h2>
        <p className="mt-1 text-sm text-stone-500">{ti('columnsHint')}</p>
        <ul className="mt-3 flex flex-col gap-2">
          {preview.headers.map((header, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a sheet's columns are fixed by position
            <li key={index} className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <label
                htmlFor={`${columnsId}-${index}`}
                className="min-w-0 flex-1 basis-40 text-[15px] break-words text-stone-800"
              >
                {header || `#${index + 1}`}
              </label>
              <select
                id={`${columnsId}-${index}`}
                className="h-11 min-w-0 flex-1 basis-40 rounded-xl border border-stone-300 bg-white px-3 text-[15px]"
                {...form.register(`mapping.${index}`, {
                  setValueAs: (value: string | null) => (value ? value : null),
                })}
              >
                <option value="">{ti('columnIgnored')}</option>
                {IMPORT_FIELDS.map((field) => (
                  <option key={field} value={field}>
                    {ti(`fields.${field}`)}
                  </option>
                ))}
              </select>
            </li>
          ))}
        </ul>
        <FieldErrorText message={mappingError} />
      </section>

      {preview.unknownCourses.length > 0 ? (
        <section className={`${card} p-4`}>
          <Controller
            control={form.control}
            name="createCourses"
            render={({ field }) => (
              <CheckboxGroup
                value={field.value ?? []}
                onChange={field.onChange}
                className="flex flex-col gap-2"
              >
                <Label className="font-semibold text-stone-900">{ti('newCourses')}</Label>
                <p className="text-sm text-stone-500">{ti('newCoursesHint')}</p>
                {preview.unknownCourses.map((course) => (
                  <ChoiceCheckbox key={course} value={course}>
                    <span className="text-[15px] text-stone-800">{course}</span>
                  </ChoiceCheckbox>
                ))}
              </CheckboxGroup>
            )}
          />
        </section>
      ) : null}

      <p
        className="text-sm font-medium text-stone-700"
        aria-live="polite"
        data-testid="import-counts"
      >
        {courses ? ti('courseCounts', counts) : ti('counts', counts)}
      </p>

      {faulty.length > 0 ? (
        <section
          className="rounded-2xl border border-red-200 bg-red-50 p-4"
          data-testid="import-problems"
        >
          <h2 className="flex items-center gap-2 font-semibold text-red-900">
            <AlertTriangle className="size-5 shrink-0" aria-hidden="true" />
            {ti('problemsTitle', { count: faulty.length })}
          </h2>
          <p className="mt-1 text-sm text-red-900">{ti('problemsHint')}</p>
          <Button
            variant="secondary"
            className="mt-3 h-11 px-4"
            onClick={() => setOnlyProblems((only) => !only)}
          >
            {onlyProblems ? ti('allRows') : ti('onlyProblems')}
          </Button>
        </section>
      ) : null}

      <ul className={`${card} divide-y divide-stone-100`} aria-label={ti('preview')}>
        {rows.slice(0, shown).map((row) => (
          <RowCard key={row.line} row={row} />
        ))}
      </ul>
      {rows.length > shown ? (
        <Button variant="secondary" onClick={() => setShown((count) => count + 200)}>
          {ti('more', { count: rows.length - shown })}
        </Button>
      ) : null}

      <div className="sticky bottom-[calc(4.75rem+env(safe-area-inset-bottom))] z-10 md:bottom-4">
        <Button
          type="submit"
          className="w-full shadow-lg"
          disabled={toImport === 0 || ask.isPending}
          busy={commit.isPending}
        >
          {commit.isPending
            ? ti('committing')
            : ti(courses ? 'commitLessons' : 'commit', { count: toImport })}
        </Button>
      </div>
    </form>
  );
}

function HistoryItem({ item }: { item: ImportSummary }) {
  const { showToast } = useToast();
  const [asking, setAsking] = useState(false);
  const undo = useUndoStudentImport();
  return (
    <li className="flex flex-col gap-2 px-4 py-3" data-testid="import-history-item">
      <p className="text-[15px] break-words text-stone-800">
        {item.kind === 'courses'
          ? ti('historyCourses', {
              file: item.fileName,
              courses: item.coursesCreated,
              lessons: item.lessonsCreated,
            })
          : ti('historyItem', {
              file: item.fileName,
              created: item.created,
              updated: item.updated,
              courses: item.coursesCreated,
            })}
      </p>
      <p className="text-xs text-stone-500">
        {item.by ? `${item.by.name}, ` : null}
        {item.importedAt ? <RelativeTime time={item.importedAt} /> : null}
      </p>
      {item.status === 'undone' && item.undoneAt ? (
        <p className="text-sm text-stone-600">
          {ti('undone')} <RelativeTime time={item.undoneAt} />
        </p>
      ) : item.undoBlocked ? (
        <p className="text-sm text-stone-600">{item.undoBlocked}</p>
      ) : (
        <div>
          <Button variant="secondary" className="h-11 px-4" onClick={() => setAsking(true)}>
            <Undo2 className="size-4" aria-hidden="true" />
            {ti('undo')}
          </Button>
          <ConfirmDialog
            isOpen={asking}
            onOpenChange={setAsking}
            title={ti('undo')}
            body={
              item.kind === 'courses'
                ? ti('undoConfirmCourses', {
                    courses: item.coursesCreated,
                    lessons: item.lessonsCreated,
                  })
                : ti('undoConfirm', {
                    created: item.created,
                    updated: item.updated,
                    courses: item.coursesCreated,
                  })
            }
            confirmLabel={ti('undo')}
            cancelLabel={t('screens.adminTools.cancel')}
            busy={undo.isPending}
            onConfirm={() =>
              write(undo, item.id, {
                onSuccess: () => {
                  setAsking(false);
                  showToast(ti('undoDone'), 'success');
                },
                onError: () => setAsking(false),
              })
            }
          />
        </div>
      )}
    </li>
  );
}

/** The imports that ran, newest first, each undoable while nobody has edited what it did. */
export function ImportHistory() {
  const { data } = useStudentImports();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h2 id={headingId} className="text-lg font-semibold text-stone-900">
        {ti('history')}
      </h2>
      {data && data.imports.length === 0 ? (
        <p className="text-sm text-stone-500">{ti('historyEmpty')}</p>
      ) : (
        <ul className={`${card} divide-y divide-stone-100`}>
          {data?.imports.map((item) => (
            <HistoryItem key={item.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Chooses a sheet, shows its preview, imports it. */
export function StudentImportPanel() {
  const { showToast } = useToast();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadStudentSheet();
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  return (
    <div className="flex flex-col gap-4">
      <div className={`${card} flex flex-col gap-3 p-4`}>
        <Button
          variant={preview ? 'secondary' : 'primary'}
          busy={upload.isPending}
          onClick={() => input.current?.click()}
        >
          <FileSpreadsheet className="size-5" aria-hidden="true" />
          {upload.isPending ? ti('reading') : preview ? ti('chooseAgain') : ti('choose')}
        </Button>
        {preview ? (
          <p className="text-sm break-words text-stone-600" data-testid="import-file">
            {preview.fileName}
          </p>
        ) : null}
        <ImportDownloads />
        <input
          ref={input}
          type="file"
          accept=".xlsx,.csv,.txt,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className="sr-only"
          tabIndex={-1}
          aria-label={ti('choose')}
          data-testid="import-file-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            write(upload, file, {
              onSuccess: setPreview,
              onError: (failure) => showToast(reasonOr(failure, t('toasts.updateFailed')), 'error'),
            });
          }}
        />
      </div>
      {preview ? (
        <SheetPreview key={preview.importId} first={preview} onImported={() => setPreview(null)} />
      ) : null}
      <ImportHistory />
    </div>
  );
}
