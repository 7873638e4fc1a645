import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { academyIndexHtml, academyManifest } from '../modules/identity/app-shell.ts';
import { isOwnIdentity, readIdentity } from '../modules/identity/identity.service.ts';

/**
 * Serves the built PWA at `/`, its page and manifest in the academy's own name (app-shell.ts). Hashed files under /assets never change, so browsers keep them
 * for a year; index.html, the service worker and the manifest are revalidated every time so a
 * new version reaches people on their next visit. Files are sent as the build compressed them
 * (.br, .gz beside each; vite.config.ts) when the browser accepts that.
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string): Promise<boolean> {
  // Photos shared to the installed app go to its service worker; a share that reaches the
  // server (no worker installed yet) opens the post form without them rather than failing.
  app.post('/share-target', { schema: { hide: true } }, async (_request, reply) =>
    reply.redirect('/#/activity?compose=1', 303),
  );
  if (!fs.existsSync(path.join(webRoot, 'index.html'))) {
    app.log.warn({ webRoot }, 'the web app is not built; only the API is served');
    return false;
  }
  // The page and the manifest name the academy as it names itself (its own once an admin sets
  // it): written per request from the build's, never cached by a browser or the proxy.
  const builtPage = fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const page = async (_request: FastifyRequest, reply: FastifyReply) => {
    const identity = await readIdentity(app.database);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(isOwnIdentity(identity) ? academyIndexHtml(builtPage, identity) : builtPage);
  };
  app.get('/', { schema: { hide: true } }, page);
  app.get('/index.html', { schema: { hide: true } }, page);
  const manifestFile = path.join(webRoot, 'manifest.webmanifest');
  if (fs.existsSync(manifestFile)) {
    const builtManifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
    app.get('/manifest.webmanifest', { schema: { hide: true } }, async (_request, reply) => {
      const identity = await readIdentity(app.database);
      return reply
        .type('application/manifest+json; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(
          JSON.stringify(
            isOwnIdentity(identity) ? academyManifest(builtManifest, identity) : builtManifest,
          ),
        );
    });
  }
  const earlier = earlierReleasesWebRoots(webRoot);
  if (earlier.length > 0) {
    // A page of the release before (a tab opened before the upgrade, or a page another server
    // of the chain sent during a one-at-a-time upgrade) asks for its own hashed files here.
    // Hashed files never change: where each is found is read once, at start.
    const rootOf = hashedFilesOf([webRoot, ...earlier]);
    app.get('/assets/*', { schema: { hide: true } }, async (request, reply) => {
      const name = (request.params as { '*': string })['*'];
      const root = rootOf.get(name);
      return root ? reply.sendFile(`assets/${name}`, root) : reply.callNotFound();
    });
  }
  await app.register(fastifyStatic, {
    root: webRoot,
    prefix: '/',
    wildcard: true,
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, filePath) {
      const hashed = path.basename(path.dirname(filePath)) === 'assets';
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}

/**
 * Each hashed file under the web roots' /assets, with the first root that has it: this
 * release's own before the others. Only plain names of plain files: nothing to climb out with.
 */
function hashedFilesOf(roots: string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const root of roots) {
    for (const entry of fs.readdirSync(path.join(root, 'assets'), { withFileTypes: true })) {
      if (entry.isFile() && !found.has(entry.name)) found.set(entry.name, root);
    }
  }
  return found;
}
const RELEASE_NAME = /^hoc-vien-.+-linux-x64$/;

/**
 * The web roots of the other releases kept beside this one (`/opt/hoc-vien/releases/…`, where
 * `hoc-vien upgrade` keeps the release before), newest first; none when this web root is not
 * a release's.
 */
export function earlierReleasesWebRoots(webRoot: string): string[] {
  const release = path.resolve(webRoot, '..', '..');
  if (path.relative(release, webRoot) !== path.join('dist', 'web')) return [];
  if (!RELEASE_NAME.test(path.basename(release))) return [];
  const releases = path.dirname(release);
  return fs
    .readdirSync(releases, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && RELEASE_NAME.test(entry.name))
    .map((entry) => path.join(releases, entry.name))
    .filter((other) => other !== release && fs.existsSync(path.join(other, 'dist/web/assets')))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)
    .map((other) => path.join(other, 'dist/web'));
}
