// The attachments benchmark's baseline (scripts/bench/attachments.mjs): a bare Node HTTP server
// that streams each POST's body, as it comes, to the same store the app uses, and nothing else —
// no multipart parsing, no authentication, no database, no type sniffing. What the app adds to
// "bytes from a socket to the store" is what the benchmark compares.
//
//   PORT=… SINK_STORE=disk SINK_DIR=/tmp/… [SINK_MULTIPART=1] node upload-sink-server.mjs
//   PORT=… SINK_STORE=s3 S3_ENDPOINT=http://127.0.0.1:… S3_BUCKET=… node upload-sink-server.mjs
//
// Disk: written to DIR/.tmp then renamed into place, as the disk vendor does. S3: one PutObject
// with the request as its body and its length, with the S3 client settings of the S3 vendor
// (checksums only when required, the SDK's default connection pool). Answers 201 once stored.
// SINK_MULTIPART=1: the body is parsed as the multipart form it is, with the app's parser
// (@fastify/busboy), and only the file part's bytes are stored — the least an API that takes a
// multipart upload must do, to set beside the bare pipe.
// SINK_APP=1 (with SINK_MULTIPART=1 and the app's environment, PORT the app's, SINK_PORT the
// sink's): the app's bundle runs in this process too (apps/server/dist/start.js, built), so the
// uploads are handled by a process holding the app's heap, which every full garbage collection
// marks; and each upload reads a row and writes one through PostgreSQL (DATABASE_URL), as the
// API's session check and attachment row do. What an API of this size recording its uploads
// cannot avoid: the ceiling of its throughput against the bare pipe's.
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { createWriteStream, mkdirSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import http from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import Busboy from '@fastify/busboy';

const store = process.env.SINK_STORE ?? 'disk';
const dir = process.env.SINK_DIR ?? '/tmp/accueil-sink';
const s3 =
  store === 's3'
    ? new S3Client({
        region: 'us-east-1',
        endpoint: process.env.S3_ENDPOINT,
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      })
    : null;
if (!s3) mkdirSync(join(dir, '.tmp'), { recursive: true });

const multipart = process.env.SINK_MULTIPART === '1';

const withApp = process.env.SINK_APP === '1';
let db = null;
if (withApp) {
  await import(pathToFileURL(join(import.meta.dirname, '../../../apps/server/dist/start.js')).href);
  const { default: pg } = await import('pg');
  db = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  await db.query(
    'CREATE TABLE IF NOT EXISTS bench_sink_uploads (id uuid PRIMARY KEY, key text NOT NULL, size integer NOT NULL)',
  );
}

/** With SINK_APP: one row read (by its primary key, found or not) and one written per upload. */
async function record(key, size) {
  if (!db) return;
  const id = randomUUID();
  await db.query('SELECT key FROM bench_sink_uploads WHERE id = $1', [id]);
  await db.query('INSERT INTO bench_sink_uploads (id, key, size) VALUES ($1, $2, $3)', [id, key, size]);
}

/** The file part of a multipart request, as a stream (resolves at the part's start). */
function filePart(req) {
  return new Promise((resolve, reject) => {
    const parser = new Busboy({ headers: req.headers });
    parser.on('file', (_field, file) => resolve(file));
    parser.on('error', reject);
    req.pipe(parser);
  });
}

/** Streams one request's body (or its file part) to the store under a new key. */
async function keep(req) {
  const body = multipart ? await filePart(req) : req;
  const key = `sink/${randomUUID()}`;
  // The file part's length is the query's `size`, as the API's upload declares it.
  const size = multipart
    ? Number(new URL(req.url, 'http://sink').searchParams.get('size'))
    : Number(req.headers['content-length']);
  if (s3) {
    await s3.send(
      new PutObjectCommand({
        Bucket: process.env.S3_BUCKET,
        Key: key,
        Body: body,
        ContentLength: size,
        ContentType: 'application/octet-stream',
      }),
    );
  } else {
    const tmp = join(dir, '.tmp', randomUUID());
    await pipeline(body, createWriteStream(tmp));
    await rename(tmp, join(dir, key.replace('/', '-')));
  }
  await record(key, size);
}

const seen = new Set();
const server = http.createServer((req, res) => {
  if (req.method === 'GET') return res.end('ok');
  keep(req).then(
    () => {
      res.statusCode = 201;
      res.end('{}');
    },
    (error) => {
      // Said once per kind: the benchmark names the failing burst, this says why.
      if (!seen.has(String(error))) console.error(`[sink] ${String(error)}`);
      seen.add(String(error));
      res.statusCode = 500;
      res.end(String(error));
    },
  );
});
server.listen(Number(process.env.SINK_PORT ?? process.env.PORT), '127.0.0.1');
// Kept-alive connections as long as the app keeps them (KEEP_ALIVE_TIMEOUT_MS, 72 s): with Node's
// 5 s a connection left idle since the warm-up was closed as a burst reused it (`write EPIPE`).
server.keepAliveTimeout = 72_000;

// Exits on SIGTERM (the benchmark's stop) through process.exit, so that a `--cpu-prof` profile is written.
process.on('SIGTERM', () => process.exit(0));
