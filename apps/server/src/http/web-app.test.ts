import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInstance } from './types';
import { HASHED_ASSET_CACHE_CONTROL, PAGE_CACHE_CONTROL, serveWebApp } from './web-app';

const INDEX =
  '<!doctype html><title>Accueil</title><script type="module" src="/assets/index-AbC123.js"></script>';
const SCRIPT = `export const greeting = ${JSON.stringify('bonjour '.repeat(200))};`;

let dir: string;
let app: AppInstance;

/** A built web app as Vite and the compression step leave it: each file with its .br and .gz. */
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'accueil-web-app-'));
  await mkdir(join(dir, 'assets'));
  const files: [string, string][] = [
    ['index.html', INDEX],
    ['assets/index-AbC123.js', SCRIPT],
  ];
  for (const [name, text] of files) {
    await writeFile(join(dir, name), text);
    await writeFile(join(dir, `${name}.br`), brotliCompressSync(text));
    await writeFile(join(dir, `${name}.gz`), gzipSync(text));
  }
  await writeFile(join(dir, 'service-worker.js'), 'self.addEventListener("fetch", () => {});');
  await writeFile(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = Fastify().withTypeProvider<ZodTypeProvider>();
  expect(await serveWebApp(app, dir)).toBe(true);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('web app delivery: the service worker', () => {
  it('is served as a script, revalidated on every check, with the whole site as its scope', async () => {
    const worker = await get('/service-worker.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers['cache-control']).toBe(PAGE_CACHE_CONTROL);
    expect(worker.headers['service-worker-allowed']).toBe('/');
    // Other files do not widen a worker's scope.
    expect((await get('/favicon.svg')).headers['service-worker-allowed']).toBeUndefined();
  });
});

describe('web app delivery: precompressed files', () => {
  it('sends the brotli file to a browser that accepts br, gzip to one that accepts only gzip', async () => {
    const br = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 4);

    const gz = await get('/assets/index-AbC123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the plain file when no encoding is accepted, still saying it varies on Accept-Encoding', async () => {
    for (const accept of [undefined, 'identity']) {
      const plain = await get('/assets/index-AbC123.js', accept);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(SCRIPT);
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('compresses index.html for / and for the single-page fallback of an app path', async () => {
    for (const url of ['/', '/conversations/CH123?x=1']) {
      const page = await get(url, 'br');
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-encoding']).toBe('br');
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(brotliDecompressSync(page.rawPayload).toString()).toBe(INDEX);
    }
    expect((await get('/login')).body).toBe(INDEX);
  });

  it('serves a file without a compressed sibling as it is', async () => {
    const icon = await get('/favicon.svg', 'br, gzip');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.body).toContain('<svg');
  });
});

describe('web app delivery: caching', () => {
  it('lets browsers keep hashed assets for a year without asking again, in every encoding', async () => {
    for (const accept of ['br', 'gzip', undefined]) {
      expect((await get('/assets/index-AbC123.js', accept)).headers['cache-control']).toBe(
        HASHED_ASSET_CACHE_CONTROL,
      );
    }
    expect(HASHED_ASSET_CACHE_CONTROL).toBe('public, max-age=31536000, immutable');
  });

  it('makes browsers revalidate index.html (direct, fallback, any encoding) and unhashed files', async () => {
    for (const [url, accept] of [
      ['/', 'br'],
      ['/index.html', undefined],
      ['/conversations', 'gzip'],
      ['/login', undefined],
      ['/favicon.svg', 'br'],
    ] as const) {
      expect((await get(url, accept)).headers['cache-control'], url).toBe(PAGE_CACHE_CONTROL);
    }
    expect(PAGE_CACHE_CONTROL).toBe('no-cache');
  });

  it('answers JSON 404 for a missing asset and for unknown API paths, never the page', async () => {
    const missing = await get('/assets/missing-XyZ.js', 'br');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'not-found' });
    expect((await get('/api/unknown')).json()).toMatchObject({ code: 'not-found' });
  });
});
