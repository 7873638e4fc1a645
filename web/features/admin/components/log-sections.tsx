import { vi } from '#shared/locales/vi';
import type { ActivityLogEntry, ErrorLogEntry } from '#shared/schemas/admin';
import { fillPlaceholders } from '#shared/text';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { RelativeTime } from '../../../components/ui/relative-time.tsx';
import { messageAt } from '../../../lib/messages.ts';
import { t } from '../../../lib/text.ts';
import { useActivityLog, useErrorLog } from '../api/admin-tools.ts';
import { ListSection } from './admin-section.tsx';

const SHOWN = 8;

const ROLES = new Set(['admin', 'instructor', 'student']);

/**
 * Details in words ("Lý do: Nghỉ ốm", "Bài: Sơn nền", "Từ Giảng viên thành Quản trị viên"). Only
 * what the catalogue can say is shown: ids and keys it does not know stay out of what people read.
 */
export function detailText(details: Record<string, unknown> | null): string {
  if (!details) return '';
  const parts: string[] = [];
  const value = (raw: unknown): string => {
    if (typeof raw === 'boolean') return t(`screens.adminTools.detail.${raw ? 'on' : 'off'}`);
    if (typeof raw === 'number') return raw.toLocaleString('vi');
    if (typeof raw === 'string' && ROLES.has(raw)) return t(`role.${raw as 'admin'}`);
    return String(raw);
  };
  if (typeof details.from === 'string' && typeof details.to === 'string') {
    parts.push(
      t('screens.adminTools.detail.roleChange', {
        from: value(details.from),
        to: value(details.to),
      }),
    );
  }
  for (const [key, raw] of Object.entries(details)) {
    const template = messageAt(vi.screens.adminTools.detail, key);
    if (!template || raw === null || raw === undefined || key === 'on' || key === 'off') continue;
    if (key === 'status' && typeof raw === 'string') {
      // A student's statuses have words of their own ("Bảo lưu"); staff share the instructors'.
      // biome-ignore lint/plugin: the words for a logged status, not what anyone may do
      const words = details.role === 'student' ? vi.status.student : vi.status.instructor;
      const label = messageAt(words, raw) ?? raw;
      parts.push(t('screens.adminTools.detail.status', { value: label }));
      continue;
    }
    if (key === 'roleChange') continue;
    parts.push(fillPlaceholders(template, { value: value(raw) }));
  }
  return parts.join(' · ');
}

function LoggedAt({ time }: { time: number }) {
  return <RelativeTime time={time} className="text-xs text-stone-500" />;
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
