import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { type ProcessedImage, processImage } from '../media/image-processing.ts';

/*
 * The demo academy's photos: a hand's five nails, painted in one of a few styles, drawn here
 * rather than downloaded (no licences, no network). They are drawn at a phone camera's
 * proportions with a grain, so their files weigh what a real photo's do, and then go through the
 * same processing as an upload (variants included): screens and benchmarks see what an academy
 * sees.
 */

const WIDTH = 2048;
const HEIGHT = 1536;

const BACKDROPS = [
  ['#f4e1d2', '#d9b8a3'],
  ['#e8e4f0', '#b9b0cf'],
  ['#f6efe6', '#cdbba7'],
  ['#e3eee9', '#a9c4b8'],
];
const SKIN = ['#f1c7a8', '#e5b08c', '#f6d2b8', '#d89d78'];
const POLISH = [
  ['#c2185b', '#f06292'],
  ['#ad1457', '#f8bbd0'],
  ['#6a1b9a', '#ce93d8'],
  ['#bf360c', '#ffab91'],
  ['#00838f', '#80deea'],
  ['#f9a825', '#fff59d'],
];
const STYLES = ['glossy', 'french', 'ombre', 'dots', 'flower', 'glitter'] as const;

/** A nail's decoration inside its outline (the clip path `clip`), centred on x, y. */
function decoration(style: (typeof STYLES)[number], x: number, y: number, clip: string) {
  switch (style) {
    case 'french':
      return `<rect x="${x - 90}" y="${y - 150}" width="180" height="70" fill="#ffffff" clip-path="url(#${clip})"/>`;
    case 'dots':
      return [-40, 0, 40]
        .flatMap((dx) =>
          [-60, 0, 60].map(
            (dy) =>
              `<circle cx="${x + dx + (dy === 0 ? 20 : 0)}" cy="${y + dy}" r="11" fill="#ffffff" opacity="0.9"/>`,
          ),
        )
        .join('');
    case 'flower':
      return `${[0, 72, 144, 216, 288]
        .map(
          (angle) =>
            `<ellipse cx="${x}" cy="${y - 26}" rx="14" ry="26" fill="#fffde7" transform="rotate(${angle} ${x} ${y})"/>`,
        )
        .join('')}<circle cx="${x}" cy="${y}" r="12" fill="#ffca28"/>`;
    case 'glitter':
      return Array.from({ length: 24 }, (_, index) => {
        const dx = ((index * 37) % 120) - 60;
        const dy = ((index * 53) % 220) - 110;
        return `<circle cx="${x + dx}" cy="${y + dy}" r="${3 + (index % 4)}" fill="#fff8e1" opacity="0.85"/>`;
      }).join('');
    default:
      return '';
  }
}

function handSvg(index: number): string {
  const [backLight, backDark] = BACKDROPS[index % BACKDROPS.length]!;
  const skin = SKIN[index % SKIN.length]!;
  const [polishDark, polishLight] = POLISH[index % POLISH.length]!;
  const style = STYLES[index % STYLES.length]!;
  const tilt = (index % 5) * 4 - 8;
  const fingers = [0, 1, 2, 3, 4].map((finger) => {
    const x = 540 + finger * 240;
    const top = 420 + Math.abs(finger - 2.2) * 110 + (finger === 0 ? 260 : 0);
    const nailY = top + 190;
    const clip = `nail-${finger}`;
    return `
      <clipPath id="${clip}"><rect x="${x - 88}" y="${top + 40}" width="176" height="300" rx="88"/></clipPath>
      <rect x="${x - 120}" y="${top}" width="240" height="${HEIGHT}" rx="120" fill="${skin}"/>
      <rect x="${x - 88}" y="${top + 40}" width="176" height="300" rx="88"
        fill="url(#${style === 'ombre' ? 'ombre' : 'polish'})"/>
      ${decoration(style, x, nailY, clip)}
      <ellipse cx="${x - 40}" cy="${top + 130}" rx="18" ry="70" fill="#ffffff" opacity="0.45"/>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <defs>
      <radialGradient id="back" cx="0.3" cy="0.2" r="1.1">
        <stop offset="0" stop-color="${backLight}"/><stop offset="1" stop-color="${backDark}"/>
      </radialGradient>
      <linearGradient id="polish" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="${polishLight}"/><stop offset="1" stop-color="${polishDark}"/>
      </linearGradient>
      <linearGradient id="ombre" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="${polishDark}"/><stop offset="1" stop-color="#fce4ec"/>
      </linearGradient>
    </defs>
    <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#back)"/>
    <g transform="rotate(${tilt} ${WIDTH / 2} ${HEIGHT / 2})">${fingers.join('')}</g>
  </svg>`;
}

/**
 * The camera's grain, drawn at half size and enlarged (a soft grain, as a phone's sensor gives):
 * made once per process, as drawing noise is the slowest part of a photo.
 */
let grain: Promise<Buffer> | undefined;
function cameraGrain(): Promise<Buffer> {
  grain ??= sharp({
    create: {
      width: WIDTH / 2,
      height: HEIGHT / 2,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 24 },
    },
  })
    .greyscale()
    .resize(WIDTH, HEIGHT)
    .toColourspace('srgb')
    .png({ compressionLevel: 0 })
    .toBuffer();
  return grain;
}

async function drawPhoto(index: number): Promise<ProcessedImage> {
  const camera = await sharp(Buffer.from(handSvg(index)))
    .composite([{ input: await cameraGrain(), blend: 'overlay' }])
    .jpeg({ quality: 88 })
    .toBuffer();
  const file = path.join(os.tmpdir(), `hv-demo-photo-${randomUUID()}.jpg`);
  await fs.writeFile(file, camera);
  try {
    return await processImage(file);
  } finally {
    await fs.rm(file, { force: true });
  }
}

/** How many different photos the demo academy has. */
export const DEMO_PHOTO_COUNT = 6;

const drawn = new Map<number, Promise<ProcessedImage>>();

/**
 * Demo photo number `index` (0 to DEMO_PHOTO_COUNT - 1), processed as an upload is. Drawn once
 * per process: generating the academy again (after a wipe, in tests) reuses the drawings.
 */
export function demoPhoto(index: number): Promise<ProcessedImage> {
  let photo = drawn.get(index);
  if (!photo) {
    photo = drawPhoto(index);
    photo.catch(() => drawn.delete(index));
    drawn.set(index, photo);
  }
  return photo;
}
