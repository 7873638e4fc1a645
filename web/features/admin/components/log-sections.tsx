import { vi } from '#shared/locales/vi';
import type { ActivityLogEntry, ErrorLogEntry } from '#shared/schemas/admin';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { RelativeTime } from '../../../components/ui/relative-time.tsx';
import { messageAt } from '../../../lib/messages.ts';
import { t } from '../../../lib/text.ts';
import { useActivityLog, useErrorLog } from '../api/admin-tools.ts';
import { ListSection } from './admin-section.tsx';

const SHOWN = 8;

/** Details as short "key: value" pairs; objects are shown as JSON. */
function detailText(details: Record<string, unknown> | null): string {
  if (!details) return '';
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' · ');
}

function LoggedAt({ time }: { time: number }) {
  return <RelativeTime time={time} className="text-xs text-stone-400" />;
}

function ActivityRow({ entry }: { entry: ActivityLogEntry }) {
  // An action named by a newer server than this app's catalogue shows as its own name.
  const action = messageAt(vi.screens.adminTools.actions, entry.action) ?? entry.action;
  const details = detailText(entry.details);
  return (
    <li className="flex gap-3 px-4 py-3">
      <Avatar
        name={entry.actor?.name ?? t('screens.adminTools.someone')}
        url={entry.actor?.avatarUrl}
        size={36}
      />
      <div className="min-w-0 flex-1 text-[15px] leading-6">
        <p className="text-stone-800">
          <span className="font-semibold">
            {entry.actor?.name ?? t('screens.adminTools.someone')}
          </span>{' '}
          {action}
          {entry.targetName ? <span className="font-medium"> {entry.targetName}</span> : null}
        </p>
        {details ? <p className="truncate text-sm text-stone-500">{details}</p> : null}
        <LoggedAt time={entry.createdAt} />
      </div>
    </li>
  );
}

/** The latest 100 staff actions, live (logs.updated refreshes them). */
export function ActivityLogSection() {
  const log = useActivityLog();
  return (
    <ListSection
      title={t('screens.adminTools.activityLog')}
      hint={t('screens.adminTools.latest')}
      items={log.data?.entries}
      limit={SHOWN}
      empty={t('screens.adminTools.activityEmpty')}
      render={(entry) => <ActivityRow key={entry.id} entry={entry} />}
    />
  );
}

function ErrorRow({ entry }: { entry: ErrorLogEntry }) {
  const extra = detailText(entry.extra);
  return (
    <li className="px-4 py-3 text-[15px] leading-6">
      <p className="font-mono text-xs text-stone-500">{entry.context}</p>
      <p className="break-words text-stone-800">{entry.message}</p>
      {entry.userName ? (
        <p className="text-sm text-stone-500">
          {t('screens.adminTools.errorUser', { name: entry.userName })}
        </p>
      ) : null}
      {extra ? <p className="truncate text-sm text-stone-500">{extra}</p> : null}
      <LoggedAt time={entry.createdAt} />
    </li>
  );
}

/** The latest 100 failures, live. */
export function ErrorLogSection() {
  const log = useErrorLog();
  return (
    <ListSection
      title={t('screens.adminTools.errorLog')}
      hint={t('screens.adminTools.latest')}
      items={log.data?.entries}
      limit={SHOWN}
      empty={t('screens.adminTools.errorEmpty')}
      render={(entry) => <ErrorRow key={entry.id} entry={entry} />}
    />
  );
}
