import { AppError } from '@accueil/domain';
import type { FastifyRequest } from 'fastify';
import type { ValidationIssue } from './error-handler';
import type { AppInstance } from './types';

const NUL = '\u0000';
/** Deeper than any payload of the API: the walk stops there (the schemas refuse such bodies anyway). */
const MAX_DEPTH = 64;

/** The dotted path of the first string (value or key) holding NUL in `value`, or null. */
export function findNul(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? path : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes(NUL)) return at;
    const found = findNul(item, at, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * PostgreSQL text cannot hold the NUL character (U+0000): a query with one fails ("invalid
 * byte sequence"), which would answer 500. No text of the product needs it, so every /api
 * request whose params, querystring or JSON body holds one is refused up front with 400
 * `validation-failed` naming the field. Webhook routes are left to their own parsers: they
 * check a signature over the raw parameters first, and a carrier's text must not be lost.
 */
export function installNulTextGuard(app: AppInstance): void {
  app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    const access = request.routeOptions.config.access;
    if (typeof access === 'object' && 'webhook' in access) return done();
    for (const location of ['params', 'querystring', 'body'] as const) {
      const value = location === 'querystring' ? request.query : request[location];
      const path = findNul(value);
      if (path === null) continue;
      const details: ValidationIssue[] = [
        { location, path, message: 'Text cannot contain the NUL character (U+0000)' },
      ];
      done(new AppError('validation-failed', `Invalid ${location}`, details));
      return;
    }
    done();
  });
}
