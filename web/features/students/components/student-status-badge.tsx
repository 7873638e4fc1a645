import type { PersonStatus, Role } from '#shared/schemas/people';
import { t } from '../../../lib/text.ts';

const colours: Record<PersonStatus, string> = {
  pending: 'bg-amber-100 text-amber-800',
  active: 'bg-emerald-100 text-emerald-800',
  blocked: 'bg-held-100 text-held-800',
  completed: 'bg-sky-100 text-sky-800',
};

/** A person's status in the spec's words, by role. */
export function statusLabel(status: PersonStatus, role: Role): string {
  return role === 'student' || status === 'completed'
    ? t(`status.student.${status}`)
    : t(`status.instructor.${status}`);
}

/**
 * A status in the spec's words: for students Chờ duyệt, Đang học, Bảo lưu, Đã hoàn thành; for
 * staff Chờ duyệt, Đang hoạt động, Bị chặn.
 */
export function StudentStatusBadge({
  status,
  role = 'student',
}: {
  status: PersonStatus;
  role?: Role;
}) {
  return (
    <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${colours[status]}`}>
      {statusLabel(status, role)}
    </span>
  );
}
