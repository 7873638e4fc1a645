import { describe, expect, it } from 'vitest';
import { limits } from '#shared/limits';
import { boundedName } from './auth.ts';

describe('boundedName', () => {
  it('holds a name from outside to the app’s limit, never cutting a character in two', () => {
    const long = `${'Nguyễn '.repeat(30)}💅`;
    expect(Array.from(boundedName(long)).length).toBe(limits.personNameMax);
    const emoji = boundedName('💅'.repeat(150));
    expect(emoji).toBe('💅'.repeat(limits.personNameMax));
    expect(boundedName('  Chu Thị Lan 💅  ')).toBe('Chu Thị Lan 💅');
  });
});
