import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppInstance } from './types';

/** How long a browser keeps to https once it has seen HSTS (180 days), sent only when `PUBLIC_URL` is https. */
export const HSTS_MAX_AGE_S = 180 * 24 * 60 * 60;

/** Answers under `/api/` that carry no one's data and may be cached: the public configuration and the API description. */
const CACHEABLE_API_PREFIXES = ['/api/config', '/api/docs'];

/** Headers of Socket.IO's long-polling answers (texts and events): never framed, sniffed, cached or sent as a referrer. */
const REALTIME_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

/** A Host header we may echo in the policy (name or address, optional port): anything else is left out. */
const SAFE_HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/**
 * The Socket.IO connection to this server itself: `'self'` covers ws(s) to the same host in
 * CSP Level 3 browsers; older ones need the origin spelled out, taken from the request's Host.
 */
function realtimeOrigin(https: boolean) {
  return (req: IncomingMessage): string => {
    const host = req.headers.host ?? '';
    return SAFE_HOST.test(host) ? `${https ? 'wss' : 'ws'}://${host}` : "'self'";
  };
}

/**
 * The Content-Security-Policy of the app: scripts, fonts, images and connections only from
 * this server (no inline script, no eval); styles may be inline because Mantine injects its
 * CSS variables in a `<style>` element; no page may frame it (`frame-ancestors 'none'`, today
 * a click-jacking risk on `/login`); plain-http links are upgraded when the site is https.
 */
function contentSecurityPolicy(https: boolean) {
  return {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'", realtimeOrigin(https)],
      'media-src': ["'self'", 'blob:'],
      'worker-src': ["'self'", 'blob:'],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
      ...(https ? { 'upgrade-insecure-requests': [] } : {}),
    },
  };
}

/**
 * The policy of the API description's page (`/api/docs`, Swagger UI): its own scripts only, its
 * inline styles and data: images; it may not be framed either.
 */
export const API_DOCS_CSP =
  "default-src 'self'; script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/**
 * Security headers on every answer of the app (`helmet`): the Content-Security-Policy
 * above, `X-Frame-Options: DENY`, `X-Content-Type-Options: nosniff`, `Referrer-Policy:
 * no-referrer` (a conversation's URL never leaves in a Referer), HSTS only when `publicUrl` is
 * https (on plain http it would lock a development host out), and `Cache-Control: no-store` on
 * `/api/` answers, which carry patients' data, except the public configuration and API
 * description. Static files keep the cache headers their own plugin sets.
 * Register before any route.
 */
export function installSecurityHeaders(app: AppInstance, publicUrl: string | undefined): void {
  const https = publicUrl?.startsWith('https:') ?? false;
  // Helmet's middleware is built once, here: @fastify/helmet built it again for every request
  // (the policy's directives parsed and checked each time: about 23 KB of garbage per request,
  // docs/benchmarks.md, attachments). The policy's per-request part (the realtime origin from
  // the Host header) is a directive function, which helmet calls for each answer.
  const setHeaders = helmet({
    contentSecurityPolicy: contentSecurityPolicy(https),
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Only this host: sub-domains of a clinic's domain may be other sites that still serve http.
    strictTransportSecurity: https ? { maxAge: HSTS_MAX_AGE_S, includeSubDomains: false } : false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  // Socket.IO answers its long-polling requests on the HTTP server itself, before Fastify: they
  // get the headers that matter for a data answer. Prepended once listening, after Socket.IO
  // has taken over the server's request listeners.
  app.addHook('onListen', (done) => {
    app.server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
      if (!req.url?.startsWith('/socket.io/')) return;
      for (const [name, value] of Object.entries(REALTIME_HEADERS)) res.setHeader(name, value);
    });
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const path = request.url.split('?')[0] ?? '';
    if (
      path.startsWith('/api/') &&
      !CACHEABLE_API_PREFIXES.some((p) => path.startsWith(p)) &&
      !reply.hasHeader('cache-control')
    ) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
