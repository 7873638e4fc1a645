/**
 * Front-end size budgets, from the build's manifest (dist/web/.vite/manifest.json): the gzip size
 * of the JavaScript and CSS a browser loads to show /login and /activity — the entry with its
 * static imports, plus the screen's chunks with theirs. Deterministic; exits non-zero when a
 * screen is over its budget. Run after `vite build` (`npm run bench` runs it; it joins
 * `npm test` once both screens are within budget — bench/README.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

const dist = path.resolve('dist/web');
const manifest = JSON.parse(
  fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'),
) as Record<string, ManifestChunk>;

/** Budgets of issue #11, in KB of gzip JavaScript; a signed-in screen also needs the layout. */
const screens = [
  { route: '/login', chunks: ['app/routes/login.tsx'], budgetKb: 120 },
  {
    route: '/activity',
    chunks: ['app/layout/app-layout.tsx', 'app/routes/activity.tsx'],
    budgetKb: 200,
  },
];

/** The chunk and everything it imports statically (what loads before it can run). */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) closure(imported, seen);
  return seen;
}

const gzipKb = (file: string) =>
  gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;

const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
if (!entry) throw new Error('no entry in the build manifest');

const rows = screens.map(({ route, chunks, budgetKb }) => {
  const keys = new Set([...closure(entry), ...chunks.flatMap((chunk) => [...closure(chunk)])]);
  const files = [...keys].map((key) => manifest[key]!);
  const js = files.reduce((sum, file) => sum + gzipKb(file.file), 0);
  const css = [...new Set(files.flatMap((file) => file.css ?? []))].reduce(
    (sum, file) => sum + gzipKb(file),
    0,
  );
  return {
    route,
    'JS gzip KB': Math.round(js * 10) / 10,
    'CSS gzip KB': Math.round(css * 10) / 10,
    'budget KB (JS)': budgetKb,
    files: files.length,
    over: js > budgetKb,
  };
});

console.table(rows);
fs.mkdirSync('.test-artifacts', { recursive: true });
fs.writeFileSync('.test-artifacts/size-budget.json', `${JSON.stringify(rows, null, 2)}\n`);
const over = rows.filter((row) => row.over);
for (const row of over) {
  console.error(
    `${row.route}: ${row['JS gzip KB']} KB of JavaScript, over its ${row['budget KB (JS)']} KB budget`,
  );
}
process.exitCode = over.length > 0 ? 1 : 0;
