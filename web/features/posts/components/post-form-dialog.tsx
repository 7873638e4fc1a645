import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import {
  Controller,
  type FieldError,
  type FieldErrors,
  type Resolver,
  type ResolverResult,
  useForm,
  useWatch,
} from 'react-hook-form';
import { type Post, PostInput } from '#shared/schemas/posts';
import { useToast } from '../../../components/overlays/toast.tsx';
import { FormDialogActions } from '../../../components/ui/dialog.tsx';
import { ConfirmDialogFrame, SheetDialogFrame } from '../../../components/ui/dialog-frames.tsx';
import { t } from '../../../lib/text.ts';
import { useMember } from '../../accounts/index.ts';
import { useInstructorChoices } from '../../courses/index.ts';
import { type KeptPhoto, MultiImagePicker } from '../../media/index.ts';
import { useClassRoster } from '../../students/index.ts';
import { useUpdatePost } from '../api/posts.ts';
import { useQueuePost } from '../api/queue-post.ts';
import { outbox, postDrafts, type QueuedPost } from '../outbox/outbox.ts';
import {
  emptyDraft,
  type KeptPost,
  type PostDraft,
  type PostKind,
  type PostPhoto,
  photoOf,
  toInput,
} from '../post-draft.ts';
import { ChipChoice } from './chip-choice.tsx';
import { labelClass, selectClass } from './form-classes.ts';
import { MentionTextField } from './mention-textarea.tsx';
import { StudentPicker } from './student-picker.tsx';
import { SuggestedStudents } from './suggested-students.tsx';

const RATINGS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

const checkPostInput = zodResolver(PostInput);

/** The shared schema checks what will be sent; a student's error lands on the picker. */
const postResolver: Resolver<PostDraft> = async (draft, context, options) => {
  const result = await checkPostInput(toInput(draft), context, options as never);
  const { studentId, ...errors } = result.errors as FieldErrors<PostDraft> & {
    studentId?: FieldError;
  };
  return studentId
    ? { values: {}, errors: { ...errors, student: studentId } }
    : ({ values: draft, errors } as ResolverResult<PostDraft>);
};

interface DialogProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Writes or edits a post: an evaluation of one student (with an optional rating 0–10) or a
 * general post that may tag an instructor; course and lesson; text with @mentions; photos.
 *
 * A new post goes to the outbox (kept on the device, sent by itself, outbox/outbox.ts), so the
 * form closes at once, online or not. One closed before posting stays as the person's draft and
 * is offered again; a waiting post (`queued`) opens here to be changed.
 */
export function PostFormDialog({
  post,
  queued,
  student,
  photos,
  ...dialog
}: DialogProps & {
  post?: Post;
  /** A new post waiting in the outbox, to change before it is sent. */
  queued?: QueuedPost;
  /** The review action on a student opens the form with that student chosen. */
  student?: { id: string; name: string };
  /** Photos chosen as the form opened (photo first), to add to the new post. */
  photos?: File[] | undefined;
}) {
  const personId = useMember()?.id;
  // A new post starts from the person's draft, once it has been looked for.
  const [kept, setKept] = useState<{ post: KeptPost | null; restored: boolean } | null>(
    post || queued ? { post: queued ?? null, restored: false } : null,
  );
  useEffect(() => {
    if (kept || !personId) return;
    void postDrafts.read(personId).then((draft) => {
      const fits = !student || !draft?.values.student || draft.values.student.id === student.id;
      setKept({ post: draft && fits ? draft : null, restored: Boolean(draft && fits) });
    });
  }, [kept, personId, student]);
  if (post) return <PostForm {...dialog} post={post} personId={personId ?? ''} />;
  if (!kept || !personId) return null;
  return (
    <PostForm
      // A discarded draft starts the form again, photos and all.
      key={kept.post?.id ?? 'new'}
      {...dialog}
      personId={personId}
      kept={kept.post ?? undefined}
      queued={Boolean(queued)}
      student={student}
      photos={photos}
      onDiscardDraft={
        kept.restored
          ? () => {
              void postDrafts.forget(personId);
              setKept({ post: null, restored: false });
            }
          : undefined
      }
    />
  );
}

