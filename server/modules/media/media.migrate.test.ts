import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { copyMedia } from './media.migrate.ts';
import type { MediaStore } from './media.store.ts';

/** A store in memory whose reads of a name just written come back cut short `staleReads` times. */
function memoryStore(staleReads = 0): MediaStore & { files: Map<string, Buffer> } {
  const files = new Map<string, Buffer>();
  const stale = new Map<string, number>();
  return {
    kind: 's3',
    files,
    async put(name, data) {
      files.set(name, data);
      stale.set(name, staleReads);
    },
    async read(name) {
      const data = files.get(name);
      const left = stale.get(name) ?? 0;
      if (data && left > 0) {
        stale.set(name, left - 1);
        return data.subarray(0, data.length - 1);
      }
      return data;
    },
    async open() {
      return undefined;
    },
    async size(name) {
      return files.get(name)?.length;
    },
    async remove(name) {
      files.delete(name);
    },
    async *names() {
      yield* files.keys();
    },
    describe: () => 'memory',
  };
}

const photo = Buffer.from('the bytes of a photo');
const photoName = `${createHash('sha256').update(photo).digest('hex')}.webp`;

describe('copying photos between stores', () => {
  it('counts a copy that reads back whole after a moment as copied', async () => {
    const from = memoryStore();
    await from.put(photoName, photo);
    const to = memoryStore(2);
    expect(await copyMedia(from, to)).toEqual({ copied: 1, alreadyThere: 0, failed: [] });
  });

  it('names a copy that never reads back whole as failed', async () => {
    const from = memoryStore();
    await from.put(photoName, photo);
    const to = memoryStore(10);
    expect(await copyMedia(from, to)).toEqual({ copied: 0, alreadyThere: 0, failed: [photoName] });
  });
});
