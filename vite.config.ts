import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { ICON_SIZES } from './shared/app-icons.ts';
import { ACADEMY_KEY, ACCENT_VARIABLE, logoPath } from './shared/identity.ts';
import { vi } from './shared/locales/vi.ts';
import { MEMBER_HINT_KEY, SIGN_OUT_PENDING_KEY } from './shared/storage-keys.ts';

const themeColor = '#C2185B';

/**
 * A .br and a .gz beside each built text file, compressed at the highest levels once, for the
 * server to send as they are (server/plugins/web.ts): a phone downloads less than with the
 * server compressing each request at a quick level, and the server does no work for it.
 */
function precompressed(): Plugin {
  return {
    name: 'hoc-vien:precompressed',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json|webmanifest)$/.test(file)) continue;
        const full = path.join(options.dir!, file);
        const content = fs.readFileSync(full);
        if (content.length < 1024) continue;
        const brotli = {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        };
        fs.writeFileSync(`${full}.br`, brotliCompressSync(content, { params: brotli }));
        fs.writeFileSync(`${full}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * What a first visit to the start screen runs, by source file: its routes (web/app/router.tsx).
 * The guided tour that opens on it is not asked for here: it opens after the first screen is
 * complete (web/features/tutorial/tutorial.tsx), and its files would share the connection with
 * the feed's and its first photo's.
 */
const START_ROUTE = 'web/app/routes/activity.tsx';
const START_SCREEN = [
  'web/app/layout/with-queries.tsx',
  'web/app/layout/signed-in-app.tsx',
  START_ROUTE,
];

/** The routes that open without the signed-in shell (web/app/router.tsx), and the entry. */
const WITHOUT_SHELL = [
  'web/main.tsx',
  'web/app/routes/login.tsx',
  'web/app/routes/guest.tsx',
  'web/app/routes/onboarding.tsx',
  'web/app/routes/finish-login.tsx',
];

type ChunkingContext = { getModuleInfo(id: string): { importedIds: string[] } | null };

const reachedWithoutShell = new WeakMap<ChunkingContext, Set<string>>();

/**
 * Every module the entry or a screen outside the signed-in shell could load, following each
 * static import (a package's index counts as all it re-exports: more than is used, which only
 * keeps more modules out of the groups below).
 */
function withoutShell(context: ChunkingContext): Set<string> {
  const known = reachedWithoutShell.get(context);
  if (known) return known;
  const root = fileURLToPath(new URL('./', import.meta.url));
  const seen = new Set<string>();
  const pending = WITHOUT_SHELL.map((source) => path.join(root, source));
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...(context.getModuleInfo(id)?.importedIds ?? []));
  }
  reachedWithoutShell.set(context, seen);
  return seen;
}

type BuiltChunk = Pick<Rolldown.OutputChunk, 'fileName' | 'imports' | 'moduleIds'>;

/** A built chunk's file and every file it imports statically: what loads before it can run. */
function chunkClosure(chunks: BuiltChunk[], file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const imported of chunks.find((chunk) => chunk.fileName === file)?.imports ?? []) {
    chunkClosure(chunks, imported, seen);
  }
  return seen;
}

/** The file of the built chunk that holds a source file of the app (by its path from here). */
function chunkHolding(chunks: BuiltChunk[], source: string): string {
  const id = fileURLToPath(new URL(source, import.meta.url));
  const chunk = chunks.find((candidate) => candidate.moduleIds.includes(id));
  if (!chunk) throw new Error(`no built chunk holds ${source}`);
  return chunk.fileName;
}

/**
 * Set by the build for its own planning pass (startScreenModules): the chunks as the bundler
 * cuts them by itself, nothing written.
 */
const PLANNING = process.env.HV_CHUNK_PLAN === '1';

/**
 * The modules a first visit to the start screen loads past the entry, as the bundler would cut
 * them into chunks by itself (its chunks hold only what tree-shaking kept, where a module's
 * imports would bring in every module a package's or a feature's index re-exports). A planning
 * build (nothing written) finds them: the chunks the start screen's routes import statically,
 * less the entry's, less any a screen outside the signed-in shell loads (those would carry the
 * start screen's code to /login), less the start route's own chunk, which stays the screen's own
 * as every screen's does.
 */
async function startScreenModules(): Promise<Set<string>> {
  process.env.HV_CHUNK_PLAN = '1';
  let output: Rolldown.RolldownOutput;
  try {
    const result = await build({
      configFile: fileURLToPath(import.meta.url),
      logLevel: 'silent',
    });
    if (!('output' in result)) throw new Error('chunk plan: no build output');
    output = result;
  } finally {
    delete process.env.HV_CHUNK_PLAN;
  }
  const chunks = output.output.filter((file) => file.type === 'chunk');
  const elsewhere = new Set<string>();
  for (const source of WITHOUT_SHELL) chunkClosure(chunks, chunkHolding(chunks, source), elsewhere);
  const start = new Set<string>();
  for (const source of START_SCREEN) chunkClosure(chunks, chunkHolding(chunks, source), start);
  start.delete(chunkHolding(chunks, START_ROUTE));
  return new Set(
    chunks
      .filter((chunk) => start.has(chunk.fileName) && !elsewhere.has(chunk.fileName))
      .flatMap((chunk) => chunk.moduleIds),
  );
}

/**
 * Two chunks for what every signed-in screen shares, instead of one per set of screens that
 * share a module: left to itself the bundler cut a first visit to the feed into about fifty
 * chunks, which a phone on weak Wi-Fi fetches six at a time over HTTP/1.1 (and each with its
 * request's overhead over HTTP/2), so the screen waited on round trips more than on bytes.
 * - the signed-in app's data layer (the features' queries and writes, web/lib, web/hooks) that
 *   nothing outside the shell loads: small modules every screen reads through, and the loading
 *   placeholder every screen shows (a chunk of its own would be one more request per screen);
 * - TanStack Query, which only the signed-in app uses.
 * Other components stay where the bundler puts them (the start screen's go in its own chunk,
 * below): a shared chunk of them would carry every screen's dialogs and React Aria onto each
 * screen. Each group holds only the modules it names
 * (`includeDependenciesRecursively: false`), so React and the entry's modules stay in the entry
 * and /login loads neither group (scripts/size-budget.ts).
 */
const SHARED_CHUNKS = [
  {
    name: (id: string, context: ChunkingContext) =>
      (/[\\/]web[\\/](features[\\/][^\\/]+[\\/]api|lib|hooks)[\\/]/.test(id) ||
        /[\\/]web[\\/]components[\\/]ui[\\/]placeholder\.tsx$/.test(id)) &&
      !withoutShell(context).has(id)
        ? 'signed-in-data'
        : null,
    includeDependenciesRecursively: false,
  },
  {
    name: 'query',
    test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/,
    includeDependenciesRecursively: false,
  },
];

/**
 * The page starts the start screen's work itself, before any of the app's JavaScript has run:
 * - a small inline script, on a first visit to a signed-in route, asks at once for the first
 *   reads (who is signed in, the feed's first page: a few kilobytes), which the API client takes
 *   instead of asking again (web/lib/early-reads.ts) and from which the entry asks for the
 *   feed's first photo (web/lib/first-photo.ts); and for the start screen's chunks as soon as the
 *   splash has painted (asked earlier, they would share the connection with the styles the first
 *   paint waits for). It asks nothing while a sign-out is owed (web/lib/device-session.ts), so no
 *   answer of the last person arrives first.
 * - the same script draws the academy's typeface when the service worker holds it (styles.css),
 *   and asks for its files at once.
 * The server allows exactly this inline script by its hash (server/plugins/security.ts).
 */
function earlyStart(): Plugin {
  return {
    name: 'hoc-vien:early-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!entry) throw new Error('early start: no entry chunk');
        const entryFiles = chunkClosure(chunks, entry.fileName);
        const startFiles = new Set<string>();
        // The shell's modules are in the start screen's chunk (startScreenModules).
        for (const source of START_SCREEN) {
          chunkClosure(chunks, chunkHolding(chunks, source), startFiles);
        }
        for (const file of entryFiles) startFiles.delete(file);
        // A returning member's phone has the app's files in its service worker and her last
        // answers kept (web/lib/query-persister.ts): the app starts those itself, sooner than
        // anything asked for here. The chunks are asked for at low priority, after the entry and
        // the styles the first paint waits for.
        const files = JSON.stringify([...startFiles].map((file) => `/${file}`));
        // The academy's typeface, when the service worker holds it: asked for as the page is
        // read, so its files are in before the first layout. Found only by that layout, they
        // arrived after it and every line of the screen was laid out again for them.
        const fonts = JSON.stringify(
          Object.values(bundle)
            .filter((file) => file.type === 'asset' && file.fileName.endsWith('.woff2'))
            .map((file) => `/${file.fileName}`),
        );
        const member = JSON.stringify(MEMBER_HINT_KEY);
        const pending = JSON.stringify(SIGN_OUT_PENDING_KEY);
        // The academy as this device last heard it (web/lib/academy.ts keeps it): its name, its
        // colour and its mark on the splash from the first paint, when the page is the service
        // worker's copy of the build's rather than the server's.
        const [logoHead, logoTail] = logoPath('@', 'icon-192').split('@');
        const academy = `try{var a=JSON.parse(localStorage.getItem(${JSON.stringify(ACADEMY_KEY)})||"null"),r=document.documentElement;if(a&&typeof a.name=="string"){document.title=a.name;if(/^#[0-9a-f]{6}$/.test(a.themeColor)){r.style.setProperty(${JSON.stringify(ACCENT_VARIABLE)},a.themeColor);r.setAttribute("data-academy-accent","")}if(/^[0-9a-f]{16}$/.test(a.logoVersion)){var i=document.querySelector("#root img");if(i)i.src=${JSON.stringify(logoHead)}+a.logoVersion+${JSON.stringify(logoTail)}}}}catch(x){}`;
        const script = `(function(){${academy}try{var n=navigator.serviceWorker;if(n&&n.controller){document.documentElement.classList.add("academy-font");for(var j=0,t=${fonts};j<t.length;j++){var k=document.createElement("link");k.rel="preload";k.as="font";k.type="font/woff2";k.crossOrigin="";k.href=t[j];document.head.appendChild(k)}}}catch(x){}try{var s=localStorage,m=s.getItem(${member}),h=location.hash.replace(/^#/,"")||"/activity";if(/^\\/(login|guest|onboarding|finishLogin)/.test(h)||s.getItem(${pending})||(m&&m!=="0"&&m!=="1"))return;var e=window.__hvEarlyReads={},g=function(p){e[p]=fetch("/api"+p,{credentials:"same-origin"})};g("/me");if(h==="/activity")g("/posts");requestAnimationFrame(function(){setTimeout(function(){var d=document,f=${files};for(var i=0;i<f.length;i++){var l=d.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.fetchPriority="low";l.href=f[i];d.head.appendChild(l)}})})}catch(x){}})()`;
        return html.replace('</head>', `<script>${script}</script></head>`);
      },
    },
  };
}

