import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { FeaturedWork, FeatureWorkInput } from '#shared/schemas/showcase';
import type {
  ProgressInput,
  StudentData,
  StudentDetail,
  StudentList,
  StudentPortfolio,
} from '#shared/schemas/students';
import { compareVietnameseNames, foldForSearch } from '#shared/text';
import { ApiError, answer, api } from '../../../lib/api-client.ts';
import { t } from '../../../lib/text.ts';

import { studentQueryKey, studentsQueryKey } from './student-keys.ts';

export { studentQueryKey, studentsQueryKey };

export interface StudentFilters {
  q: string;
  courseIds: string[];
  sort: 'name' | 'enrolledAt' | 'status';
}

/** The student list, 30 at a time, for what was typed, the chosen courses and the order. */
export function useStudents(filters: StudentFilters) {
  return useInfiniteQuery({
    queryKey: [...studentsQueryKey, 'list', filters],
    initialPageParam: 0,
    queryFn: ({ signal, pageParam }) =>
      answer(
        api.GET('/students', {
          params: {
            query: {
              sort: filters.sort,
              page: pageParam,
              q: filters.q.trim() || undefined,
              courseIds: filters.courseIds.length > 0 ? filters.courseIds.join(',') : undefined,
            },
          },
          signal,
        }),
      ),
    getNextPageParam: (page) => page.nextPage,
    placeholderData: (previous) => previous,
  });
}

/** A student as a picker shows her. */
export type StudentChoice = Pick<StudentList['students'][number], 'id' | 'name' | 'avatarUrl'>;

/** The picker's answer; `fromDevice` when it comes from what the device kept, with no signal. */
export interface StudentChoices {
  students: StudentChoice[];
  fromDevice?: true;
}

/** No connection, and this device never loaded any students to choose from. */
export class StudentsNeverLoaded extends Error {}

/**
 * With no connection, the students this device has loaded (the class roster the post form keeps,
 * the picker's and the student list's answers, all under `students`) whose names hold what was
 * typed, ignoring case and diacritics: an instructor chooses whom to evaluate in class without a
 * signal. Nothing loaded at all is said as such, not as "no one matches".
 */
function studentsAlreadyLoaded(queryClient: QueryClient, q: string): StudentChoices {
  const found = new Map<string, StudentChoice>();
  const wanted = foldForSearch(q);
  let lists = 0;
  for (const [, data] of queryClient.getQueriesData<
    { students?: StudentChoice[] } | { pages: Array<{ students?: StudentChoice[] }> }
  >({ queryKey: studentsQueryKey })) {
    const answers = data && 'pages' in data ? data.pages : data ? [data] : [];
    for (const answer of answers) {
      if (!Array.isArray(answer.students)) continue;
      lists += 1;
      for (const { id, name, avatarUrl } of answer.students) {
        if (foldForSearch(name).includes(wanted)) found.set(id, { id, name, avatarUrl });
      }
    }
  }
  if (lists === 0) throw new StudentsNeverLoaded();
  const students = [...found.values()].sort((a, b) => compareVietnameseNames(a.name, b.name));
  return { students, fromDevice: true };
}

/** Students whose name holds what was typed, in name order: the picker's list. */
export function useStudentChoices(typed: string, enabled: boolean) {
  const q = typed.trim();
  const queryClient = useQueryClient();
  return useQuery<StudentChoices>({
    enabled,
    queryKey: [...studentsQueryKey, 'picker', q],
    // While the next letters' answer comes, the last list stays (no flicker, and a student
    // tapped in it is not pulled from under the finger).
    placeholderData: keepPreviousData,
    // Asked even offline, so that the answer can come from what was loaded (below).
    networkMode: 'always',
    retry: (failures, error) => !(error instanceof StudentsNeverLoaded) && failures < 2,
    queryFn: ({ signal }) =>
      answer(api.GET('/students', { params: { query: { sort: 'name', q } }, signal })).then(
        (list) => ({ students: list.students }),
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 0)
            return studentsAlreadyLoaded(queryClient, q);
          throw error;
        },
      ),
  });
}

/** One student with their courses and progress, for `useQuery` or `fetchQuery`. */
export const studentQuery = (id: string) =>
  queryOptions({
    queryKey: studentQueryKey(id),
    queryFn: ({ signal }) =>
      answer(api.GET('/students/{studentId}', { params: { path: { studentId: id } }, signal })),
  });

export function useStudent(id: string, enabled = true) {
  return useQuery({ ...studentQuery(id), enabled });
}

