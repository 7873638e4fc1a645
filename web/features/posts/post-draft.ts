import type { PostInput } from '#shared/schemas/posts';
import type { ClassRoster } from '#shared/schemas/students';
import type { UploadedPhoto } from '../../lib/upload-request.ts';
import type { KeptPhoto } from '../media/index.ts';

export type PostKind = 'evaluation' | 'general';

export interface PostPhoto {
  url: string;
  width: number | null;
  height: number | null;
}

/** What the post form holds: the chosen student with their name (the picker shows it), all as typed. */
export interface PostDraft {
  kind: PostKind;
  student: { id: string; name: string } | null;
  taggedInstructorId: string;
  courseId: string;
  lessonId: string;
  /** '' for no rating. */
  rating: string;
  text: string;
  /** The post's photos first, then the new uploads. */
  photos: PostPhoto[];
}

/** A new post as typed, with its photos, kept on the device: a draft, or a post waiting to be sent. */
export interface KeptPost {
  /** The post's id, made on this device: sending it twice makes one post. */
  id: string;
  /** Who wrote it: only they see it, and it is only ever sent as them. */
  personId: string;
  savedAt: number;
  values: Omit<PostDraft, 'photos'>;
  photos: KeptPhoto[];
}

export const emptyDraft = (): Omit<PostDraft, 'photos'> => ({
  kind: 'evaluation',
  student: null,
  taggedInstructorId: '',
  courseId: '',
  lessonId: '',
  rating: '',
  text: '',
});

export const photoOf = (result: UploadedPhoto): PostPhoto => ({
  url: result.secure_url,
  width: result.width,
  height: result.height,
});

/** The request the form sends: what the other kind would carry is left out. */
export const toInput = (draft: PostDraft): PostInput => ({
  kind: draft.kind,
  studentId: draft.kind === 'evaluation' ? (draft.student?.id ?? null) : null,
  taggedInstructorId:
    draft.kind === 'general' && draft.taggedInstructorId ? draft.taggedInstructorId : null,
  courseId: draft.courseId || null,
  lessonId: draft.lessonId || null,
  text: draft.text,
  rating: draft.kind === 'evaluation' && draft.rating !== '' ? Number(draft.rating) : null,
  photos: draft.photos,
});

/**
 * A post's course and lesson by name, as the roster the device keeps has them: what the form's
 * footer and a waiting post's card say it goes to. Empty for what is not chosen or not known.
 */
export function courseAndLessonNames(
  roster: ClassRoster | undefined,
  { courseId, lessonId }: { courseId: string; lessonId: string },
): string[] {
  const course = roster?.courses.find((item) => item.id === courseId);
  const lesson = course?.lessons.find((item) => item.id === lessonId);
  return [course?.name, lesson?.title].filter((name): name is string => Boolean(name));
}
