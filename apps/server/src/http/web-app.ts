import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFoundAnswer } from './error-handler';
import type { AppInstance } from './types';

/** Paths that belong to the server, never to the single-page app. */
function isServerPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/') || path.startsWith('/socket.io');
}

/**
 * Serves the built web app from `dir` (when it holds an `index.html`) and installs the
 * not-found answer: for a GET of an app path without a file extension, the SPA's
 * `index.html` (client-side routing); otherwise the JSON 404 `not-found`.
 * @returns true when the web app is served.
 */
export async function serveWebApp(app: AppInstance, dir: string | null | undefined): Promise<boolean> {
  const served = !!dir && existsSync(join(dir, 'index.html'));
  if (served) await app.register(fastifyStatic, { root: dir, wildcard: true, index: ['index.html'] });
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isServerPath(path) && !/\.[a-z0-9]+$/i.test(path);
    if (served && isPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return notFoundAnswer(request, reply);
  });
  return served;
}
