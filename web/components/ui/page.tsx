import type { ReactNode } from 'react';
import { BackLink } from './back-link.tsx';

/**
 * How wide a screen's header and body run, so its title and actions line up with what is
 * under them: `wide` for grids and tables, `column` for one column of cards (the feed, a post,
 * notifications), 42rem of content inside the desktop padding.
 */
export type PageWidth = 'wide' | 'column';
const pageWidth: Record<PageWidth, string> = { wide: 'max-w-5xl', column: 'max-w-[46rem]' };

export function PageHeader({
  title,
  subtitle,
  actions,
  back,
  width = 'wide',
  compactOnPhone = false,
}: {
  title: string;
  subtitle?: string;
  /** A screen whose content should start high on a phone: the subtitle shows from tablets up. */
  compactOnPhone?: boolean;
  actions?: ReactNode;
  /** A screen one level down: where "Quay lại" leads when there is no screen to go back to. */
  back?: string;
  width?: PageWidth;
}) {
  return (
    <header
      className={`mx-auto flex w-full ${pageWidth[width]} items-end justify-between gap-4 px-4 pb-4 md:px-8 ${back ? 'pt-2 md:pt-6' : compactOnPhone ? 'pt-4 max-md:pb-3 md:pt-10' : 'pt-6 md:pt-10'}`}
    >
      <div className="flex min-w-0 flex-col">
        {back ? <BackLink fallback={back} /> : null}
        <h1 className="text-2xl font-bold tracking-tight text-stone-900 md:text-3xl">{title}</h1>
        {subtitle ? (
          <p
            className={`mt-1 text-sm text-stone-500 md:text-base ${compactOnPhone ? 'max-md:hidden' : ''}`}
          >
            {subtitle}
          </p>
        ) : null}
      </div>
      {actions ? <div className="flex shrink-0 gap-2">{actions}</div> : null}
    </header>
  );
}

export function PageBody({ children, width = 'wide' }: { children: ReactNode; width?: PageWidth }) {
  return <div className={`mx-auto w-full ${pageWidth[width]} px-4 md:px-8`}>{children}</div>;
}
