import { describe, expect, it, vi } from 'vitest';
import { write } from './write.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a write', () => {
  it('tells the screen its answer, then that it is over', async () => {
    const told: string[] = [];
    write({ mutateAsync: async (n: number) => n * 2 }, 21, {
      onSuccess: (answer) => told.push(`answer ${answer}`),
      onError: () => told.push('failed'),
      onSettled: () => told.push('over'),
    });
    await settle();
    expect(told).toEqual(['answer 42', 'over']);
  });

  it('tells the screen its failure, then that it is over, and leaves nothing unhandled', async () => {
    const told: unknown[] = [];
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const refused = new Error('refused');
      write(
        {
          mutateAsync: async () => {
            throw refused;
          },
        },
        undefined,
        { onError: (failure) => told.push(failure), onSettled: () => told.push('over') },
      );
      // With no effects at all, a failure is the hook's to tell (meta.errorToast).
      write({ mutateAsync: () => Promise.reject(refused) }, undefined);
      await settle();
      await settle();
      expect(told).toEqual([refused, 'over']);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
