import { Download, Share2, Star } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '#shared/format';
import type { PortfolioWork } from '#shared/schemas/students';
import { splitVietnameseName } from '#shared/text';
import { useToast } from '../../../components/overlays/toast.tsx';
import { Placeholder } from '../../../components/ui/placeholder.tsx';
import { RatingChip } from '../../../components/ui/rating-chip.tsx';
import { apiAddress } from '../../../lib/api-client.ts';
import { lazyComponent } from '../../../lib/lazy-module.ts';
import { photoSources } from '../../../lib/photo-sources.ts';
import { shareLink, shareUrlOf } from '../../../lib/share-link.ts';
import { t } from '../../../lib/text.ts';
import { write } from '../../../lib/write.ts';
import { useFeatureWork, useStudentPortfolio } from '../api/students.ts';
import { portfolioText as p } from './portfolio-text.ts';

// The full-screen viewer (and React Aria's dialog) comes when a photo is first opened.
const StoryViewer = lazyComponent(() =>
  import('../../../components/ui/story-viewer.tsx').then((module) => module.StoryViewer),
);

// Recharts comes with the chart, when the portfolio has something to draw.
const PortfolioChart = lazyComponent(() =>
  import('./portfolio-chart.tsx').then((module) => module.PortfolioChart),
);

interface Choice {
  id: string;
  label: string;
}

/** The courses (or a course's lessons) her works are in, newest activity first, once each. */
function choicesOf(works: PortfolioWork[], pick: (work: PortfolioWork) => Choice | null) {
  const seen = new Map<string, Choice>();
  for (const work of works) {
    const choice = pick(work);
    if (choice && !seen.has(choice.id)) seen.set(choice.id, choice);
  }
  return [...seen.values()];
}

/** The first photo of each evaluation, newest first. */
function evaluationsOf(works: PortfolioWork[]) {
  const seen = new Set<string>();
  return works.filter((work) => !seen.has(work.postId) && seen.add(work.postId));
}

/**
 * The first and the latest work of one lesson: the chosen lesson, or else the lesson evaluated
 * most recently that has been evaluated at least twice.
 */
function beforeAndAfter(works: PortfolioWork[], lessonId: string | null) {
  const evaluations = evaluationsOf(works);
  const lessons = lessonId
    ? [lessonId]
    : choicesOf(evaluations, (work) =>
        work.lesson ? { id: work.lesson.id, label: work.lesson.title } : null,
      ).map((lesson) => lesson.id);
  for (const id of lessons) {
    const ofLesson = evaluations.filter((work) => work.lesson?.id === id);
    if (ofLesson.length >= 2) return { after: ofLesson[0]!, before: ofLesson.at(-1)! };
  }
  return null;
}

function Chips({
  label,
  all,
  choices,
  chosen,
  onChoose,
}: {
  label: string;
  all: string;
  choices: Choice[];
  chosen: string | null;
  onChoose: (id: string | null) => void;
}) {
  const chip = (id: string | null, text: string) => (
    <button
      key={id ?? 'all'}
      type="button"
      aria-pressed={chosen === id}
      onClick={() => onChoose(id)}
      className={`min-h-11 shrink-0 rounded-full border px-3.5 text-sm font-medium ${
        chosen === id
          ? 'border-accent-600 bg-accent-600 text-white'
          : 'border-stone-200 bg-white text-stone-700 hover:bg-stone-50'
      }`}
    >
      {text}
    </button>
  );
  return (
    <fieldset aria-label={label} className="flex flex-wrap gap-2">
      {chip(null, all)}
      {choices.map((choice) => chip(choice.id, choice.label))}
    </fieldset>
  );
}

function workLabel(work: PortfolioWork) {
  const what = [work.course?.name, work.lesson?.title].filter(Boolean).join(' · ') || p('noLesson');
  const date = formatDate(work.createdAt);
  return work.rating === null
    ? p('work', { what, date })
    : p('workRated', { what, date, rating: work.rating });
}

