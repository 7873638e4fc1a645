import { ChevronLeft } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { t } from '../../lib/text.ts';

/**
 * "Quay lại" at the top of a screen one level down. An installed app on an iPhone has no browser
 * back button, so the screen offers its own: back to where the person came from in the app, or,
 * when the screen was opened first (from a notification or a shared link), to `fallback`.
 */
export function BackLink({ fallback }: { fallback: string }) {
  const navigate = useNavigate();
  const goBack = (event: MouseEvent) => {
    // The router numbers this tab's entries from 0: above it there is a screen of the app behind.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) {
      event.preventDefault();
      navigate(-1);
    }
  };
  return (
    <Link
      to={fallback}
      onClick={goBack}
      className="-ml-2 inline-flex min-h-11 items-center gap-0.5 self-start rounded-lg px-2 text-[15px] font-medium text-accent-700 hover:text-accent-800"
    >
      <ChevronLeft className="size-5" aria-hidden="true" />
      {t('nav.back')}
    </Link>
  );
}
