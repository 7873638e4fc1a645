import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { TestApp } from '../build-test-app.ts';

/**
 * A real photo of one colour in the app's photo store, recorded as `ownerId`'s upload, as an upload
 * would leave it (what is made from it, a preview or a certificate, reads the stored bytes).
 * Returns its address for a post's photos.
 */
export async function storeTestPhoto(
  t: TestApp,
  ownerId: string,
  colour: string,
  { width = 1600, height = 1200 } = {},
): Promise<string> {
  const webp = await sharp({ create: { width, height, channels: 3, background: colour } })
    .webp()
    .toBuffer();
  const id = createHash('sha256').update(webp).digest('hex');
  await t.app.mediaStore.put(`${id}.webp`, webp);
  await t.database.db
    .insertInto('media')
    .values({
      id,
      owner_id: ownerId,
      use: 'post',
      content_type: 'image/webp',
      width,
      height,
      bytes: webp.length,
      created_at: Date.now(),
    })
    .execute();
  return `/media/${id}.webp`;
}
