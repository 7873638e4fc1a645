import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { AppError } from '../lib/app-error.ts';
import { isApiRequest } from '../lib/request-path.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing API requests that a browser sent from another site: by
 * Sec-Fetch-Site when the browser sends it, else by Origin. Requests with neither (scripts,
 * curl) carry no cookies of a victim's browser and pass. better-auth's routes too: its own
 * origin check let a forged sign-out through (server/web-security.routes.test.ts), and Google's
 * sign-in comes back by a GET redirect, which this guard never refuses.
 */
export function registerCrossSiteGuard(app: FastifyInstance, config: Config): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!isApiRequest(request)) return;
    const site = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const ownOrigin = config.publicUrl ?? `${request.protocol}://${request.host}`;
    const crossSite =
      (typeof site === 'string' && site !== 'same-origin' && site !== 'none') ||
      (typeof origin === 'string' && origin !== ownOrigin);
    if (crossSite) throw new AppError('cross_site_request', 403);
  });
}
