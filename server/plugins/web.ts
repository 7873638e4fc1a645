import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built PWA at `/`. Hashed files under /assets never change, so browsers keep them
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
  await app.register(fastifyStatic, {
    root: webRoot,
    prefix: '/',
    wildcard: true,
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, filePath) {
      const relative = path.relative(webRoot, filePath).split(path.sep).join('/');
      res.header(
        'cache-control',
        relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  return true;
}
