import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { checkExpiry, StorageNotFoundError, type StorageCarrier } from '../storage-carrier';
import { checkStorageKey } from '../storage-key';
import { isS3NotFound, toCarrierError } from './s3-errors';

export const S3_CARRIER_NAME = 's3';

/**
 * Sockets the S3 client keeps open at most (per protocol). The SDK's default, 50, queued a burst of
 * 200 uploads behind 50 PUTs: the later ones waited for a socket past the server's request
 * time-out and answered 408 (scripts/bench/attachments.mjs, 2026-11-29). Each upload holds one
 * socket for its PUT only; S3 and the S3-compatible services take thousands of connections.
 */
export const S3_MAX_SOCKETS = 256;

/** Where the files go: the bucket, its region and, for an S3-compatible service, its endpoint. */
export type S3StorageOptions = {
  bucket: string;
  region: string;
  /** An S3-compatible service's URL (MinIO, R2, Scaleway, a test server); absent: AWS. */
  endpoint?: string;
  /** Both or neither; neither: the SDK's default chain (an instance or task role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (most S3-compatible services). */
  forcePathStyle?: boolean;
};

/**
 * Files in an S3 bucket (AWS or any S3-compatible service), by key. Signed URLs are S3's
 * presigned GETs (signature V4), served by the bucket itself. Checksums are computed only when
 * an operation requires them: S3-compatible services do not all take the SDK's default CRC32
 * trailers.
 */
export function createS3StorageCarrier(options: S3StorageOptions): StorageCarrier {
  const config: S3ClientConfig = {
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      httpAgent: { keepAlive: true, maxSockets: S3_MAX_SOCKETS },
      httpsAgent: { keepAlive: true, maxSockets: S3_MAX_SOCKETS },
    },
  };
  if (options.accessKeyId && options.secretAccessKey)
    config.credentials = { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey };
  // The SDK (about 6.6 MB of heap with its presigner) loads when an S3 carrier is made, not
  // with the server: a server on the disk vendor never holds it, nor marks it at every full
  // garbage collection (docs/benchmarks.md, attachments). Made at once; each call awaits it.
  const sdk = Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')]);
  const ready: Promise<{ client: S3Client; lib: Awaited<typeof sdk>[0]; presigner: Awaited<typeof sdk>[1] }> =
    sdk.then(([lib, presigner]) => ({ client: new lib.S3Client(config), lib, presigner }));
  // A failed load is each call's error; not an unhandled rejection of its own.
  ready.catch(() => undefined);
  const Bucket = options.bucket;

  return {
    name: S3_CARRIER_NAME,
    async put(key, body, { contentType, contentLength, signal }) {
      checkStorageKey(key);
      // A stream of unknown length is read first: PutObject needs the length up front.
      const Body = Buffer.isBuffer(body) || contentLength !== undefined ? body : await buffer(body);
      const ContentLength = Buffer.isBuffer(Body) ? Body.length : contentLength;
      const { client, lib } = await ready;
      try {
        await client.send(
          new lib.PutObjectCommand({ Bucket, Key: key, Body, ContentType: contentType, ContentLength }),
          { abortSignal: signal },
        );
      } catch (error) {
        throw toCarrierError(error);
      }
    },
    async get(key) {
      checkStorageKey(key);
      const { client, lib } = await ready;
      try {
        const answer = await client.send(new lib.GetObjectCommand({ Bucket, Key: key }));
        // In Node the body is the HTTP response, a Readable.
        const stream = answer.Body instanceof Readable ? answer.Body : Readable.from([]);
        return {
          stream,
          contentType: answer.ContentType ?? 'application/octet-stream',
          size: answer.ContentLength ?? 0,
        };
      } catch (error) {
        if (isS3NotFound(error)) throw new StorageNotFoundError(key);
        throw toCarrierError(error);
      }
    },
    async delete(key) {
      checkStorageKey(key);
      const { client, lib } = await ready;
      try {
        await client.send(new lib.DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        if (!isS3NotFound(error)) throw toCarrierError(error);
      }
    },
    async probe() {
      // HEAD of the bucket: it exists and our credentials may reach it; no object is read.
      try {
        const { client, lib } = await ready;
        await client.send(new lib.HeadBucketCommand({ Bucket }));
      } catch (error) {
        throw toCarrierError(error);
      }
    },
    async signedUrl(key, { expiresInSeconds }) {
      checkStorageKey(key);
      const { client, lib, presigner } = await ready;
      return presigner.getSignedUrl(client, new lib.GetObjectCommand({ Bucket, Key: key }), {
        expiresIn: checkExpiry(expiresInSeconds),
      });
    },
  };
}
