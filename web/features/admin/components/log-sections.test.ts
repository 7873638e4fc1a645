import { describe, expect, it } from 'vitest';
import { detailText } from './log-sections.tsx';

describe('the activity log’s details', () => {
  it('says what happened in words, with no ids or raw keys', () => {
    expect(
      detailText({ lessonId: 'a9a1c0de-0000-4000-8000-000000000001', lesson: 'Sơn nền' }),
    ).toBe('Bài: Sơn nền');
    expect(detailText({ reason: 'Nghỉ ốm' })).toBe('Lý do: Nghỉ ốm');
    expect(detailText({ from: 'instructor', to: 'admin' })).toBe(
      'Từ Giảng viên thành Quản trị viên',
    );
    expect(detailText({ role: 'student', status: 'pending' })).toBe(
      'Vai trò: Học viên · Trạng thái: Chờ duyệt',
    );
    expect(detailText({ studentAccessEnabled: true, guestModeEnabled: false })).toBe(
      'Quyền truy cập của học viên: bật · Chế độ khách: tắt',
    );
    expect(detailText({ courses: 3, instructors: 2, students: 1200 })).toBe(
      '3 khóa học · 2 giảng viên · 1.200 học viên',
    );
    expect(
      detailText({ proposedBy: 'c0047941-1111-4000-8000-000000000000', method: 'session' }),
    ).toBe('');
    expect(detailText({ lessonId: 'x' })).not.toContain('lessonId');
  });
});
