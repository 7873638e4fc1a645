import type { MediaStoreConfig } from '../../config.ts';
import { LocalMediaStore, type MediaStore } from './media.store.ts';
import { loadS3MediaStore } from './s3-media.store.ts';

/**
 * The photo store the configuration names (MEDIA_STORE). The AWS SDK is loaded only for a
 * bucket: it would add a tenth of a second to every start of a server that keeps photos on disk.
 */
export async function createMediaStore(config: MediaStoreConfig): Promise<MediaStore> {
  if (config.kind === 'local') return new LocalMediaStore(config.dir);
  return loadS3MediaStore(config);
}
