import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { CarrierError, type StorageCarrier } from '../storage-carrier';
import { storageContract } from '../testing/storage-contract';
import { s3ErrorKind } from './s3-errors';
import { createS3StorageCarrier, S3_MAX_SOCKETS } from './s3-storage-carrier';
import { startS3StandIn, STAND_IN_BUCKET } from './testing/s3-stand-in';

let s3: Awaited<ReturnType<typeof startS3StandIn>>;
beforeAll(async () => {
  s3 = await startS3StandIn();
});
afterAll(() => s3.close());

/** Fetches a URL over the network (the bucket serves S3's presigned URLs itself). */
async function download(url: string) {
  const res = await fetch(url);
  return {
    status: res.status,
    contentType: res.headers.get('content-type') ?? undefined,
    body: Buffer.from(await res.arrayBuffer()),
  };
}

describe('the S3 storage carrier, against a local S3 protocol server', () => {
  let storage: StorageCarrier;
  beforeAll(() => {
    storage = createS3StorageCarrier({
      bucket: STAND_IN_BUCKET,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
  });
  // s3rver does not check V4 signatures (AWS and S3-compatible services do): the altered-URL
  // clause cannot run against it; that the URL is S3's signed one is checked below.
  storageContract({ storage: () => storage, download, verifiesSignatures: false });

  it("hands out S3's presigned GET (signature V4, the lifetime asked)", async () => {
    const url = new URL(await storage.signedUrl('org/o/a', { expiresInSeconds: 90 }));
    expect(url.pathname).toBe(`/${STAND_IN_BUCKET}/org/o/a`);
    expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('90');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('fails with auth on an unknown access key, and permanent on a missing bucket', async () => {
    const wrong = createS3StorageCarrier({
      bucket: STAND_IN_BUCKET,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      accessKeyId: 'NOT-A-KEY',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    const put = wrong.put('org/o/a', Buffer.from('x'), { contentType: 'text/plain' });
    await expect(put).rejects.toBeInstanceOf(CarrierError);
    await expect(put).rejects.toMatchObject({ kind: 'auth' });
    const noBucket = createS3StorageCarrier({
      bucket: 'no-such-bucket',
      region: 'us-east-1',
      endpoint: s3.endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    await expect(
      noBucket.put('org/o/a', Buffer.from('x'), { contentType: 'text/plain' }),
    ).rejects.toMatchObject({
      kind: 'permanent',
      carrierCode: 'NoSuchBucket',
    });
  });

  it('maps throttling and server failures to rate-limited and temporary', () => {
    expect(s3ErrorKind({ name: 'SlowDown', $metadata: { httpStatusCode: 503 } })).toBe('rate-limited');
    expect(s3ErrorKind({ name: 'InternalError', $metadata: { httpStatusCode: 500 } })).toBe('temporary');
    expect(s3ErrorKind({ name: 'Error', code: 'ECONNREFUSED' })).toBe('temporary');
    expect(s3ErrorKind({ name: 'InvalidArgument', $metadata: { httpStatusCode: 400 } })).toBe('permanent');
  });
});

describe('two servers on one bucket', () => {
  // Two apps, each with its own database: all they share is the bucket, as two processes would.
  let storing: TestApp;
  let serving: TestApp;
  beforeAll(async () => {
    [storing, serving] = await Promise.all([createTestApp(s3.config()), createTestApp(s3.config())]);
  });
  afterAll(() => Promise.all([storing.close(), serving.close()]));

  it('one stores a file, the other reads it and hands out a URL the bucket serves', async () => {
    expect([storing.deps.storage.name, serving.deps.storage.name]).toEqual(['s3', 's3']);
    const key = `org/${crypto.randomUUID()}/greetings/welcome`;
    await storing.deps.storage.put(key, Buffer.from('ID3-audio'), { contentType: 'audio/mpeg' });
    const got = await serving.deps.storage.get(key);
    expect([got.contentType, got.size, (await buffer(got.stream)).toString()]).toEqual([
      'audio/mpeg',
      9,
      'ID3-audio',
    ]);
    const url = await serving.deps.storage.signedUrl(key, { expiresInSeconds: 60 });
    expect(url.startsWith(`${s3.endpoint}/${STAND_IN_BUCKET}/`)).toBe(true);
    expect(await download(url)).toMatchObject({ status: 200, contentType: 'audio/mpeg' });
    // The disk vendor's route is not there: the bucket serves the files.
    expect((await serving.app.inject({ method: 'GET', url: '/storage/download' })).statusCode).toBe(404);
  });
});

describe('a burst of uploads', () => {
  it('puts more files at once than the SDK’s default 50 sockets, none waiting for another', async () => {
    // A bucket that answers no PUT until `burst` of them are open at once (or gives up after 5 s
    // with a 503): with the SDK's default pool of 50 sockets, the 51st waits for a socket and
    // the burst never completes.
    const burst = 80;
    expect(S3_MAX_SOCKETS).toBeGreaterThanOrEqual(burst);
    const held: (() => void)[] = [];
    const bucket = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        // Each request is answered once: the 200 of the release or the 503 of its time-out.
        const answer = (status: number) => () => {
          clearTimeout(giveUp);
          if (!res.headersSent) res.writeHead(status, { 'content-length': 0 }).end();
        };
        const giveUp = setTimeout(answer(503), 5_000);
        held.push(answer(200));
        if (held.length === burst) held.splice(0).forEach((release) => release());
      });
    });
    await new Promise<void>((resolve) => bucket.listen(0, '127.0.0.1', resolve));
    const storage = createS3StorageCarrier({
      bucket: 'b',
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${(bucket.address() as AddressInfo).port}`,
      accessKeyId: 'K',
      secretAccessKey: 'S',
      forcePathStyle: true,
    });
    try {
      const puts = Array.from({ length: burst }, (_, i) =>
        storage.put(`org/o/burst-${i}`, Buffer.from('x'), { contentType: 'text/plain' }),
      );
      await expect(Promise.all(puts)).resolves.toHaveLength(burst);
    } finally {
      bucket.closeAllConnections();
      await new Promise((resolve) => bucket.close(resolve));
    }
  });
});
