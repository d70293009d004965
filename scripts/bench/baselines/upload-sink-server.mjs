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
import { randomUUID } from 'node:crypto';
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
  if (s3) {
    await s3.send(
      new PutObjectCommand({
        Bucket: process.env.S3_BUCKET,
        Key: key,
        Body: body,
        // The file part's length is the query's `size`, as the API's upload declares it.
        ContentLength: multipart
          ? Number(new URL(req.url, 'http://sink').searchParams.get('size'))
          : Number(req.headers['content-length']),
        ContentType: 'application/octet-stream',
      }),
    );
    return;
  }
  const tmp = join(dir, '.tmp', randomUUID());
  await pipeline(body, createWriteStream(tmp));
  await rename(tmp, join(dir, key.replace('/', '-')));
}

http
  .createServer((req, res) => {
    if (req.method === 'GET') return res.end('ok');
    keep(req).then(
      () => {
        res.statusCode = 201;
        res.end('{}');
      },
      (error) => {
        res.statusCode = 500;
        res.end(String(error));
      },
    );
  })
  .listen(Number(process.env.PORT), '127.0.0.1');

// Exits on SIGTERM (the benchmark's stop) through process.exit, so that a `--cpu-prof` profile is written.
process.on('SIGTERM', () => process.exit(0));
