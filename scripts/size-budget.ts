/**
 * Front-end size, from the build's manifest (dist/web/.vite/manifest.json): the gzip size of the
 * JavaScript and CSS a browser loads to show /login and /activity — the entry with its static
 * imports, plus the screen's chunks with theirs. Deterministic, so `npm test` runs it after the
 * build. Each screen has the budget of issue #11 and a ceiling: today's size with a little room.
 * Going over the ceiling fails (the app grew: find why, or raise it knowingly in this file);
 * being over budget only warns until the screens are cut down to it (bench/README.md says how
 * far each is). When a screen comes under its budget, lower its ceiling to the budget.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

const dist = path.resolve('dist/web');
const manifest = JSON.parse(
  fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'),
) as Record<string, ManifestChunk>;

/**
 * The signed-in shell under every signed-in screen (the query cache and the layout), with the
 * screen's own route. The build puts the shell in the start screen's chunk (vite.config.ts,
 * startScreenModules), where its modules have no entry of their own in the manifest.
 */
const startChunk = Object.entries(manifest).find(([, chunk]) => chunk.name === 'start')?.[0];
if (!startChunk) throw new Error('no start screen chunk in the build manifest');
const signedIn = (route: string) => [startChunk, `app/routes/${route}.tsx`];

/**
 * KB of gzip JavaScript each screen loads before it can show (issues #11 and #51). A screen over
 * its budget fails; when it comes well under, lower the budget to it. `maxFiles` caps how many
 * script files it takes: on a phone with a slow round trip a screen waits on the number of
 * requests as much as on their bytes (vite.config.ts, SHARED_CHUNKS; bench/README.md).
 */
const screens = [
  {
    route: '/login',
    chunks: ['app/routes/login.tsx'],
    budgetKb: 120,
    // The academy's own name, mark and colour (web/lib/academy.ts, its messages): raised for #66.
    ceilingKb: 122,
    maxFiles: 16,
  },
  { route: '/activity', chunks: signedIn('activity'), budgetKb: 180, ceilingKb: 180, maxFiles: 18 },
  { route: '/courses', chunks: signedIn('courses'), budgetKb: 175, ceilingKb: 175, maxFiles: 22 },
  { route: '/students', chunks: signedIn('students'), budgetKb: 175, ceilingKb: 175, maxFiles: 23 },
  {
    route: '/courses/:id',
    chunks: signedIn('course-detail'),
    budgetKb: 185,
    ceilingKb: 185,
    maxFiles: 27,
  },
  {
    route: '/students/:id',
    chunks: signedIn('student-detail'),
    budgetKb: 185,
    ceilingKb: 185,
    maxFiles: 28,
  },
  { route: '/posts/:id', chunks: signedIn('post'), budgetKb: 190, ceilingKb: 190, maxFiles: 25 },
  {
    route: '/notifications',
    chunks: signedIn('notifications'),
    budgetKb: 175,
    ceilingKb: 175,
    maxFiles: 22,
  },
];

/**
 * Libraries no screen evaluates while it opens, by a text only their built code carries: each
 * cost a slow phone 40-70 ms of main thread at a screen's start (bench/README.md, "Long tasks"),
 * and loads with the form, menu or dialog that needs it.
 */
const notOnAScreen = [
  { library: 'zod', marker: '"invalid_type"' },
  { library: 'React Aria Components', marker: '"data-rac"' },
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

const loadedByScreen: string[] = [];
const rows = screens.map(({ route, chunks, budgetKb, ceilingKb, maxFiles }) => {
  const keys = new Set([...closure(entry), ...chunks.flatMap((chunk) => [...closure(chunk)])]);
  const files = [...keys].map((key) => manifest[key]!);
  for (const { library, marker } of notOnAScreen) {
    const carrying = files.filter((file) =>
      fs.readFileSync(path.join(dist, file.file), 'utf8').includes(marker),
    );
    if (carrying.length > 0) {
      loadedByScreen.push(`${route} loads ${library} (${carrying.map((file) => file.file)})`);
    }
  }
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
    'ceiling KB (JS)': ceilingKb,
    files: files.length,
    'max files': maxFiles,
    overBudget: js > budgetKb,
    overCeiling: js > ceilingKb,
  };
});

// Developer-only code of a library in the build means its development build was bundled
// (React Router's package exports point there; vite.config.ts names its production build).
const builtScripts = Object.values(manifest)
  .map((chunk) => chunk.file)
  .filter((file) => file.endsWith('.js'))
  .map((file) => ({ file, text: fs.readFileSync(path.join(dist, file), 'utf8') }));
const developerText = builtScripts
  .filter(({ text }) => text.includes('Hey developer'))
  .map(({ file }) => file);
if (developerText.length > 0) {
  console.error(`a development build is bundled in ${developerText.join(', ')}`);
  process.exitCode = 1;
}

// Vite's module preloading appends a <link rel=modulepreload> per dependency of each lazy
// chunk from JavaScript, and on a slowed phone those appends are among the longest work of
// opening a screen (bench/README.md); vite.config.ts turns it off. The table of what each lazy
// import loads first must name style sheets only, never scripts.
const preloading = builtScripts
  .filter(({ text }) => /__vite__mapDeps=\([^;]*\.js"/.test(text))
  .map(({ file }) => file);
if (preloading.length > 0) {
  console.error(`module preloading is built into ${preloading.join(', ')}`);
  process.exitCode = 1;
}

console.table(rows);
fs.mkdirSync('.test-artifacts', { recursive: true });
fs.writeFileSync('.test-artifacts/size-budget.json', `${JSON.stringify(rows, null, 2)}\n`);
for (const row of rows.filter((candidate) => candidate.overBudget && !candidate.overCeiling)) {
  console.warn(
    `${row.route}: ${row['JS gzip KB']} KB of JavaScript, over its ${row['budget KB (JS)']} KB budget (not yet met; see bench/README.md)`,
  );
}
const overCeiling = rows.filter((row) => row.overCeiling);
for (const row of overCeiling) {
  console.error(
    `${row.route}: ${row['JS gzip KB']} KB of JavaScript, over its ${row['ceiling KB (JS)']} KB ceiling: the screen grew`,
  );
}
if (overCeiling.length > 0) process.exitCode = 1;
const tooManyFiles = rows.filter((row) => row.files > row['max files']);
for (const row of tooManyFiles) {
  console.error(
    `${row.route}: ${row.files} script files, over its ${row['max files']}: the screen was cut into more requests`,
  );
}
if (tooManyFiles.length > 0) process.exitCode = 1;
for (const line of loadedByScreen) console.error(line);
if (loadedByScreen.length > 0) process.exitCode = 1;
