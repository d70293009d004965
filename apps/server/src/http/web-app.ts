import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFoundAnswer } from './error-handler';
import type { AppInstance } from './types';

/**
 * Cache policy of the web app's files. Files under `assets/` carry a content hash in their
 * name (the build renames them whenever they change), so a browser may keep them a year
 * without asking again; everything else (`index.html`, which names the current hashes, the
 * favicon) is revalidated on every use so a release is picked up at the next load.
 */
export const HASHED_ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Cache policy of the web app's unhashed files, `index.html` first (see {@link HASHED_ASSET_CACHE_CONTROL}). */
export const PAGE_CACHE_CONTROL = 'no-cache';

/**
 * The web app's service worker (built by Workbox; docs/behaviour/web-app.md, "Updates"). Served
 * `no-cache` like the page, so a release is found at the next update check, and allowed the
 * whole site as its scope.
 */
export const SERVICE_WORKER_FILE = 'service-worker.js';

/** Paths that belong to the server, never to the single-page app. */
function isServerPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/') || path.startsWith('/socket.io');
}

/** Whether `file` (absolute, possibly its `.br`/`.gz` sibling) lies in `dir`'s hashed `assets/` folder. */
function isHashedAsset(dir: string, file: string): boolean {
  return relative(dir, file).startsWith(`assets${sep}`);
}

/**
 * Serves the built web app from `dir` (when it holds an `index.html`) and installs the
 * not-found answer: for a GET of an app path without a file extension, the SPA's
 * `index.html` (client-side routing); otherwise the JSON 404 `not-found`.
 * Files are sent precompressed when the build left a `.br` or `.gz` beside them and the
 * browser accepts it (brotli first; `Vary: Accept-Encoding` always), with the cache policy
 * of {@link HASHED_ASSET_CACHE_CONTROL} / {@link PAGE_CACHE_CONTROL}.
 * @returns true when the web app is served.
 */
export async function serveWebApp(app: AppInstance, dir: string | null | undefined): Promise<boolean> {
  const served = !!dir && existsSync(join(dir, 'index.html'));
  if (served) {
    await app.register(fastifyStatic, {
      root: dir,
      wildcard: true,
      index: ['index.html'],
      preCompressed: true,
      // Our own Cache-Control below instead of the plugin's `public, max-age=0` for every file.
      cacheControl: false,
      setHeaders: (reply, file) => {
        if (relative(dir, file) === SERVICE_WORKER_FILE) reply.header('service-worker-allowed', '/');
        reply.header(
          'cache-control',
          isHashedAsset(dir, file) ? HASHED_ASSET_CACHE_CONTROL : PAGE_CACHE_CONTROL,
        );
      },
    });
  }
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isServerPath(path) &&
      !/\.[a-z0-9]+$/i.test(path);
    if (served && isPage) return reply.header('cache-control', PAGE_CACHE_CONTROL).sendFile('index.html');
    return notFoundAnswer(request, reply);
  });
  return served;
}
