import { LogIn } from 'lucide-react';
import { Link } from 'react-router';
import { t } from '../../../lib/text.ts';

/**
 * For a guest on a screen that is about a person's own things (notifications, Tôi): what signing
 * in would give them and the way to do it, instead of a screen that waits forever or is empty.
 */
export function GuestSignInCard({ reason }: { reason: 'notifications' | 'profile' }) {
  return (
    <section
      data-testid="guest-sign-in"
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-[var(--shadow-card)]"
    >
      <h2 className="text-base font-semibold text-stone-900">{t('guestHint.title')}</h2>
      <p className="text-[15px] leading-6 text-stone-600">{t(`guestHint.${reason}`)}</p>
      <Link
        to="/login"
        className="inline-flex h-12 items-center justify-center gap-2 self-start rounded-xl bg-accent-600 px-5 font-semibold text-white hover:bg-accent-700"
      >
        <LogIn className="size-5" aria-hidden="true" />
        {t('guestHint.signIn')}
      </Link>
    </section>
  );
}
