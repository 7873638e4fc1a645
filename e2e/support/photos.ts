import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

/**
 * A phone-like photo of noise as a JPEG file: by default 1600×1200, about 1.5 MB, so uploading
 * takes a while; a camera's size (3000×2250) is stored at 2048 px with smaller variants.
 */
export async function photoFile({ width = 1600, height = 1200 } = {}): Promise<string> {
  const file = path.join(
    os.tmpdir(),
    `hv-photo-${Date.now()}-${Math.random().toString(36).slice(2)}.jpg`,
  );
  await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#c2185b',
      noise: { type: 'gaussian', mean: 120, sigma: 60 },
    },
  })
    .jpeg({ quality: 95 })
    .toFile(file);
  return file;
}
