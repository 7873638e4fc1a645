import { describe, expect, it } from 'vitest';
import { DISK_FULL_BYTES, DISK_LOW_BYTES, StorageWatch } from './storage-watch.ts';

/** A watch whose disk has `free` bytes, as the test sets them. */
function watchWith(free: { bytes: number }) {
  const watch = new StorageWatch('/nowhere');
  watch.freeBytes = () => free.bytes;
  return watch;
}

describe('what the server knows of its disk', () => {
  it('is full for a while after a write failed for want of space', () => {
    const free = { bytes: 2 * DISK_LOW_BYTES };
    const watch = watchWith(free);
    watch.noteFull(1_000);
    expect(watch.state(1_000 + 30_000).state).toBe('full');
    expect(watch.state(1_000 + 61_000).state).toBe('ok');
  });

  it('takes writes again as soon as space is freed after the failure', () => {
    const free = { bytes: 2 * 1024 ** 2 };
    const watch = watchWith(free);
    watch.noteFull(1_000);
    expect(watch.state(2_000).state).toBe('full');
    free.bytes += DISK_FULL_BYTES + 2 * DISK_LOW_BYTES;
    expect(watch.state(3_000).state).toBe('ok');
  });
});
