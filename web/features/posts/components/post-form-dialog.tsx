import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import {
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
import { write } from '../../../lib/write.ts';
import { useMember } from '../../accounts/index.ts';
import { useInstructorChoices } from '../../courses/index.ts';
import type { KeptPhoto } from '../../media/index.ts';
import { useClassRoster } from '../../students/index.ts';
import { useUpdatePost } from '../api/posts.ts';
import { useQueuePost } from '../api/queue-post.ts';
import { outbox, postDrafts, type QueuedPost } from '../outbox/outbox.ts';
import {
  courseAndLessonNames,
  emptyDraft,
  type KeptPost,
  type PostDraft,
  toInput,
} from '../post-draft.ts';
import { MentionTextField } from './mention-textarea.tsx';
import { CourseFields } from './post-form-course-fields.tsx';
import {
  KindChoice,
  RatingField,
  StudentField,
  TaggedInstructorField,
} from './post-form-kind-fields.tsx';
import { PhotosField, photosOfKept, usePhotoStatus } from './post-form-photos.tsx';
import { useKeptDraft } from './use-kept-post-draft.ts';

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
  const existingPhotos = post?.media.map(({ url, width, height }) => ({ url, width, height }));
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
          photos: existingPhotos ?? [],
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
  const [kind, student, courseId, lessonId] = useWatch({
    control: form.control,
    name: ['kind', 'student', 'courseId', 'lessonId'],
  });
  // What the post goes to, beside the button that posts it: on a small phone the chosen course
  // and lesson are scrolled away by the time she taps.
  const postingTo = [
    ...(kind === 'evaluation' && student ? [student.name] : []),
    ...courseAndLessonNames(roster.data, { courseId, lessonId }),
  ];
  const [photos, tellPhotos] = usePhotoStatus();
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const save = useUpdatePost(post?.id ?? '');
  const queue = useQueuePost();
  const saving = save.isPending || queue.isPending;
  const draft = useKeptDraft(form, { keeps: !post && !queued, postId, personId, keptPhotos });
  // Read while drawing: react-hook-form then tells the form of every change to it.
  const { isDirty } = form.formState;
  const requestClose = () => {
    if (saving) return;
    if (isDirty || photos.chosen) setConfirmingDiscard(true);
    else onOpenChange(false);
  };
  // A photo that failed is never left out of the post silently: it is sent again or removed. A
  // new post's photo waiting for a connection goes with it to the outbox; an edit needs it sent.
  const blocked = photos.failed || (Boolean(post) && photos.waiting);
  const markFailedPhotos = () => {
    if (blocked) form.setError('photos', { message: t('upload.failedBeforePost') });
  };
  const submit = form.handleSubmit((values) => {
    markFailedPhotos();
    if (blocked || saving || (!post && photos.preparing)) return;
    if (post) {
      write(save, toInput(values), {
        onSuccess: () => {
          showToast(t('posts.updated'), 'success');
          onOpenChange(false);
        },
      });
    } else {
      // The outbox has it: the draft ends even if the form is gone by then.
      write(queue, draft.keptNow(), {
        onSuccess: async () => {
          await draft.settle();
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
      footerNote={
        postingTo.length > 0 ? (
          <span data-testid="posting-to">
            {t('posts.form.postingTo', { what: postingTo.join(' · ') })}
          </span>
        ) : undefined
      }
      footer={
        <FormDialogActions
          formId={formId}
          submitLabel={t(post ? 'posts.form.save' : 'posts.form.submit')}
          cancelLabel={t('posts.cancel')}
          onCancel={requestClose}
          busy={saving}
          submitBusy={saving || (post ? photos.uploading : photos.preparing)}
        />
      }
    >
      <form
        id={formId}
        onSubmit={(event) => void submit(event)}
        noValidate
        className="flex flex-col gap-4"
      >
        {onDiscardDraft ? <DraftRestored onDiscard={onDiscardDraft} /> : null}
        <PhotosField
          form={form}
          existing={existingPhotos}
          keptPhotos={keptPhotos}
          initial={kept?.photos}
          added={chosenPhotos}
          onStatus={tellPhotos}
        />
        <KindChoice form={form} />
        {kind === 'evaluation' ? (
          <>
            <StudentField form={form} roster={roster.data} />
            <RatingField form={form} />
          </>
        ) : (
          <TaggedInstructorField
            form={form}
            id={`${formId}-tagged`}
            instructors={instructors.data?.instructors}
          />
        )}
        <CourseFields form={form} roster={roster.data} chosenAlready={Boolean(post || kept)} />
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
          void draft.settle();
          onOpenChange(false);
        }}
      />
    </SheetDialogFrame>
  );
}

/** The form opened on the person's kept draft, which she may throw away to start afresh. */
function DraftRestored({ onDiscard }: { onDiscard: () => void }) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-accent-50 px-3 py-2 text-sm text-accent-900"
    >
      <span>{t('posts.form.draftRestored')}</span>
      <button
        type="button"
        onClick={onDiscard}
        className="min-h-11 rounded-lg px-2 font-medium text-accent-800 underline underline-offset-2"
      >
        {t('posts.form.discardDraft')}
      </button>
    </div>
  );
}