export const createStudent = (input: StudentData) => answer(api.POST('/students', { body: input }));
const student = (studentId: string) => ({ params: { path: { studentId } } });

export const updateStudent = (id: string, input: StudentData) =>
  answer(api.PUT('/students/{studentId}', { ...student(id), body: input }));
/**
 * Adds a student, or saves the one given: her page shows the server's answer and every list
 * of students follows.
 */
export function useSaveStudent(studentId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StudentData) =>
      studentId ? updateStudent(studentId, input) : createStudent(input),
    onSuccess: async (saved) => {
      queryClient.setQueryData(studentQueryKey(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: studentsQueryKey });
    },
    meta: { errorToast: studentId ? t('toasts.updateFailed') : t('toasts.addStudentFailed') },
  });
}

export const deleteStudent = (id: string) =>
  answer(api.DELETE('/students/{studentId}', student(id)));
export const blockStudent = (id: string, reason: string) =>
  answer(api.POST('/students/{studentId}/block', { ...student(id), body: { reason } }));
export const unblockStudent = (id: string) =>
  answer(api.POST('/students/{studentId}/unblock', student(id)));
export const updateProgress = (id: string, lessonId: string, change: ProgressInput) =>
  answer(
    api.PUT('/students/{studentId}/progress/{lessonId}', {
      params: { path: { studentId: id, lessonId } },
      body: change,
    }),
  );

/** The student as they are with one lesson's tick set, for showing it before the server says. */
function withCompleted(detail: StudentDetail, lessonId: string, completed: boolean): StudentDetail {
  return {
    ...detail,
    courses: detail.courses.map((course) => ({
      ...course,
      lessons: course.lessons.map((item) =>
        item.lessonId === lessonId ? { ...item, completed } : item,
      ),
    })),
  };
}

/**
 * A lesson ticked done or not: the tick shows at once, as ticking a box on paper would, and goes
 * back if the server refuses; a failure is told in the toast. The student lists follow.
 */
export function useTickLesson(studentId: string, lessonId: string) {
  const queryClient = useQueryClient();
  const detailKey = studentQueryKey(studentId);
  return useMutation({
    mutationFn: (completed: boolean) => updateProgress(studentId, lessonId, { completed }),
    onMutate: async (completed) => {
      await queryClient.cancelQueries({ queryKey: detailKey });
      const before = queryClient.getQueryData<StudentDetail>(detailKey);
      if (before) queryClient.setQueryData(detailKey, withCompleted(before, lessonId, completed));
      return { before };
    },
    onError: (_failure, _completed, context) => {
      if (context?.before) queryClient.setQueryData(detailKey, context.before);
    },
    onSuccess: (detail) => savedProgress(queryClient, detail),
    meta: { errorToast: t('toasts.updateFailed') },
  });
}

/**
 * The instructors' summary of a lesson, sent with the text it was started from: a summary saved
 * over someone's newer text is refused, and her page is read again so the editor sees it.
 */
export function useSaveLessonSummary(studentId: string, lessonId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { summary: string; previousSummary: string | null }) =>
      updateProgress(studentId, lessonId, change),
    onSuccess: (detail) => savedProgress(queryClient, detail),
    onError: async (failure) => {
      if (failure instanceof ApiError && failure.code === 'progress_conflict') {
        await queryClient.fetchQuery({ ...studentQuery(studentId), staleTime: 0 });
      }
    },
    meta: { errorToast: t('toasts.updateFailed') },
  });
}

function savedProgress(queryClient: QueryClient, detail: StudentDetail) {
  queryClient.setQueryData(studentQueryKey(detail.id), detail);
  void queryClient.invalidateQueries({ queryKey: studentsQueryKey });
}

export const setCourseFinished = (id: string, courseId: string, finished: boolean) =>
  answer(
    api.PUT('/students/{studentId}/courses/{courseId}/finished', {
      params: { path: { studentId: id, courseId } },
      body: { finished },
    }),
  );

/**
 * Marks a student's course finished after its last lesson, or not: her page and every list
 * follow (her status may become "Đã hoàn thành").
 */
export function useCourseFinished(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ courseId, finished }: { courseId: string; finished: boolean }) =>
      setCourseFinished(id, courseId, finished),
    onSuccess: async (detail) => {
      queryClient.setQueryData(studentQueryKey(id), detail);
      await queryClient.invalidateQueries({ queryKey: studentsQueryKey });
    },
    meta: { errorToast: t('toasts.updateFailed') },
  });
}

