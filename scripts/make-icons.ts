/**
 * Draws the app's icons (a nail-polish bottle and sparkles on the accent colour) as PNGs into
 * web/public/icons. Run once after changing the drawing: `npx tsx scripts/make-icons.ts`.
 */
import path from 'node:path';
import sharp from 'sharp';
import { ICON_SIZES } from '../shared/app-icons.ts';

const accent = '#C2185B';
const outDir = path.resolve(import.meta.dirname, '../web/public/icons');

/** `safe` shrinks the drawing into the maskable safe zone (the inner 80 %). */
function drawing(size: number, { safe, rounded }: { safe: boolean; rounded: boolean }): string {
  const scale = safe ? 0.72 : 1;
  const offset = (512 * (1 - scale)) / 2;
  const radius = rounded ? 112 : 0;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 512 512">
  <title>Học viện</title>
  <rect width="512" height="512" rx="${radius}" fill="${accent}"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})">
    <rect x="222" y="78" width="68" height="132" rx="14" fill="#fff"/>
    <rect x="236" y="200" width="40" height="30" fill="#F8BBD0"/>
    <rect x="156" y="226" width="200" height="208" rx="44" fill="#fff"/>
    <rect x="182" y="276" width="148" height="126" rx="28" fill="#F8BBD0"/>
    <path d="M372 96 L382 126 L412 136 L382 146 L372 176 L362 146 L332 136 L362 126 Z" fill="#fff"/>
    <path d="M132 300 L138 318 L156 324 L138 330 L132 348 L126 330 L108 324 L126 318 Z" fill="#fff" opacity="0.85"/>
  </g>
</svg>`;
}

const outputs: Array<[string, number, { safe: boolean; rounded: boolean }]> = [
  ...ICON_SIZES.map((size): [string, number, { safe: boolean; rounded: boolean }] => [
    `icon-${size}.png`,
    size,
    { safe: false, rounded: true },
  ]),
  ['maskable-192.png', 192, { safe: true, rounded: false }],
  ['maskable-512.png', 512, { safe: true, rounded: false }],
  ['apple-touch-icon.png', 180, { safe: false, rounded: false }],
  ['favicon-32.png', 32, { safe: false, rounded: true }],
];

for (const [name, size, options] of outputs) {
  await sharp(Buffer.from(drawing(size, options)))
    .png({ compressionLevel: 9 })
    .toFile(path.join(outDir, name));
}
await import('node:fs').then((fs) =>
  fs.writeFileSync(path.join(outDir, 'icon.svg'), drawing(512, { safe: false, rounded: true })),
);
console.log(`icons written to ${outDir}`);
