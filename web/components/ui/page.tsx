import type { ReactNode } from 'react';
import { BackLink } from './back-link.tsx';

export function PageHeader({
  title,
  subtitle,
  actions,
  back,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  /** A screen one level down: where "Quay lại" leads when there is no screen to go back to. */
  back?: string;
}) {
  return (
    <header
      className={`mx-auto flex w-full max-w-5xl items-end justify-between gap-4 px-4 pb-4 md:px-8 ${back ? 'pt-2 md:pt-6' : 'pt-6 md:pt-10'}`}
    >
      <div className="flex min-w-0 flex-col">
        {back ? <BackLink fallback={back} /> : null}
        <h1 className="text-2xl font-bold tracking-tight text-stone-900 md:text-3xl">{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-stone-500 md:text-base">{subtitle}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 gap-2">{actions}</div> : null}
    </header>
  );
}

export function PageBody({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-5xl px-4 md:px-8">{children}</div>;
}
