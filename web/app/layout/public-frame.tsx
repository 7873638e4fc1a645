import type { ReactNode } from 'react';
import { academyMark, useAcademy } from '../../lib/academy.ts';

/** The frame of the screens before sign-in: the academy's mark and one card. */
export function PublicFrame({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  const identity = useAcademy();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-gradient-to-b from-accent-50 to-stone-50 px-4 py-6 sm:py-10">
      <div className="mb-5 flex flex-col items-center gap-2 text-center sm:mb-8 sm:gap-3">
        <img
          src={academyMark(identity)}
          alt=""
          width={64}
          height={64}
          className="size-12 rounded-2xl object-contain shadow-md sm:size-16"
        />
        <p className="text-lg font-bold tracking-tight text-stone-900">{identity.name}</p>
      </div>
      <section className="w-full max-w-sm rounded-3xl bg-white p-6 shadow-[var(--shadow-card)]">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">{title}</h1>
        {subtitle ? <p className="mt-1 mb-5 text-sm text-stone-500">{subtitle}</p> : null}
        {children}
      </section>
    </main>
  );
}
