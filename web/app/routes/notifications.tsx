import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { notificationSentence, notificationTarget } from '#shared/notifications';
import type { Notification } from '#shared/schemas/notifications';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/form.tsx';
import { PageBody, PageHeader } from '../../components/ui/page.tsx';
import { Placeholder } from '../../components/ui/placeholder.tsx';
import { RelativeTime } from '../../components/ui/relative-time.tsx';
import { useMember } from '../../features/accounts/api/me.ts';
import { GuestSignInCard } from '../../features/accounts/components/guest-sign-in.tsx';
import {
  markNotificationsRead,
  unreadQueryKey,
  useNotifications,
} from '../../features/notifications/api/notifications.ts';
import { PushOffer } from '../../features/push/push-offer.tsx';
import { formatDayOfWeek, vietnamDayKey } from '../../lib/relative-time.ts';
import { t } from '../../lib/text.ts';

/** Notifications grouped by day (Hôm nay, Hôm qua, then dates); opening the list reads them. */
export default function NotificationsScreen() {
  const member = useMember();
  const queryClient = useQueryClient();
  const notifications = useNotifications(member !== null);
  const loaded = notifications.isSuccess;

  useEffect(() => {
    if (!loaded || !member) return;
    void markNotificationsRead(member.id).then((state) =>
      queryClient.setQueryData([...unreadQueryKey, member.id], state),
    );
  }, [loaded, member, queryClient]);

  const items = notifications.data?.pages.flatMap((page) => page.notifications) ?? [];
  const today = vietnamDayKey(Date.now());
  const yesterday = vietnamDayKey(Date.now() - 86_400_000);
  const groups = new Map<string, Notification[]>();
  for (const item of items) {
    const key = vietnamDayKey(item.createdAt);
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  const dayLabel = (key: string, sample: number) =>
    key === today
      ? t('screens.notifications.today')
      : key === yesterday
        ? t('screens.notifications.yesterday')
        : formatDayOfWeek(sample);

  return (
    <>
      <PageHeader
        width="column"
        title={t('screens.notifications.title')}
        subtitle={t('screens.notifications.subtitle')}
      />
      <PageBody width="column">
        <div className="flex flex-col gap-5 pb-10">
          {member ? <PushOffer personId={member.id} /> : null}
          {!member ? (
            <GuestSignInCard reason="notifications" />
          ) : !notifications.data ? (
            <Placeholder className="h-48 rounded-2xl" />
          ) : items.length === 0 ? (
            <p className="rounded-2xl bg-white p-4 text-stone-500 shadow-[var(--shadow-card)]">
              {t('screens.notifications.empty')}
            </p>
          ) : (
            [...groups].map(([key, group]) => (
              <section key={key} aria-label={dayLabel(key, group[0]!.createdAt)}>
                <h2 className="mb-2 px-1 text-sm font-semibold text-stone-500">
                  {dayLabel(key, group[0]!.createdAt)}
                </h2>
                <ul className="divide-y divide-stone-100 overflow-hidden rounded-2xl bg-white shadow-[var(--shadow-card)]">
                  {group.map((item) => (
                    <li key={item.id} data-testid="notification">
                      <Link
                        to={notificationTarget(item)}
                        className={`flex items-start gap-3 px-4 py-3 hover:bg-stone-50 ${item.read ? '' : 'bg-accent-50/60'}`}
                      >
                        <Avatar url={item.actor?.avatarUrl} size={40} />
                        <span className="min-w-0 flex-1">
                          <span className="block text-[15px] text-stone-800">
                            {notificationSentence(item)}
                          </span>
                          <RelativeTime time={item.createdAt} className="text-sm text-stone-500" />
                        </span>
                        {item.read ? null : (
                          <span className="mt-2 size-2.5 shrink-0 rounded-full bg-red-600">
                            <span className="sr-only">{t('screens.notifications.unread')}</span>
                          </span>
                        )}
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            ))
          )}
          {notifications.hasNextPage ? (
            <Button
              variant="secondary"
              className="self-center"
              busy={notifications.isFetchingNextPage}
              onClick={() => void notifications.fetchNextPage()}
            >
              {t('screens.notifications.more')}
            </Button>
          ) : null}
        </div>
      </PageBody>
    </>
  );
}
