import { expect, it } from 'vitest';
import { pendingWrite } from './pending-write.ts';

it('names the write under way, or none', () => {
  const idle = { isPending: false };
  expect(pendingWrite({ approve: idle, reject: idle })).toBeNull();
  expect(pendingWrite({ approve: idle, reject: { isPending: true } })).toBe('reject');
});