export default defineConfig(async ({ command }) => {
  const start = command === 'build' && !PLANNING ? await startScreenModules() : new Set<string>();
  return {
    root: 'web',
    publicDir: 'public',
    build: {
      outDir: '../dist/web',
      emptyOutDir: !PLANNING,
      write: !PLANNING,
      target: 'es2022',
      sourcemap: false,
      // No <link rel=modulepreload> appended from JavaScript for each dependency of a lazy chunk:
      // on a slowed phone those appends cost more main-thread time than the waterfall they save,
      // and a returning phone has every chunk in the service worker's cache
      // (scripts/size-budget.ts fails a build that has them again).
      modulePreload: false,
      // dist/web/.vite/manifest.json: which files each screen needs (scripts/size-budget.ts).
      manifest: !PLANNING,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              ...SHARED_CHUNKS,
              // One chunk for what the start screen loads past the entry and its own route's
              // chunk, taken from the shared groups too (the higher priority): a first visit
              // fetches a handful of files rather than forty, and every other signed-in screen
              // loads the same shell with it.
              {
                name: (id: string) => (start.has(id) ? 'start' : null),
                priority: 1,
                includeDependenciesRecursively: false,
              },
            ],
          },
        },
        treeshake: {
          // A feature's modules do nothing when imported but define things, so a feature's
          // index.ts (decision 0011) brings into a chunk only what that chunk uses of it.
          moduleSideEffects: [{ test: /\/web\/features\/.+\.tsx?$/, sideEffects: false }],
        },
      },
    },
    resolve: {
      alias: [
        // HV_REACT_PROFILING=1: React's profiling build, whose scheduler marks each render, commit
        // and effects pass in a trace by lane (bench/long-tasks.ts prints them). Never shipped.
        ...(process.env.HV_REACT_PROFILING
          ? [{ find: /^react-dom\/client$/, replacement: 'react-dom/profiling' }]
          : []),
        {
          // React Router 7's package exports name only its development build (with its developer
          // warnings on) for every condition (remix-run/react-router#14102); the production build
          // beside it differs only in turning them off, which lets the minifier drop them.
          find: /^react-router$/,
          replacement: fileURLToPath(
            new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
          ),
        },
      ],
    },
    server: {
      proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' },
    },
    plugins: PLANNING
      ? [react(), tailwindcss()]
      : [
          react(),
          tailwindcss(),
          earlyStart(),
          precompressed(),
          VitePWA({
            strategies: 'injectManifest',
            srcDir: '.',
            filename: 'sw.ts',
            injectRegister: false,
            registerType: 'prompt',
            injectManifest: {
              globPatterns: ['**/*.{js,css,html,woff2,png,svg,webmanifest}'],
              // The install dialog's pictures are fetched by the browser when it offers installing.
              globIgnores: ['screenshots/**'],
            },
            manifest: {
              id: '/',
              name: vi.app.fullName,
              short_name: vi.app.name,
              description: vi.app.tagline,
              lang: 'vi',
              dir: 'ltr',
              start_url: '/#/activity',
              scope: '/',
              display: 'standalone',
              orientation: 'portrait',
              theme_color: themeColor,
              background_color: '#FAFAF9',
              categories: ['education'],
              // Photos shared from the gallery or the camera open the post form with them (web/sw.ts).
              share_target: {
                action: '/share-target',
                method: 'POST',
                enctype: 'multipart/form-data',
                params: { files: [{ name: 'photos', accept: ['image/*'] }] },
              },
              // Long-press on the installed icon: write a post, or open the students.
              shortcuts: [
                {
                  name: vi.screens.activity.create,
                  url: '/#/activity?compose=1',
                  icons: [{ src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
                },
                {
                  name: vi.nav.students,
                  url: '/#/students',
                  icons: [{ src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
                },
              ],
              // The richer install dialog (scripts/make-store-screenshots.ts draws them).
              screenshots: [
                {
                  src: 'screenshots/feed-narrow.webp',
                  sizes: '390x844',
                  type: 'image/webp',
                  form_factor: 'narrow',
                  label: vi.app.screenshotFeed,
                },
                {
                  src: 'screenshots/feed-wide.webp',
                  sizes: '1440x900',
                  type: 'image/webp',
                  form_factor: 'wide',
                  label: vi.app.screenshotFeed,
                },
              ],
              icons: [
                ...ICON_SIZES.map((size) => ({
                  src: `icons/icon-${size}.png`,
                  sizes: `${size}x${size}`,
                  type: 'image/png',
                  purpose: 'any',
                })),
                {
                  src: 'icons/maskable-192.png',
                  sizes: '192x192',
                  type: 'image/png',
                  purpose: 'maskable',
                },
                {
                  src: 'icons/maskable-512.png',
                  sizes: '512x512',
                  type: 'image/png',
                  purpose: 'maskable',
                },
              ],
            },
          }),
        ],
  };
});
