import { describe, expect, it } from 'vitest';
import { activeNavKey, navItems } from './nav-items.ts';

describe('navigation highlighting', () => {
  it('has the five destinations of the spec in order', () => {
    expect(navItems.map((item) => item.to)).toEqual([
      '/activity',
      '/courses',
      '/students',
      '/notifications',
      '/profile',
    ]);
  });

  it.each([
    ['/activity', 'activity'],
    ['/posts/abc', 'activity'],
    ['/courses', 'courses'],
    ['/courses/c1', 'courses'],
    ['/students/s1', 'students'],
    ['/notifications', 'notifications'],
    ['/profile', 'profile'],
    ['/user-management', 'profile'],
    ['/admin-tools', 'profile'],
    ['/instructors', 'profile'],
    ['/instructors/i1', 'profile'],
    ['/dashboard', 'profile'],
  ])('%s highlights %s', (path, key) => {
    expect(activeNavKey(path)).toBe(key);
  });

  it('highlights nothing for pages outside the five', () => {
    expect(activeNavKey('/privacy')).toBeNull();
    expect(activeNavKey('/nowhere')).toBeNull();
    expect(activeNavKey('/coursesX')).toBeNull();
  });
});
