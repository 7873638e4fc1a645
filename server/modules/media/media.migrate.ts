import { createHash } from 'node:crypto';
import { MEDIA_NAME } from '#shared/schemas/media';
import { readsBack } from './media.storage.ts';
import type { MediaStore } from './media.store.ts';

export interface MediaCopyResult {
  /** Files written to the target and read back equal. */
  copied: number;
  /** Files the target already held, equal to the source's (a run resumed, or a second run). */
  alreadyThere: number;
  /** Files that did not arrive equal, by name (the run can be started again for them). */
  failed: string[];
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Copies every photo file of `from` into `to` (`hoc-vien media migrate`), verifying each by its
 * SHA-256 read back from the target: a photo's own name is the hash of its bytes, so a photo that
 * was damaged on the way, or before, is named as failed instead of copied. Resumable: a file the
 * target already holds with the same bytes is left as it is, so a run stopped halfway (a lost
 * connection, Ctrl-C) is started again and goes on. Files that are not photos are left out.
 */
export async function copyMedia(
  from: MediaStore,
  to: MediaStore,
  onFile: (name: string, outcome: 'copied' | 'alreadyThere' | 'failed') => void = () => {},
): Promise<MediaCopyResult> {
  const result: MediaCopyResult = { copied: 0, alreadyThere: 0, failed: [] };
  for await (const name of from.names()) {
    if (!MEDIA_NAME.test(name)) continue;
    const data = await from.read(name);
    if (!data) continue; // removed since it was listed
    const expected = sha256(data);
    const isPhoto = name.length === 64 + '.webp'.length;
    if (isPhoto && expected !== name.slice(0, 64)) {
      result.failed.push(name);
      onFile(name, 'failed');
      continue;
    }
    const there = await to.read(name);
    if (there && sha256(there) === expected) {
      result.alreadyThere += 1;
      onFile(name, 'alreadyThere');
      continue;
    }
    // A damaged copy in the target is replaced (writes skip a name that is stored).
    if (there) await to.remove(name);
    await to.put(name, data);
    if (await readsBack(to, name, (written) => sha256(written) === expected)) {
      result.copied += 1;
      onFile(name, 'copied');
    } else {
      result.failed.push(name);
      onFile(name, 'failed');
    }
  }
  return result;
}
