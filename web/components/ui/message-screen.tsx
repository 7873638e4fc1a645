import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';

/** A whole-screen message with one way on: not found, not allowed. */
export function MessageScreen({
  icon: Icon,
  title,
  body,
  action,
  testId,
  tone = 'accent',
}: {
  icon: LucideIcon;
  title: string;
  body: string;
  action: { to: string; label: string };
  testId: string;
  tone?: 'accent' | 'neutral';
}) {
  return (
    <div
      data-testid={testId}
      className="flex min-h-[70dvh] flex-col items-center justify-center px-6 text-center"
    >
      <div
        className={`mb-5 grid size-16 place-items-center rounded-full ${tone === 'accent' ? 'bg-accent-50 text-accent-600' : 'bg-stone-200 text-stone-600'}`}
      >
        <Icon className="size-8" aria-hidden="true" />
      </div>
      <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
      <p className="mt-2 max-w-sm text-stone-600">{body}</p>
      <Link
        to={action.to}
        className="mt-6 inline-flex h-12 items-center rounded-xl bg-accent-600 px-5 font-semibold text-white hover:bg-accent-700"
      >
        {action.label}
      </Link>
    </div>
  );
}