/** What the viewer says under a work: what and when, its rating, and its evaluation. */
function WorkDetails({ work }: { work: PortfolioWork }) {
  const what = [work.course?.name, work.lesson?.title].filter(Boolean).join(' · ') || p('noLesson');
  return (
    <div className="flex items-end justify-between gap-3" data-testid="viewer-work">
      <p className="min-w-0 text-sm leading-5">
        <span className="block font-semibold">{what}</span>
        <span className="block text-white/80">
          {formatDate(work.createdAt)}
          {work.rating === null ? null : ` · ${work.rating}/10`}
        </span>
      </p>
      <Link
        to={`/posts/${work.postId}`}
        className="inline-flex min-h-11 shrink-0 items-center rounded-xl bg-white px-4 text-sm font-semibold text-stone-900"
      >
        {p('openEvaluation')}
      </Link>
    </div>
  );
}

/** A work's photo: full screen from the grid, or the evaluation it came from. */
function WorkTile({
  work,
  sizes,
  testId = 'portfolio-work',
  feature,
  shareTitle = '',
  shareable = false,
  onOpen,
}: {
  work: PortfolioWork;
  sizes: string;
  testId?: string;
  /** What the phone's share sheet shows above the link. */
  shareTitle?: string;
  /** Offers its share link (the grid's tiles; not the same work again in "Trước / Sau"). */
  shareable?: boolean;
  /** Opens the photo full screen (the grid); without it the tile opens its evaluation. */
  onOpen?: () => void;
  /** Staff, for a student who agreed: the star that features the photo or takes it back. */
  feature?: { busy: boolean; onToggle: (featured: boolean) => void };
}) {
  const { showToast } = useToast();
  const share = async (token: string) => {
    const outcome = await shareLink(shareUrlOf(token), shareTitle);
    if (outcome === 'copied') showToast(t('screens.showcase.copied'), 'success');
    if (outcome === 'failed') {
      showToast(t('sharing.copyFailed', { url: shareUrlOf(token) }), 'error');
    }
  };
  const image = (
    <img
      {...photoSources(work.photo)}
      sizes={sizes}
      alt={workLabel(work)}
      loading="lazy"
      decoding="async"
      className="size-full object-cover"
    />
  );
  const overlayButton =
    'absolute top-0 grid size-11 place-items-center rounded-xl focus-visible:outline-2 focus-visible:outline-accent-600';
  return (
    <div className="relative" data-testid={testId} data-featured={work.featured || undefined}>
      {onOpen ? (
        <button
          type="button"
          onClick={onOpen}
          className="block aspect-square w-full overflow-hidden rounded-xl bg-stone-100 focus-visible:outline-2 focus-visible:outline-accent-600"
        >
          {image}
        </button>
      ) : (
        <Link
          to={`/posts/${work.postId}`}
          className="block aspect-square overflow-hidden rounded-xl bg-stone-100"
        >
          {image}
        </Link>
      )}
      {work.rating === null ? null : (
        <span className="pointer-events-none absolute right-1.5 bottom-1.5">
          <RatingChip rating={work.rating} small />
        </span>
      )}
      {feature ? (
        <button
          type="button"
          aria-pressed={work.featured}
          aria-label={work.featured ? p('unfeature') : p('feature')}
          title={work.featured ? p('unfeature') : p('feature')}
          disabled={feature.busy}
          onClick={() => feature.onToggle(!work.featured)}
          className={`${overlayButton} left-0`}
        >
          <span
            className={`grid size-8 place-items-center rounded-full shadow-sm ${
              work.featured ? 'bg-amber-400 text-white' : 'bg-white/90 text-stone-600'
            }`}
          >
            <Star
              className="size-4"
              fill={work.featured ? 'currentColor' : 'none'}
              aria-hidden="true"
            />
          </span>
        </button>
      ) : work.featured ? (
        <span
          className="pointer-events-none absolute top-1.5 left-1.5 grid size-8 place-items-center rounded-full bg-amber-400 text-white shadow-sm"
          title={p('featured')}
        >
          <Star className="size-4" fill="currentColor" aria-hidden="true" />
          <span className="sr-only">{p('featured')}</span>
        </span>
      ) : null}
      {shareable && work.shareToken ? (
        <button
          type="button"
          aria-label={p('share')}
          title={p('share')}
          onClick={() => void share(work.shareToken!)}
          className={`${overlayButton} right-0`}
        >
          <span className="grid size-8 place-items-center rounded-full bg-white/90 text-stone-700 shadow-sm">
            <Share2 className="size-4" aria-hidden="true" />
          </span>
        </button>
      ) : null}
    </div>
  );
}

