import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Avatar } from '../../components/ui/avatar.tsx';
import { useMe, useMember, usePublicConfig } from '../../features/accounts/api/me.ts';
import { InstallOffers } from '../../features/install/install-offers.tsx';
import { useLiveEvents } from '../../features/live/live-events.ts';
import { useUnread } from '../../features/notifications/api/notifications.ts';
import { useOutboxSender } from '../../features/posts/index.ts';
import { usePushWhileSignedIn } from '../../features/push/push.ts';
import { TutorialProvider } from '../../features/tutorial/tutorial.tsx';
import { academyMark, useAcademy } from '../../lib/academy.ts';
import { whenIdle } from '../../lib/lazy-module.ts';
import { t } from '../../lib/text.ts';
import { activeNavKey, type NavItem, navItems } from './nav-items.ts';

/** Whether the red dot on Thông báo shows: something newer than my last-read time. */
function useHasUnreadNotifications(): boolean {
  const member = useMember();
  const unread = useUnread(member?.id ?? null);
  return (unread.data?.unread ?? 0) > 0;
}

function ProfileAvatar() {
  const { data: me } = useMe();
  const person = me?.state === 'member' ? me.person : undefined;
  // Decorative here: the link already says "Tôi".
  return <Avatar size={26} url={person?.avatarUrl} />;
}

/** Shown to visitors browsing in guest mode, with the way to sign in. */
function GuestBanner() {
  const { data: me } = useMe();
  if (me?.state !== 'anonymous') return null;
  return (
    <div
      role="status"
      className="flex items-center justify-between gap-3 bg-amber-50 px-4 py-2 text-sm text-amber-900 md:px-8"
    >
      <span>{t('screens.guest.banner')}</span>
      <Link to="/login" className="min-h-11 content-center font-semibold underline">
        {t('screens.guest.signIn')}
      </Link>
    </div>
  );
}

function NavIcon({ item }: { item: NavItem }) {
  if (item.key === 'profile') return <ProfileAvatar />;
  const Icon = item.icon;
  return <Icon className="size-6" aria-hidden="true" strokeWidth={1.9} />;
}

function NavEntry({
  item,
  active,
  unread,
  variant,
}: {
  item: NavItem;
  active: boolean;
  unread: boolean;
  variant: 'sidebar' | 'bottom';
}) {
  const label = t(`nav.${item.key}`);
  const dot = unread ? (
    <span
      data-testid="unread-dot"
      className="absolute top-0 right-0 size-2.5 rounded-full bg-red-600 ring-2 ring-white"
    />
  ) : null;
  if (variant === 'bottom') {
    return (
      <Link
        to={item.to}
        aria-current={active ? 'page' : undefined}
        data-nav={item.key}
        data-tour={`nav-${item.key}`}
        data-active={active}
        className={`flex min-h-14 flex-1 flex-col items-center justify-center gap-0.5 text-[11px] font-medium ${active ? 'text-accent-700' : 'text-stone-500'}`}
      >
        <span className="relative">
          <NavIcon item={item} />
          {dot}
        </span>
        <span>{label}</span>
        {unread ? <span className="sr-only">{t('nav.unread')}</span> : null}
      </Link>
    );
  }
  return (
    <Link
      to={item.to}
      aria-current={active ? 'page' : undefined}
      data-nav={item.key}
      data-tour={`nav-${item.key}`}
      data-active={active}
      title={label}
      className={`flex h-12 items-center gap-3 rounded-xl px-3 text-[15px] font-medium max-xl:justify-center max-xl:px-0 ${active ? 'bg-accent-50 text-accent-700' : 'text-stone-600 hover:bg-stone-100 hover:text-stone-900'}`}
    >
      <span className="relative shrink-0">
        <NavIcon item={item} />
        {dot}
      </span>
      <span className="max-xl:sr-only">{label}</span>
      {unread ? <span className="sr-only">{t('nav.unread')}</span> : null}
    </Link>
  );
}

/**
 * The protected layout: a sidebar from 768px (18rem, collapsed to 5rem below 1280px) and a
 * bottom bar below 768px, with the five destinations of the spec.
 */
/**
 * Asks, once the first screen is up, how the academy names itself now (an admin may have
 * changed it since this device last heard): the answer renames the app (web/lib/academy.ts).
 */
function useAcademyRefresh() {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  usePublicConfig({ enabled: idle });
}

export function AppLayout() {
  const { data: me } = useMe();
  const identity = useAcademy();
  useAcademyRefresh();
  // The guard lets guests in only while guest mode is on and they chose it.
  useLiveEvents(me?.state === 'member' ? me.person.id : me?.state === 'anonymous' ? 'guest' : null);
  usePushWhileSignedIn(me?.state === 'member' ? me.person.id : null);
  useOutboxSender(me?.state === 'member' ? me.person.id : undefined);
  const { pathname } = useLocation();
  const active = activeNavKey(pathname);
  const unread = useHasUnreadNotifications();
  const entries = (variant: 'sidebar' | 'bottom') =>
    navItems.map((item) => (
      <NavEntry
        key={item.key}
        item={item}
        active={active === item.key}
        unread={item.key === 'notifications' && unread}
        variant={variant}
      />
    ));
  const layout = (
    <div className="min-h-dvh md:flex">
      {/* A button, not a link: with hash routing "#main" would be read as a route. */}
      <button
        type="button"
        onClick={() => document.getElementById('main')?.focus()}
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        {t('nav.skipToContent')}
      </button>
      <aside
        data-testid="sidebar"
        className="sticky top-0 hidden h-dvh w-20 shrink-0 flex-col border-r border-stone-200 bg-white px-3 py-5 md:flex xl:w-72 xl:px-4"
      >
        <div className="mb-6 flex items-center gap-3 px-1 max-xl:justify-center">
          <img
            src={academyMark(identity)}
            alt=""
            width={40}
            height={40}
            className="size-10 rounded-xl object-contain"
          />
          <span className="line-clamp-2 text-lg leading-tight font-bold tracking-tight text-stone-900 max-xl:sr-only">
            {identity.name}
          </span>
        </div>
        <nav aria-label={t('nav.label')} className="flex flex-col gap-1">
          {entries('sidebar')}
        </nav>
      </aside>
      {/* Its own block formatting context: a screen's first element's top margin (a loading
          placeholder's) stays inside it instead of collapsing through to <body>, which then moved
          the whole page 24 px down and back as the screen replaced its placeholder. */}
      <main
        id="main"
        tabIndex={-1}
        className="flow-root min-w-0 flex-1 pb-24 outline-none md:pb-10"
      >
        <GuestBanner />
        <InstallOffers signedIn={me?.state === 'member'} />
        <Outlet />
      </main>
      <nav
        aria-label={t('nav.label')}
        data-testid="bottom-bar"
        className="fixed inset-x-0 bottom-0 z-40 flex border-t border-stone-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
      >
        {entries('bottom')}
      </nav>
    </div>
  );
  // Tours are for instructors and admins (spec 1: they teach new instructors).
  const staffId = me?.state === 'member' && me.can.teach ? me.person.id : null;
  return staffId ? (
    <TutorialProvider key={staffId} personId={staffId}>
      {layout}
    </TutorialProvider>
  ) : (
    layout
  );
}
