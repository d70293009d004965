import { createHash, createHmac } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { Attachment } from '@accueil/domain';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll } from 'vitest';
import { appBaseUrl } from '../config';
import { createDiskStorageCarrier } from '../carriers/storage/disk/disk-storage-carrier';
import { urlSigner } from '../carriers/storage/disk/signed-url';
import { startS3StandIn, STAND_IN_BUCKET } from '../carriers/storage/s3/testing/s3-stand-in';
import { buildUser } from './factories';
import { multipartFile } from './multipart';
import { signedInAs } from './signed-in';
import { useTestApp, type TestApp } from './test-app';

/** The storage vendors every attachment test runs on. */
export const STORAGE_VENDORS = ['disk', 's3'] as const;
export type StorageVendor = (typeof STORAGE_VENDORS)[number];

/**
 * The file's server with its files on `vendor`: on disk in a temporary folder (the disk
 * vendor itself, not its in-memory form) or on S3 through a local s3rver. `storedKeys(prefix)`
 * lists what the store holds under a prefix (to see that nothing was left behind).
 */
export function useAttachmentApp(vendor: StorageVendor) {
  let s3: Awaited<ReturnType<typeof startS3StandIn>> | null = null;
  let folder = '';
  beforeAll(async () => {
    if (vendor === 's3') s3 = await startS3StandIn();
  });
  const t = useTestApp(() => (s3 ? s3.config() : {}));
  beforeAll(async () => {
    if (vendor !== 'disk') return;
    // The app's disk vendor keeps files in memory with DATA_DIR=memory:// (the tests' database
    // too): the attachments run on the real disk vendor in a folder of their own. Its methods
    // replace the in-memory ones on the same object, which the signed download route holds too.
    folder = await mkdtemp(join(tmpdir(), 'accueil-attachments-'));
    const config = t.deps.config;
    Object.assign(
      t.deps.storage,
      createDiskStorageCarrier(folder, urlSigner(config.JWT_SECRET!, appBaseUrl(config))),
    );
  });
  afterAll(async () => {
    await s3?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  async function storedKeys(prefix: string): Promise<string[]> {
    if (s3) {
      const client = new S3Client({
        region: 'us-east-1',
        endpoint: s3.endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      const listed = await client.send(new ListObjectsV2Command({ Bucket: STAND_IN_BUCKET, Prefix: prefix }));
      client.destroy();
      return (listed.Contents ?? []).map((o) => o.Key!);
    }
    const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name).slice(folder.length + 1))
      .filter((key) => key.startsWith(prefix) || key.startsWith('.tmp/'));
  }
  return { t, storedKeys };
}

/** A signed-in user of a new organisation, with their headers. */
export async function buildUploader() {
  const user = await buildUser();
  return { user, headers: await signedInAs(user) };
}

/** Uploads `data` as `name` (its declared `size` its length unless given) and answers the raw response. */
export function upload(
  t: TestApp,
  headers: Record<string, string>,
  data: Buffer,
  name: string,
  options: { size?: number; resize?: boolean } = {},
) {
  const form = multipartFile('file', name, data);
  const query = new URLSearchParams({ size: String(options.size ?? data.length) });
  if (options.resize) query.set('resize', 'true');
  return t.app.inject({
    method: 'POST',
    url: `/api/attachments?${query.toString()}`,
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
}

/** Uploads and answers the attachment (the upload must succeed). */
export async function uploaded(
  t: TestApp,
  headers: Record<string, string>,
  data: Buffer,
  name: string,
  options: { resize?: boolean } = {},
): Promise<Attachment> {
  const res = await upload(t, headers, data, name, options);
  if (res.statusCode !== 201) throw new Error(`upload refused: ${res.statusCode} ${res.body}`);
  return res.json<Attachment>();
}

/** A JPEG photo with EXIF and GPS metadata, of about `noise` bytes of detail (random pixels compress badly). */
export async function photoWithGps(width = 200, height = 150): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919 + ((i / 3) | 0) * 104729) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .withExif({
      IFD0: { Make: 'Apple', Model: 'iPhone 15' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '45/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '73/1 34/1 0/1',
      },
    })
    .toBuffer();
}

/** A PDF of exactly `size` bytes (a header, a comment filling the rest, an end marker). */
export function pdfOfSize(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj <<>> endobj\n', 'latin1');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, 0x20), tail]);
}

/** An MP3 of exactly `size` bytes: an ID3 tag, then MPEG audio frames (a 417-byte frame repeated). */
export function mp3OfSize(size: number): Buffer {
  const tag = Buffer.from([0x49, 0x44, 0x33, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]);
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  const frames = Buffer.concat(Array.from({ length: Math.ceil(size / frame.length) }, () => frame));
  return Buffer.concat([tag, frames]).subarray(0, size);
}

/**
 * A decompression bomb: a tiny PNG whose header (IHDR, its CRC made right) claims `width` ×
 * `height` pixels, so that a decoder trusting it would allocate them.
 */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
  // Signature (8), IHDR length (4), type (4), then width and height (4 each) and 5 more bytes, then the CRC.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/**
 * Whether `url`, an S3 presigned GET (signature V4, `host` the only signed header, unsigned
 * payload), carries the signature S3 would compute with `secretAccessKey`: s3rver, the tests'
 * S3, checks a presigned URL's expiry but not its V4 signature (its authentication middleware
 * leaves V4 "unimplemented"), so a test of a forged URL on S3 recomputes it as S3 does
 * (https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-query-string-auth.html).
 */
export function presignedSignatureHolds(url: string, secretAccessKey: string): boolean {
  const parsed = new URL(url);
  const query = parsed.searchParams;
  const [, date, region, service] = (query.get('X-Amz-Credential') ?? '').split('/');
  const amzDate = query.get('X-Amz-Date') ?? '';
  const encode = (s: string) =>
    encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const canonicalQuery = [...query.entries()]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => `${encode(name)}=${encode(value)}`)
    .sort()
    .join('&');
  const canonicalRequest = [
    'GET',
    parsed.pathname,
    canonicalQuery,
    `host:${parsed.host}\n`,
    query.get('X-Amz-SignedHeaders'),
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    amzDate,
    scope,
    createHash('sha256').update(canonicalRequest).digest('hex'),
  ].join('\n');
  const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
  let key = hmac(`AWS4${secretAccessKey}`, date ?? '');
  for (const part of [region ?? '', service ?? '', 'aws4_request']) key = hmac(key, part);
  return hmac(key, stringToSign).toString('hex') === query.get('X-Amz-Signature');
}
