import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

/** A phone-like photo: 1600×1200 of noise, about 1.5 MB as JPEG, so uploading takes a while. */
export async function photoFile(): Promise<string> {
  const file = path.join(
    os.tmpdir(),
    `hv-photo-${Date.now()}-${Math.random().toString(36).slice(2)}.jpg`,
  );
  await sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: '#c2185b',
      noise: { type: 'gaussian', mean: 120, sigma: 60 },
    },
  })
    .jpeg({ quality: 95 })
    .toFile(file);
  return file;
}
