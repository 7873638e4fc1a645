import { useEffect, useState } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import type { ClassRoster } from '#shared/schemas/students';
import { t } from '../../../lib/text.ts';
import type { PostDraft } from '../post-draft.ts';
import { ChipChoice } from './chip-choice.tsx';

/**
 * The course and lesson a post is about. An evaluation starts on the course the student was
 * last active in and the first lesson of it she has not finished (the roster orders them); the
 * instructor changes either with a tap. Nothing the person chose is replaced, and what was
 * chosen for them does not count as something to discard. An evaluation offers the student's
 * own courses first; every course is one tap further.
 */
export function CourseFields({
  form,
  roster,
  chosenAlready,
}: {
  form: UseFormReturn<PostDraft>;
  roster: ClassRoster | undefined;
  /** The post (an edit, a draft, a waiting post) already says its course. */
  chosenAlready: boolean;
}) {
  const [kind, student, courseId, lessonId] = useWatch({
    control: form.control,
    name: ['kind', 'student', 'courseId', 'lessonId'],
  });
  const [courseChosen, setCourseChosen] = useState(chosenAlready);
  const [allCourses, setAllCourses] = useState(false);
  const rosterStudent =
    kind === 'evaluation' && student
      ? roster?.students.find((item) => item.id === student.id)
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
  const courses = roster?.courses ?? [];
  const enrolled = rosterStudent?.courses.flatMap(
    (mine) => courses.find((item) => item.id === mine.id) ?? [],
  );
  const studentCourses =
    enrolled && enrolled.length > 0 && (courseId === '' || enrolled.some((c) => c.id === courseId))
      ? enrolled
      : undefined;
  const options = studentCourses && !allCourses ? studentCourses : courses;
  const lessons = courses.find((item) => item.id === courseId)?.lessons ?? [];
  return (
    <>
      <ChipChoice
        label={t('posts.form.course')}
        noneLabel={t('posts.form.noCourse')}
        options={options.map((item) => ({ id: item.id, label: item.name }))}
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
          options={lessons.map((lesson) => ({ id: lesson.id, label: lesson.title }))}
          value={lessonId}
          onChange={(next) => {
            setCourseChosen(true);
            form.setValue('lessonId', next, { shouldDirty: true });
          }}
        />
      ) : null}
    </>
  );
}
