import { Share2 } from 'lucide-react';
import { Link } from 'react-router';
import type { ShowcaseWork } from '#shared/schemas/showcase';
import { useToast } from '../../components/overlays/toast.tsx';
import { useShowcase } from '../../features/showcase/index.ts';
import { academyMark, useAcademy } from '../../lib/academy.ts';
import { ApiError } from '../../lib/api-client.ts';
import { photoSources } from '../../lib/photo-sources.ts';
import { shareLink, shareUrlOf } from '../../lib/share-link.ts';
import { t } from '../../lib/text.ts';

function workTitle(work: ShowcaseWork) {
  return work.course
    ? t('screens.showcase.workCourse', { name: work.givenName, course: work.course })
    : t('screens.showcase.work', { name: work.givenName });
}

function WorkCard({ work }: { work: ShowcaseWork }) {
  const { showToast } = useToast();
  const share = async () => {
    const url = shareUrlOf(work.token);
    const outcome = await shareLink(url, workTitle(work));
    if (outcome === 'copied') showToast(t('screens.showcase.copied'), 'success');
    if (outcome === 'failed') showToast(t('sharing.copyFailed', { url }), 'error');
  };
  return (
    <figure
      className="overflow-hidden rounded-2xl bg-white shadow-[var(--shadow-card)]"
      data-testid="showcase-work"
    >
      <a href={`/s/${work.token}`} className="block aspect-square bg-stone-100">
        <img
          {...photoSources(work.photo)}
          sizes="(min-width: 64rem) 20rem, (min-width: 40rem) 33vw, 50vw"
          alt={workTitle(work)}
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
        />
      </a>
      <figcaption className="flex items-center gap-1 py-1 pr-1 pl-3">
        <span className="min-w-0 flex-1 text-sm leading-5">
          <span className="block truncate font-semibold text-stone-900">{work.givenName}</span>
          {work.course ? (
            <span className="line-clamp-2 block text-stone-500">{work.course}</span>
          ) : null}
        </span>
        <button
          type="button"
          onClick={() => void share()}
          aria-label={`${t('screens.showcase.share')}: ${workTitle(work)}`}
          className="grid size-11 shrink-0 place-items-center rounded-xl text-stone-600 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-accent-600"
        >
          <Share2 className="size-5" aria-hidden="true" />
        </button>
      </figcaption>
    </figure>
  );
}

/**
 * The academy's public showcase (`/#/showcase`): students' featured work, with their consent,
 * each with a share link for Zalo or Facebook. Open to anyone while an admin has it on.
 */
export default function ShowcaseScreen() {
  const showcase = useShowcase();
  const closed = showcase.error instanceof ApiError && showcase.error.status === 404;
  const works = showcase.data?.works ?? [];
  const identity = useAcademy();
  return (
    <main className="min-h-dvh bg-stone-50">
      <header className="bg-gradient-to-b from-accent-50 to-stone-50 px-4 pt-6 pb-4">
        <div className="mx-auto flex max-w-5xl items-center gap-3">
          <img
            src={academyMark(identity)}
            alt=""
            width={48}
            height={48}
            className="size-12 rounded-2xl shadow-md"
          />
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight text-stone-900">
              {t('screens.showcase.title')}
            </h1>
            <p className="text-sm leading-5 text-stone-600">
              {t('screens.showcase.subtitle', { academy: identity.name })}
            </p>
          </div>
        </div>
      </header>
      <div className="mx-auto max-w-5xl px-4 pb-10">
        {showcase.isPending ? (
          <ul aria-hidden="true" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {[0, 1, 2, 3].map((index) => (
              <li key={index} className="aspect-[4/5] animate-pulse rounded-2xl bg-stone-200/70" />
            ))}
          </ul>
        ) : closed ? (
          <p
            role="status"
            className="rounded-2xl bg-white p-4 text-stone-600 shadow-[var(--shadow-card)]"
          >
            {t('screens.showcase.off')}
          </p>
        ) : showcase.isError ? (
          <p
            role="alert"
            className="rounded-2xl bg-white p-4 text-stone-600 shadow-[var(--shadow-card)]"
          >
            {showcase.error instanceof ApiError ? showcase.error.message : t('errors.network')}
          </p>
        ) : works.length === 0 ? (
          <p className="rounded-2xl bg-white p-4 text-stone-600 shadow-[var(--shadow-card)]">
            {t('screens.showcase.empty')}
          </p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {works.map((work) => (
              <li key={work.token}>
                <WorkCard work={work} />
              </li>
            ))}
          </ul>
        )}
        <p className="mt-6 text-center">
          <Link
            to="/login"
            className="inline-flex min-h-11 items-center rounded-xl px-4 text-sm font-medium text-accent-700 hover:bg-accent-50"
          >
            {t('screens.showcase.signIn', { academy: identity.name })}
          </Link>
        </p>
      </div>
    </main>
  );
}
