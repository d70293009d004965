// The attachments benchmark's baseline (scripts/bench/attachments.mjs): a bare Node HTTP server
// that streams each POST's body, as it comes, to the same store the app uses, and nothing else —
// no multipart parsing, no authentication, no database, no type sniffing. What the app adds to
// "bytes from a socket to the store" is what the benchmark compares.
//
//   PORT=… SINK_STORE=disk SINK_DIR=/tmp/… node upload-sink-server.mjs
//   PORT=… SINK_STORE=s3 S3_ENDPOINT=http://127.0.0.1:… S3_BUCKET=… node upload-sink-server.mjs
//
// Disk: written to DIR/.tmp then renamed into place, as the disk vendor does. S3: one PutObject
// with the request as its body and its length, with the S3 client settings of the S3 vendor
// (checksums only when required, the SDK's default connection pool). Answers 201 once stored.
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import http from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

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

/** Streams one request's body to the store under a new key. */
async function keep(req) {
  const key = `sink/${randomUUID()}`;
  if (s3) {
    await s3.send(
      new PutObjectCommand({
        Bucket: process.env.S3_BUCKET,
        Key: key,
        Body: req,
        ContentLength: Number(req.headers['content-length']),
        ContentType: 'application/octet-stream',
      }),
    );
    return;
  }
  const tmp = join(dir, '.tmp', randomUUID());
  await pipeline(req, createWriteStream(tmp));
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
