import { Bookmark, ClipboardCheck, PenSquare, UserRound, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import type { FeedFilters } from '#shared/schemas/posts';
import { foldForSearch } from '#shared/text';
import { Button, SearchField } from '../../components/ui/form.tsx';
import { PageBody, PageHeader } from '../../components/ui/page.tsx';
import { useCan, useMember } from '../../features/accounts/api/me.ts';
import { memberHint } from '../../features/accounts/api/session.ts';
import { useCourses } from '../../features/courses/api/courses.ts';
import { usePhotoFirst } from '../../features/media/hooks/use-photo-first.tsx';
import { prefetchFeed, useFeed } from '../../features/posts/api/posts.ts';
import {
  LazyPostFormDialog,
  usePostFormReady,
} from '../../features/posts/components/lazy-post-form-dialog.tsx';
import { LazyStudentFilterSheet } from '../../features/posts/components/lazy-student-filter-sheet.tsx';
import { OutboxList } from '../../features/posts/components/outbox-list.tsx';
import { PostList } from '../../features/posts/components/post-list.tsx';
import { useScreenTour } from '../../features/tutorial/tutorial.tsx';
import { useScreenParams, useSearchText } from '../../hooks/use-screen-params.ts';
import { peekEarlyRead } from '../../lib/early-reads.ts';
import { queryClient } from '../../lib/query-client.ts';
import { takeSharedPhotos } from '../../lib/shared-photos.ts';
import { t } from '../../lib/text.ts';

const chip =
  'inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full border px-3.5 text-sm font-medium';
const chipOn = 'border-accent-600 bg-accent-50 text-accent-800';
const chipOff = 'border-stone-300 bg-white text-stone-700 hover:bg-stone-50';

/** The feed's filters from the screen's address, and the search typed (also in the address). */
function feedFilters(params: URLSearchParams, q = params.get('q') ?? ''): FeedFilters {
  return {
    ...(q ? { q } : {}),
    ...(params.get('course') ? { courseId: params.get('course')! } : {}),
    ...(params.get('student') ? { studentId: params.get('student')! } : {}),
    ...(params.get('kind') === 'evaluation' ? { kind: 'evaluation' as const } : {}),
    ...(params.get('bookmarked') ? { bookmarked: '1' as const } : {}),
  };
}

/**
 * Runs as soon as this screen's code is in, before the signed-in layout renders it: a member
 * coming back gets the feed's first page fetched alongside the rest, not after it, and a first
 * visit takes the page's own early read of it (vite.config.ts, earlyStart), so the screen's
 * first render has its cards. It does not wait for the answer (the screen shows its own loading
 * state).
 */
export function loader({ request }: LoaderFunctionArgs): null {
  if (memberHint.isSet() || peekEarlyRead('/posts') !== undefined)
    prefetchFeed(queryClient, feedFilters(new URL(request.url).searchParams));
  return null;
}

/**
 * The feed: newest posts first, ten at a time; search by who posted or who is tagged; filters
 * by course, student (from a student's page), evaluations only and my saved posts.
 */
export default function ActivityScreen() {
  const member = useMember();
  const staff = useCan().teach;
  usePostFormReady(staff);
  const courses = useCourses();
  const [params, change] = useScreenParams();
  const [text, setText, q, keepSearch] = useSearchText();
  // The installed app's "Đăng bài" shortcut opens the feed with ?compose=1: the form, at once.
  const [writing, setWriting] = useState(() => staff && params.get('compose') === '1');
  useEffect(() => {
    if (params.get('compose') !== null || params.get('shared') !== null)
      change((next) => {
        next.delete('compose');
        next.delete('shared');
      });
  }, [params, change]);
  const filters = feedFilters(params, q);
  const feed = useFeed(filters);
  useScreenTour('activity', !feed.isPending);
  const toggle = (key: string, value: string) =>
    change((next) => (next.get(key) === value ? next.delete(key) : next.set(key, value)));
  const studentId = params.get('student');
  const studentName = params.get('studentName') ?? '';
  const [pickingStudent, setPickingStudent] = useState(false);
  const filterRow = useRef<HTMLFieldSetElement>(null);
  const filtered = Object.keys(filters).length > 0;
  const photoFirst = usePhotoFirst();
  // Photos shared from the gallery (the installed app's share target) open the form with them.
  const [sharing] = useState(() => staff && params.get('shared') === '1');
  const { offer } = photoFirst;
  useEffect(() => {
    if (!sharing) return;
    void takeSharedPhotos().then((photos) => {
      if (photos.length > 0) offer(photos);
    });
  }, [sharing, offer]);
  const nothingFound =
    q.trim() !== '' &&
    feed.data !== undefined &&
    feed.data.pages.every((page) => page.posts.length === 0);
  const coursesNamed = nothingFound
    ? (courses.data?.courses ?? [])
        .filter((course) => foldForSearch(course.name).includes(foldForSearch(q)))
        .slice(0, 3)
    : [];

  return (
    <>
      <PageHeader
        width="column"
        title={t('screens.activity.title')}
        subtitle={t('screens.activity.subtitle')}
        compactOnPhone
        actions={
          staff ? (
            // On a phone the button floats above the bottom bar, under the thumb (DESIGN.md).
            <Button
              onClick={() => {
                photoFirst.choose();
                setWriting(true);
              }}
              className="max-md:fixed max-md:right-4 max-md:bottom-[calc(4.5rem+env(safe-area-inset-bottom))] max-md:z-30 max-md:size-14 max-md:rounded-full! max-md:px-0! max-md:shadow-lg"
              data-tour="create-post"
            >
              <PenSquare className="size-5" aria-hidden="true" />
              <span className="sr-only md:not-sr-only">{t('screens.activity.create')}</span>
            </Button>
          ) : undefined
        }
      />
      <PageBody width="column">
        <div className="flex flex-col gap-3 pb-10">
          {staff && member ? <OutboxList personId={member.id} /> : null}
          <div data-tour="feed-search">
            <SearchField
              label={t('screens.activity.search')}
              placeholder={t('screens.activity.searchPlaceholder')}
              value={text}
              onChange={setText}
              onBlur={keepSearch}
            />
          </div>
          <fieldset
            ref={filterRow}
            data-tour="feed-filters"
            className="-mx-4 flex min-w-0 gap-2 overflow-x-auto px-4 pb-1 md:mx-0 md:flex-wrap md:px-0"
          >
            <legend className="sr-only">{t('screens.activity.filters')}</legend>
            {/* The chosen student leads the row, so her name and its clear button are on screen. */}
            {staff && studentId ? (
              <span className={`${chip} ${chipOn} max-w-64 pr-0`}>
                <UserRound className="size-4 shrink-0" aria-hidden="true" />
                <span className="min-w-0 truncate">{studentName}</span>
                <button
                  type="button"
                  aria-label={t('screens.activity.clearStudent')}
                  onClick={() =>
                    change((next) => {
                      next.delete('student');
                      next.delete('studentName');
                    })
                  }
                  className="grid size-11 shrink-0 place-items-center rounded-full"
                >
                  <X className="size-4" aria-hidden="true" />
                </button>
              </span>
            ) : null}
            <label className="sr-only" htmlFor="feed-course">
              {t('screens.activity.courseFilter')}
            </label>
            <select
              id="feed-course"
              value={params.get('course') ?? ''}
              onChange={(event) => {
                const course = event.target.value;
                change((next) => (course ? next.set('course', course) : next.delete('course')));
              }}
              className={`${chip} ${params.get('course') ? chipOn : chipOff} max-w-56 pr-8`}
            >
              <option value="">{t('screens.activity.allCourses')}</option>
              {courses.data?.courses.map((course) => (
                <option key={course.id} value={course.id}>
                  {course.name}
                </option>
              ))}
            </select>
            <button
              type="button"
              aria-pressed={params.get('kind') === 'evaluation'}
              onClick={() => toggle('kind', 'evaluation')}
              className={`${chip} ${params.get('kind') === 'evaluation' ? chipOn : chipOff}`}
            >
              <ClipboardCheck className="size-4" aria-hidden="true" />
              {t('screens.activity.onlyEvaluations')}
            </button>
            {staff && !studentId ? (
              <button
                type="button"
                aria-haspopup="dialog"
                aria-label={t('screens.activity.studentFilter')}
                onClick={() => setPickingStudent(true)}
                className={`${chip} ${chipOff}`}
              >
                <UserRound className="size-4" aria-hidden="true" />
                {t('screens.activity.studentChip')}
              </button>
            ) : null}
            {member ? (
              <button
                type="button"
                aria-pressed={params.has('bookmarked')}
                onClick={() => toggle('bookmarked', '1')}
                className={`${chip} ${params.has('bookmarked') ? chipOn : chipOff}`}
              >
                <Bookmark className="size-4" aria-hidden="true" />
                {t('screens.activity.onlyBookmarks')}
              </button>
            ) : null}
          </fieldset>
          {nothingFound ? (
            // The search finds people; a course's name typed there is pointed to its filter.
            <div
              role="note"
              className="flex flex-col gap-2 rounded-2xl bg-accent-50 p-4 text-sm text-accent-900"
            >
              <p>{t('screens.activity.searchIsForPeople')}</p>
              {coursesNamed.length > 0 ? (
                <div className="flex flex-wrap gap-2">
                  {coursesNamed.map((course) => (
                    <button
                      key={course.id}
                      type="button"
                      onClick={() =>
                        change((next) => {
                          next.delete('q');
                          next.set('course', course.id);
                        })
                      }
                      className={`${chip} ${chipOff} max-w-full`}
                    >
                      <span className="min-w-0 truncate">
                        {t('screens.activity.showCourse', { course: course.name })}
                      </span>
                    </button>
                  ))}
                </div>
              ) : null}
            </div>
          ) : null}
          <PostList
            query={feed}
            label={t('screens.activity.title')}
            empty={filtered ? t('screens.activity.noMatch') : t('screens.activity.empty')}
            end={t('screens.activity.end')}
          />
        </div>
      </PageBody>
      {photoFirst.input}
      {writing ? (
        <LazyPostFormDialog isOpen onOpenChange={setWriting} photos={photoFirst.photos} />
      ) : null}
      {pickingStudent ? (
        <LazyStudentFilterSheet
          onOpenChange={setPickingStudent}
          onChoose={(student) => {
            setPickingStudent(false);
            filterRow.current?.scrollTo({ left: 0 });
            change((next) => {
              next.set('student', student.id);
              next.set('studentName', student.name);
            });
          }}
        />
      ) : null}
    </>
  );
}
