import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.ts';

/**
 * The hashes of the inline scripts of the built page (vite.config.ts, earlyStart), as CSP sources:
 * the policy allows exactly the scripts the build wrote, read from the page that is served.
 */
export function inlineScriptHashes(webRoot: string | undefined): string[] {
  if (!webRoot) return [];
  let html: string;
  try {
    html = fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  } catch {
    return [];
  }
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`,
  );
}

/**
 * Security headers for every answer. The Content-Security-Policy allows no inline script but the
 * page's own start (its hash): the built app loads only its own files, and images may come from
 * Cloudinary when an admin chooses it as the upload service.
 *
 * Helmet itself, built once: its Fastify plugin builds Helmet afresh for every request, a
 * measurable share of a feed request.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: Config,
  webRoot?: string,
): Promise<void> {
  const https = config.publicUrl?.startsWith('https://') ?? false;
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(webRoot)],
        // One inline style is allowed, by its hash: React Aria's modal scroll lock on touch
        // screens injects `@layer { * { overscroll-behavior: contain; } }` (usePreventScroll).
        // A library upgrade that changes its text shows up as a CSP violation in the journeys.
        styleSrc: ["'self'", "'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o='"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://res.cloudinary.com'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", 'https://api.cloudinary.com'],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:', 'https://res.cloudinary.com'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  // The OpenAPI page's own CSP, set by its plugin on the reply, replaces this one.
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
}