/**
 * Blocking (with a reason), unblocking and deleting a student. The student's page and every list
 * follow; a failure is told in the toast with the server's reason.
 */
export function useStudentChanges(id: string) {
  const queryClient = useQueryClient();
  const refresh = async (detail?: StudentDetail) => {
    if (detail) queryClient.setQueryData(studentQueryKey(id), detail);
    await queryClient.invalidateQueries({ queryKey: studentsQueryKey });
  };
  const updateFailed = { errorToast: t('toasts.updateFailed') };
  return {
    block: useMutation({
      mutationFn: (reason: string) => blockStudent(id, reason),
      onSuccess: (detail) => refresh(detail),
      meta: updateFailed,
    }),
    unblock: useMutation({
      mutationFn: () => unblockStudent(id),
      onSuccess: (detail) => refresh(detail),
      meta: updateFailed,
    }),
    remove: useMutation({
      mutationFn: () => deleteStudent(id),
      onSuccess: async () => {
        queryClient.removeQueries({ queryKey: studentQueryKey(id) });
        await refresh();
      },
      meta: { errorToast: t('toasts.deleteFailed') },
    }),
  };
}

/** Evaluations of the student, newest first, 10 at a time. */
export function useStudentEvaluations(id: string) {
  return useInfiniteQuery({
    queryKey: [...studentQueryKey(id), 'evaluations'],
    meta: { holds: 'post-pages' },
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      answer(
        api.GET('/students/{studentId}/evaluations', {
          params: { path: { studentId: id }, query: { cursor: pageParam ?? undefined } },
          signal,
        }),
      ),
    getNextPageParam: (page) => page.nextCursor,
  });
}

const portfolioQueryKey = (id: string) => [...studentQueryKey(id), 'portfolio'] as const;

/** Every photo of her evaluations the viewer may see, newest first (her portfolio). */
export function useStudentPortfolio(id: string) {
  return useQuery({
    queryKey: portfolioQueryKey(id),
    queryFn: ({ signal }) =>
      answer(api.GET('/students/{studentId}/portfolio', { ...student(id), signal })),
  });
}

/**
 * Staff choose one of her photos as "Tác phẩm tiêu biểu", or take it back. The star changes at
 * once and the server's answer (with the share link) replaces it; a refusal (she has not agreed)
 * puts it back and says why.
 */
export function useFeatureWork(studentId: string) {
  const queryClient = useQueryClient();
  const key = portfolioQueryKey(studentId);
  return useMutation({
    mutationFn: ({ postId, ...input }: FeatureWorkInput & { postId: string }) =>
      answer(api.PUT('/posts/{postId}/featured', { params: { path: { postId } }, body: input })),
    onMutate: async ({ postId, photoUrl, featured }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<StudentPortfolio>(key);
      queryClient.setQueryData<StudentPortfolio>(key, (portfolio) =>
        portfolio ? withWork(portfolio, postId, photoUrl, { featured }) : portfolio,
      );
      return { before };
    },
    onSuccess: (answer, { postId, photoUrl }) => {
      queryClient.setQueryData<StudentPortfolio>(key, (portfolio) =>
        portfolio ? withWork(portfolio, postId, photoUrl, answer) : portfolio,
      );
    },
    onError: (_failure, _input, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
    meta: { errorToast: t('toasts.updateFailed') },
  });
}

function withWork(
  portfolio: StudentPortfolio,
  postId: string,
  photoUrl: string,
  change: Partial<FeaturedWork>,
): StudentPortfolio {
  return {
    ...portfolio,
    works: portfolio.works.map((work) =>
      work.postId === postId && work.photo.url === photoUrl ? { ...work, ...change } : work,
    ),
  };
}

const certificatesQueryKey = (id: string) => [...studentQueryKey(id), 'certificates'] as const;

/** Her certificates, revoked ones too (herself and staff); refreshed with her page. */
export function useStudentCertificates(id: string, enabled: boolean) {
  return useQuery({
    queryKey: certificatesQueryKey(id),
    queryFn: ({ signal }) =>
      answer(api.GET('/students/{studentId}/certificates', { ...student(id), signal })),
    enabled,
  });
}

/** An admin revokes one of her certificates; its page says so from then on. */
export function useRevokeCertificate(studentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      answer(api.POST('/certificates/{code}/revoke', { params: { path: { code } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: certificatesQueryKey(studentId) }),
    meta: { errorToast: t('toasts.updateFailed') },
  });
}
