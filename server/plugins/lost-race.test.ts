import { describe, expect, it } from 'vitest';
import { lostRaceToDeletion } from './errors.ts';

describe('a write that lost a race with a deletion', () => {
  it('answers the missing row by the constraint, in any server language', () => {
    const error = (table: string, column: string) => ({
      code: '23503',
      table,
      constraint: `${table}_${column}_fkey`,
      detail: 'Schlüssel (x)=(y) ist nicht in Tabelle »z« vorhanden.',
    });
    expect(lostRaceToDeletion(error('post_likes', 'post_id'))).toBe('post_not_found');
    expect(lostRaceToDeletion(error('comments', 'parent_id'))).toBe('comment_not_found');
    expect(lostRaceToDeletion(error('enrolments', 'course_id'))).toBe('course_not_found');
    expect(lostRaceToDeletion(error('lesson_progress', 'lesson_id'))).toBe('lesson_not_found');
    expect(lostRaceToDeletion(error('mentions', 'person_id'))).toBe('person_not_found');
    expect(lostRaceToDeletion(error('lesson_progress', 'last_updated_by'))).toBe(
      'person_not_found',
    );
  });

  it('falls back to the English detail, and leaves other errors alone', () => {
    expect(
      lostRaceToDeletion({
        code: '23503',
        detail: 'Key (post_id)=(1) is not present in table "posts".',
      }),
    ).toBe('post_not_found');
    expect(lostRaceToDeletion({ code: '23505', table: 'x', constraint: 'x_pkey' })).toBeUndefined();
    expect(lostRaceToDeletion(new Error('boom'))).toBeUndefined();
  });
});
