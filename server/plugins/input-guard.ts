import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { isApiRequest } from '../lib/request-path.ts';

/** True when the value is, or holds at any depth, a string with a NUL character. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000') || holdsNul(inner, depth + 1)) return true;
  }
  return false;
}

/**
 * Refuses API input holding a NUL character, in the body, the query or the path, before any
 * route sees it: PostgreSQL cannot store one in text (SQLite can, so the engines would differ)
 * and no person types one.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (!isApiRequest(request)) return;
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) {
      throw new AppError('nul_character', 400);
    }
  });
}
