import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { installLastResort } from './last-resort.ts';

describe('installLastResort', () => {
  it('writes an unhandled failure down, then exits with 1, once', async () => {
    const target = new EventEmitter();
    const recorded: string[] = [];
    const exits: number[] = [];
    installLastResort(target, {
      record: async (error, origin) => {
        recorded.push(`${origin}: ${(error as Error).message}`);
      },
      exit: (code) => exits.push(code),
    });
    target.emit('uncaughtException', new Error('Premature close'));
    target.emit('unhandledRejection', new Error('a second one'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(recorded).toEqual(['uncaughtException: Premature close']);
    expect(exits).toEqual([1]);
  });

  it('exits even when writing the failure down hangs', async () => {
    const target = new EventEmitter();
    const exits: number[] = [];
    installLastResort(target, {
      record: () => new Promise(() => {}),
      exit: (code) => exits.push(code),
      graceMs: 20,
    });
    target.emit('unhandledRejection', 'database gone');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(exits).toEqual([1]);
  });
});
