import { beforeEach, describe, expect, it, vi } from 'vitest';

let livePosition: typeof import('./live-position.ts').livePosition;

beforeEach(async () => {
  vi.resetModules();
  ({ livePosition } = await import('./live-position.ts'));
});

describe('livePosition', () => {
  it('has no point before any answer carried one', () => {
    livePosition.note(null);
    expect(livePosition.since()).toBeUndefined();
  });

  it('keeps the earliest point of one process, whatever order answers come in', () => {
    livePosition.note('abcdEF_-.12');
    livePosition.note('abcdEF_-.9');
    livePosition.note('abcdEF_-.40');
    expect(livePosition.since()).toBe('abcdEF_-.9');
  });

  it('gives none once answers came from two processes, since their points do not compare', () => {
    livePosition.note('abcdEF_-.3');
    livePosition.note('zzzzzzzz.1');
    livePosition.note('abcdEF_-.1');
    expect(livePosition.since()).toBeUndefined();
  });

  it('ignores a header that is not a point', () => {
    for (const bad of ['', 'abc.1', 'abcdEF_-.', 'abcdEF_-.1\r\nx', '../../etc.1']) {
      livePosition.note(bad);
    }
    expect(livePosition.since()).toBeUndefined();
  });
});