/** A photo not yet sent counts as a photo of the post: the outbox sends it before the post. */
const photosOfKept = (photos: KeptPhoto[]): PostPhoto[] =>
  photos.map((photo) =>
    photo.sent ? photoOf(photo.sent) : { url: `kept:${photo.id}`, width: null, height: null },
  );

function PostForm({
  post,
  kept,
  queued = false,
  personId,
  student: presetStudent,
  photos: chosenPhotos,
  isOpen,
  onOpenChange,
  onDiscardDraft,
}: DialogProps & {
  post?: Post;
  kept?: KeptPost;
  queued?: boolean;
  personId: string;
  student?: { id: string; name: string };
  photos?: File[] | undefined;
  onDiscardDraft?: () => void;
}) {
  const formId = useId();
  const { showToast } = useToast();
  // Students, courses and lessons to choose from, as the device kept them: the form works in
  // class with no signal.
  const roster = useClassRoster(isOpen);
  const instructors = useInstructorChoices(isOpen);
  const [postId] = useState(() => kept?.id ?? crypto.randomUUID());
  // Photos already on the post stay; new uploads are added after them.
  const existingPhotos =
    post?.media.map(({ url, width, height }) => ({ url, width, height })) ?? [];
  const started = kept?.values ?? emptyDraft();
  const form = useForm<PostDraft>({
    resolver: postResolver,
    defaultValues: post
      ? {
          kind: post.kind,
          student: post.student,
          taggedInstructorId: post.taggedInstructor?.id ?? '',
          courseId: post.course?.id ?? '',
          lessonId: post.lesson?.id ?? '',
          rating: post.rating === null ? '' : String(post.rating),
          text: post.text,
          photos: existingPhotos,
        }
      : {
          ...started,
          student: started.student ?? presetStudent ?? null,
          photos: photosOfKept(kept?.photos ?? []),
        },
    // A field's error goes as soon as it is changed, not at the next submit.
    reValidateMode: 'onSubmit',
  });
  const keptPhotos = useRef<KeptPhoto[]>(kept?.photos ?? []);
  // A waiting post is not sent while it is being changed here.
  useEffect(() => {
    if (!queued || !kept) return;
    outbox.hold(kept.id);
    return () => {
      outbox.release(kept.id);
    };
  }, [queued, kept]);
  const { errors, isDirty } = form.formState;
  const [kind, student, courseId, lessonId] = useWatch({
    control: form.control,
    name: ['kind', 'student', 'courseId', 'lessonId'],
  });
  // An evaluation starts on the course the student was last active in and the first lesson of
  // it she has not finished (the roster orders them); the instructor changes either with a tap.
  // Nothing the person chose is replaced, and what was chosen for them does not count as
  // something to discard.
  const [courseChosen, setCourseChosen] = useState(Boolean(post || kept));
  const rosterStudent =
    kind === 'evaluation' && student
      ? roster.data?.students.find((item) => item.id === student.id)
      : undefined;
  useEffect(() => {
    if (courseChosen || !rosterStudent) return;
    const latest = rosterStudent.courses[0];
    // Chosen for the person: the new default, so that it is nothing to discard.
    const chosen = { courseId: latest?.id ?? '', lessonId: latest?.lessonId ?? '' };
    for (const field of ['courseId', 'lessonId'] as const) {
      form.resetField(field, { defaultValue: chosen[field] });
      // resetField does not tell useWatch; setValue does.
      form.setValue(field, chosen[field]);
    }
  }, [rosterStudent, courseChosen, form]);
  const [uploading, setUploading] = useState(false);
  // A photo still being shrunk would be left out of a post queued now: the post waits for it.
  const [preparing, setPreparing] = useState(false);
  const [photosFailed, setPhotosFailed] = useState(false);
  const [photosWaiting, setPhotosWaiting] = useState(false);
  // A photo being sent or failed is something put in, though not yet among the photos.
  const [photosChosen, setPhotosChosen] = useState(false);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const save = useUpdatePost(post?.id ?? '');
  // Whether what is in the form went somewhere (the outbox) or was thrown away: no draft then.
  const settled = useRef(false);
  const keptNow = (): KeptPost => {
    const { photos: _photos, ...values } = form.getValues();
    return { id: postId, personId, savedAt: Date.now(), values, photos: keptPhotos.current };
  };
  const queue = useQueuePost();
  const saving = save.isPending || queue.isPending;
  // The draft of a new post is kept on the device as it is typed, so a closed tab or a phone
  // that restarts loses nothing; it is offered again the next time the form opens.
  const keepsDraft = !post && !queued;
  const typed = useWatch({ control: form.control });
  const draftTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const keepDraft = () => {
    clearTimeout(draftTimer.current);
    draftTimer.current = undefined;
    if (!keepsDraft || settled.current) return;
    if (!form.formState.isDirty && keptPhotos.current.length === 0) return;
    void postDrafts.keep(keptNow());
  };
  const keepDraftSoon = () => {
    if (!keepsDraft) return;
    clearTimeout(draftTimer.current);
    draftTimer.current = setTimeout(keepDraft, 400);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: every change of what was typed is kept
  useEffect(keepDraftSoon, [typed]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: what is pending is kept when the form goes
  useEffect(() => () => keepDraft(), []);
  const requestClose = () => {
    if (saving) return;
    if (isDirty || photosChosen) setConfirmingDiscard(true);
    else onOpenChange(false);
  };
  // An evaluation offers the student's own courses first; every course is one tap further.
  const [allCourses, setAllCourses] = useState(false);
  const rosterCourses = roster.data?.courses ?? [];
  const enrolled = rosterStudent?.courses.flatMap(
    (mine) => rosterCourses.find((item) => item.id === mine.id) ?? [],
  );
  const studentCourses =
    enrolled && enrolled.length > 0 && (courseId === '' || enrolled.some((c) => c.id === courseId))
      ? enrolled
      : undefined;
  const courseOptions = studentCourses && !allCourses ? studentCourses : rosterCourses;
  const lessons = rosterCourses.find((item) => item.id === courseId)?.lessons ?? [];
  // A photo that failed is never left out of the post silently: it is sent again or removed. A
  // new post's photo waiting for a connection goes with it to the outbox; an edit needs it sent.
  const blocked = photosFailed || (Boolean(post) && photosWaiting);
  const markFailedPhotos = () => {
    if (blocked) form.setError('photos', { message: t('upload.failedBeforePost') });
  };
  const submit = form.handleSubmit((draft) => {
    markFailedPhotos();
    if (blocked || saving || (!post && preparing)) return;
    if (post) {
      save.mutate(toInput(draft), {
        onSuccess: () => {
          showToast(t('posts.updated'), 'success');
          onOpenChange(false);
        },
      });
    } else {
      queue.mutate(keptNow(), {
        onSuccess: async () => {
          settled.current = true;
          await postDrafts.forget(personId);
          if (!navigator.onLine) showToast(t('posts.outbox.queued'), 'info');
          onOpenChange(false);
        },
      });
    }
  }, markFailedPhotos);

  return (
    <SheetDialogFrame
      isOpen={isOpen}
      onOpenChange={(open) => (open ? onOpenChange(true) : requestClose())}
      title={t(post ? 'posts.form.editTitle' : 'posts.form.newTitle')}
      isDismissable={!saving}
      footer={
        <FormDialogActions
          formId={formId}
          submitLabel={t(post ? 'posts.form.save' : 'posts.form.submit')}
          cancelLabel={t('posts.cancel')}
          onCancel={requestClose}
          busy={saving}
          submitBusy={saving || (post ? uploading : preparing)}
        />
      }
    >
      <form
        id={formId}
        onSubmit={(event) => void submit(event)}
        noValidate
        className="flex flex-col gap-4"
      >
        {onDiscardDraft ? (
          <div
            role="status"
            className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-accent-50 px-3 py-2 text-sm text-accent-900"
          >
            <span>{t('posts.form.draftRestored')}</span>
            <button
              type="button"
              onClick={onDiscardDraft}
              className="min-h-11 rounded-lg px-2 font-medium text-accent-800 underline underline-offset-2"
            >
              {t('posts.form.discardDraft')}
            </button>
          </div>
        ) : null}
        {/* Photos lead: they are what an evaluation is about, taken at the table. */}
        <div>
          <p className={labelClass}>{t('posts.form.photos')}</p>
          {existingPhotos.length > 0 ? (
            <div className="mb-2 flex gap-2">
              {existingPhotos.map((photo, index) => (
                <img
                  // biome-ignore lint/suspicious/noArrayIndexKey: the same photo may appear twice
                  key={index}
                  src={photo.url}
                  alt={t('posts.photo', { number: index + 1 })}
                  width={64}
                  height={64}
                  className="size-16 rounded-lg object-cover"
                />
              ))}
            </div>
          ) : null}
          <MultiImagePicker
            use="post"
            capture="environment"
            initial={kept?.photos}
            added={chosenPhotos}
            onBusyChange={(busy) => {
              setUploading(busy);
              if (busy) setPhotosChosen(true);
            }}
            onPreparingChange={setPreparing}
            onFailedChange={(failed) => {
              setPhotosFailed(failed);
              if (failed) setPhotosChosen(true);
              else form.clearErrors('photos');
            }}
            onWaitingChange={(waiting) => {
              setPhotosWaiting(waiting);
              if (waiting) setPhotosChosen(true);
            }}
            onKeptChange={(photos) => {
              if (post) return;
              keptPhotos.current = photos;
              form.setValue('photos', photosOfKept(photos), { shouldDirty: true });
            }}
            onChange={(results) => {
              if (!post) return;
              form.setValue('photos', [...existingPhotos, ...results.map(photoOf)], {
                shouldDirty: true,
              });
            }}
          />
          {errors.photos ? (
            <p role="alert" className="mt-1.5 text-sm text-red-700">
              {errors.photos.message}
            </p>
          ) : null}
        </div>
        <RadioGroup
          value={kind}
          onChange={(value) => form.setValue('kind', value as PostKind, { shouldDirty: true })}
          orientation="horizontal"
          className="flex flex-col gap-1.5"
        >
          <Label className="text-sm font-medium text-stone-700">{t('posts.form.kind')}</Label>
          <div className="grid grid-cols-2 gap-2">
            {(['evaluation', 'general'] as const).map((value) => (
              <Radio
                key={value}
                value={value}
                className="flex min-h-11 cursor-pointer items-center justify-center rounded-xl border border-stone-300 px-2 text-sm font-medium text-stone-700 outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-accent-300 data-[selected]:border-accent-600 data-[selected]:bg-accent-50 data-[selected]:text-accent-800"
              >
                {t(`posts.form.${value}`)}
              </Radio>
            ))}
          </div>
        </RadioGroup>

        {kind === 'evaluation' ? (
          <div className="flex flex-col gap-2">
            <SuggestedStudents
              students={roster.data}
              chosen={student}
              onChoose={(next) => {
                form.clearErrors('student');
                form.setValue('student', next, { shouldDirty: true });
              }}
            />
            <StudentPicker
              value={student}
              onChange={(next) => {
                form.clearErrors('student');
                form.setValue('student', next, { shouldDirty: true });
              }}
              error={errors.student?.message}
            />
          </div>
        ) : (
          <div>
            <label htmlFor={`${formId}-tagged`} className={labelClass}>
              {t('posts.form.taggedInstructor')}
            </label>
            <select
              id={`${formId}-tagged`}
              {...form.register('taggedInstructorId')}
              className={selectClass}
            >
              <option value="">{t('posts.form.nobody')}</option>
              {instructors.data?.instructors.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.name}
                </option>
              ))}
            </select>
            {errors.kind || errors.taggedInstructorId ? (
              <p role="alert" className="mt-1.5 text-sm text-red-700">
                {errors.kind?.message ?? errors.taggedInstructorId?.message}
              </p>
            ) : null}
          </div>
        )}

        {kind === 'evaluation' ? (
          <div>
            {/* One tap: a row of 0–10 (and no rating), not a list to scroll. */}
            <Controller
              control={form.control}
              name="rating"
              render={({ field: rating }) => (
                <RadioGroup
                  value={rating.value === '' ? 'none' : rating.value}
                  onChange={(value) => {
                    form.clearErrors('rating');
                    rating.onChange(value === 'none' ? '' : value);
                  }}
                  orientation="horizontal"
                  className="flex flex-col gap-1.5"
                >
                  <Label className={labelClass}>{t('posts.form.rating')}</Label>
                  <div className="grid grid-cols-6 gap-1.5">
                    {['none', ...RATINGS.map(String)].map((value) => (
                      <Radio
                        key={value}
                        value={value}
                        className={`flex min-h-11 cursor-pointer items-center justify-center rounded-xl border border-stone-300 text-center text-stone-700 outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-accent-300 data-[selected]:border-accent-600 data-[selected]:bg-accent-600 data-[selected]:text-white ${value === 'none' ? 'px-0.5 text-xs leading-tight font-medium' : 'text-[15px] font-semibold'}`}
                      >
                        {value === 'none' ? t('posts.form.noRating') : value}
                      </Radio>
                    ))}
                  </div>
                </RadioGroup>
              )}
            />
            {errors.rating ? (
              <p role="alert" className="mt-1.5 text-sm text-red-700">
                {errors.rating.message}
              </p>
            ) : null}
          </div>
        ) : null}

        <ChipChoice
          label={t('posts.form.course')}
          noneLabel={t('posts.form.noCourse')}
          options={courseOptions.map((item) => ({ id: item.id, label: item.name }))}
          value={courseId}
          onChange={(next) => {
            setCourseChosen(true);
            form.setValue('courseId', next, { shouldDirty: true });
            form.setValue('lessonId', '', { shouldDirty: true });
          }}
          extra={
            studentCourses && !allCourses ? (
              <button
                type="button"
                onClick={() => setAllCourses(true)}
                className="min-h-11 rounded-xl px-3 text-sm font-medium text-accent-700 underline-offset-2 hover:underline"
              >
                {t('posts.form.otherCourses')}
              </button>
            ) : null
          }
        />
        {courseId ? (
          <ChipChoice
            label={t('posts.form.lesson')}
            noneLabel={t('posts.form.noLesson')}
            options={lessons.map((lesson) => ({
              id: lesson.id,
              label: lesson.title,
            }))}
            value={lessonId}
            onChange={(next) => {
              setCourseChosen(true);
              form.setValue('lessonId', next, { shouldDirty: true });
            }}
          />
        ) : null}

        <MentionTextField
          form={form}
          name="text"
          label={t('posts.form.text')}
          hint={t('posts.form.textHint')}
          maxLength={5000}
        />
      </form>
      <ConfirmDialogFrame
        isOpen={confirmingDiscard}
        onOpenChange={setConfirmingDiscard}
        title={t('posts.discard.title')}
        body={t('posts.discard.body')}
        confirmLabel={t('posts.discard.confirm')}
        cancelLabel={t('posts.discard.keep')}
        onConfirm={() => {
          setConfirmingDiscard(false);
          if (keepsDraft) {
            settled.current = true;
            void postDrafts.forget(personId);
          }
          onOpenChange(false);
        }}
      />
    </SheetDialogFrame>
  );
}