/**
 * Her evaluated work in photos: a grid, newest first, filtered by course and lesson, each photo
 * opening its evaluation; the chosen course's ratings over time; and the first and the latest
 * work of one lesson side by side.
 */
export function StudentPortfolio({
  studentId,
  studentName,
  canDownload,
  canFeature,
}: {
  studentId: string;
  studentName: string;
  /** Her own page, or an admin's view: the portfolio can be downloaded as a ZIP. */
  canDownload: boolean;
  /** Staff: photos can be chosen as "Tác phẩm tiêu biểu" once she agreed. */
  canFeature: boolean;
}) {
  const portfolio = useStudentPortfolio(studentId);
  const { showToast } = useToast();
  const featureWork = useFeatureWork(studentId);
  const consent = portfolio.data?.showcaseConsent ?? false;
  const featureOf = (work: PortfolioWork) =>
    canFeature && consent
      ? {
          busy: featureWork.isPending,
          onToggle: (featured: boolean) =>
            write(
              featureWork,
              { postId: work.postId, photoUrl: work.photo.url, featured },
              {
                onSuccess: () =>
                  showToast(p(featured ? 'featuredSaved' : 'unfeaturedSaved'), 'success'),
              },
            ),
        }
      : undefined;
  const [courseId, setCourseId] = useState<string | null>(null);
  const [lessonId, setLessonId] = useState<string | null>(null);
  const works = portfolio.data?.works ?? [];
  const courses = choicesOf(works, (work) =>
    work.course ? { id: work.course.id, label: work.course.name } : null,
  );
  // The chart needs one course: the chosen one, or her only one.
  const chartCourse = courseId ?? (courses.length === 1 ? courses[0]!.id : null);
  const inCourse = chartCourse ? works.filter((work) => work.course?.id === chartCourse) : works;
  const lessons = courseId
    ? choicesOf(inCourse, (work) =>
        work.lesson ? { id: work.lesson.id, label: work.lesson.title } : null,
      )
    : [];
  const shown = works.filter(
    (work) =>
      (courseId === null || work.course?.id === courseId) &&
      (lessonId === null || work.lesson?.id === lessonId),
  );
  const pair = beforeAndAfter(shown, lessonId);
  // The photo open full screen, by its place among the works shown.
  const [viewing, setViewing] = useState<number | null>(null);
  // The chart (and Recharts) comes when its place nears the screen, not while the page opens.
  const chartPlace = useRef<HTMLDivElement>(null);
  const [chartWanted, setChartWanted] = useState(false);
  useEffect(() => {
    const place = chartPlace.current;
    if (!place || chartWanted) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setChartWanted(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(place);
    return () => observer.disconnect();
  });
  const courseName = courses.find((course) => course.id === chartCourse)?.label ?? '';

  return (
    <section aria-labelledby="student-portfolio" className="flex flex-col gap-4 pb-8">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="student-portfolio" className="text-lg font-semibold text-stone-900">
          {p('title')}
          {works.length > 0 ? (
            <span className="ml-2 text-sm font-normal text-stone-500">
              {p('count', { count: works.length })}
            </span>
          ) : null}
        </h2>
        {canDownload && works.length > 0 ? (
          <a
            href={apiAddress('/students/{studentId}/portfolio.zip', 'get', {
              path: { studentId },
            })}
            download
            className="inline-flex min-h-11 items-center gap-2 rounded-xl px-3 text-sm font-medium text-accent-700 hover:bg-accent-50"
          >
            <Download className="size-4" aria-hidden="true" />
            {p('download')}
          </a>
        ) : null}
      </div>
      {portfolio.isPending ? (
        <div className="grid grid-cols-3 gap-1.5 sm:grid-cols-4 lg:grid-cols-6">
          <Placeholder className="aspect-square rounded-xl" count={3} />
        </div>
      ) : works.length === 0 ? (
        <p className="rounded-2xl bg-white p-4 text-stone-500 shadow-[var(--shadow-card)]">
          {p('empty')}
        </p>
      ) : (
        <>
          {canFeature ? (
            <p className="text-sm leading-6 text-stone-600" data-testid="showcase-consent-note">
              {consent ? p('consentOn') : p('noConsent')}
            </p>
          ) : null}
          {courses.length > 1 || lessons.length > 1 ? (
            <fieldset className="flex flex-col gap-2" aria-label={p('filters')}>
              {courses.length > 1 ? (
                <Chips
                  label={p('allCourses')}
                  all={p('allCourses')}
                  choices={courses}
                  chosen={courseId}
                  onChoose={(id) => {
                    setCourseId(id);
                    setLessonId(null);
                  }}
                />
              ) : null}
              {lessons.length > 1 ? (
                <Chips
                  label={p('allLessons')}
                  all={p('allLessons')}
                  choices={lessons}
                  chosen={lessonId}
                  onChoose={setLessonId}
                />
              ) : null}
            </fieldset>
          ) : null}
          {shown.length === 0 ? (
            <p className="text-stone-500">{p('emptyFilter')}</p>
          ) : (
            <ul className="grid grid-cols-3 gap-1.5 sm:grid-cols-4 lg:grid-cols-6">
              {shown.map((work, index) => (
                <li key={`${work.postId}-${work.photo.url}`}>
                  <WorkTile
                    work={work}
                    sizes="(min-width: 64rem) 10rem, (min-width: 40rem) 25vw, 33vw"
                    feature={featureOf(work)}
                    onOpen={() => setViewing(index)}
                    shareable
                    shareTitle={p('shareTitle', {
                      name: splitVietnameseName(studentName).givenName,
                    })}
                  />
                </li>
              ))}
            </ul>
          )}
          {pair ? (
            <figure
              className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-[var(--shadow-card)]"
              data-testid="before-after"
            >
              <figcaption>
                <h3 className="text-base font-semibold text-stone-900">{p('beforeAfter')}</h3>
                <p className="mt-0.5 text-sm text-stone-500">
                  {p('beforeAfterHint', { lesson: pair.after.lesson?.title ?? '' })}
                </p>
              </figcaption>
              <div className="grid grid-cols-2 gap-3 sm:max-w-md">
                {[
                  { work: pair.before, label: p('before') },
                  { work: pair.after, label: p('after') },
                ].map(({ work, label }) => (
                  <div key={label} className="flex flex-col gap-1.5">
                    <WorkTile
                      work={work}
                      sizes="(min-width: 48rem) 20rem, 50vw"
                      testId="before-after-work"
                    />
                    <p className="text-sm text-stone-700">
                      <span className="font-semibold">{label}</span> · {formatDate(work.createdAt)}
                    </p>
                  </div>
                ))}
              </div>
            </figure>
          ) : null}
          {viewing !== null && shown[viewing] ? (
            <StoryViewer
              photos={shown.map((work) => work.photo)}
              startAt={viewing}
              onClose={() => setViewing(null)}
              alt={(index) => workLabel(shown[index]!)}
              details={(index) => <WorkDetails work={shown[index]!} />}
              label={p('title')}
            />
          ) : null}
          {chartCourse ? (
            // Room kept for the chart while its code arrives, so nothing below it moves.
            <div ref={chartPlace} className="min-h-[21rem]" data-testid="portfolio-chart-place">
              {chartWanted ? <PortfolioChart works={inCourse} course={courseName} /> : null}
            </div>
          ) : (
            <p className="text-sm text-stone-500">{p('chooseCourse')}</p>
          )}
        </>
      )}
    </section>
  );
}
