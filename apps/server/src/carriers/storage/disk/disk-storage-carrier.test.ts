import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandler } from '../../../http/error-handler';
import type { AppInstance } from '../../../http/types';
import type { StorageCarrier } from '../storage-carrier';
import { storageContract, type StorageHarness } from '../testing/storage-contract';
import { diskDownloadRoutes } from './disk-download.routes';
import { createDiskStorageCarrier, diskFileHead } from './disk-storage-carrier';
import { createMemoryStorageCarrier } from './memory-storage-carrier';
import { urlSigner } from './signed-url';

const BASE = 'http://files.test';

/** A carrier made by `make`, and a bare server with the app's error answers serving its signed URLs. */
function harness(make: (signer: ReturnType<typeof urlSigner>) => Promise<StorageCarrier>): StorageHarness {
  let storage: StorageCarrier;
  let app: AppInstance;
  beforeAll(async () => {
    const signer = urlSigner('a-secret-of-the-app-a-secret-of-the-app', BASE);
    storage = await make(signer);
    app = Fastify();
    installErrorHandler(app);
    await diskDownloadRoutes(app, storage, signer);
  });
  afterAll(() => app.close());
  return {
    verifiesSignatures: true,
    storage: () => storage,
    async download(url) {
      const res = await app.inject({ method: 'GET', url: url.slice(BASE.length) });
      return { status: res.statusCode, contentType: res.headers['content-type'], body: res.rawPayload };
    },
  };
}

describe('the disk storage carrier', () => {
  let root: string;
  afterAll(() => rm(root, { recursive: true, force: true }));
  const h = harness(async (signer) => {
    root = await mkdtemp(join(tmpdir(), 'accueil-storage-'));
    return createDiskStorageCarrier(root, signer);
  });
  storageContract(h);

  it('keeps a file at root/<key>, leaves no temporary file, and keeps the old file when a put fails', async () => {
    const key = 'org/o1/logo';
    await h.storage().put(key, Buffer.from('old'), { contentType: 'image/png' });
    expect(await readdir(join(root, 'org/o1'))).toEqual(['logo']);
    const failing = new Readable({
      read() {
        this.push('new-but-');
        this.destroy(new Error('the upload was cut'));
      },
    });
    await expect(h.storage().put(key, failing, { contentType: 'image/png' })).rejects.toThrow();
    expect(await readdir(join(root, '.tmp'))).toEqual([]);
    expect((await buffer((await h.storage().get(key)).stream)).toString()).toBe('old');
  });

  it('keeps one file per key, its media type in the head before the bytes, and serves the bytes alone', async () => {
    const bytes = Buffer.from('%PDF-1.7 not much of a PDF');
    await h.storage().put('org/o3/form', bytes, { contentType: 'application/pdf' });
    await h.storage().put('org/o3/empty', Readable.from([]), { contentType: 'audio/mpeg' });
    expect((await readdir(root)).sort()).toEqual(['.tmp', 'org']);
    expect(await readFile(join(root, 'org/o3/form'))).toEqual(
      Buffer.concat([Buffer.from('\0accueil-file 1 application/pdf\n', 'latin1'), bytes]),
    );
    const form = await h.storage().get('org/o3/form');
    expect([await buffer(form.stream), form.contentType, form.size]).toEqual([
      bytes,
      'application/pdf',
      bytes.length,
    ]);
    const empty = await h.storage().get('org/o3/empty');
    expect([(await buffer(empty.stream)).length, empty.contentType, empty.size]).toEqual([
      0,
      'audio/mpeg',
      0,
    ]);
    expect(() => diskFileHead('text/plain\nX-Injected: yes')).toThrow(RangeError);
    expect(() => diskFileHead(`image/${'x'.repeat(600)}`)).toThrow(RangeError);
  });

  it('reads, serves and deletes a file of the earlier layout (bare bytes, the media type in .meta/<key>)', async () => {
    await mkdir(join(root, 'org/o4'), { recursive: true });
    await mkdir(join(root, '.meta/org/o4'), { recursive: true });
    await writeFile(join(root, 'org/o4/logo'), 'PNG bytes');
    await writeFile(join(root, '.meta/org/o4/logo'), 'image/png');
    await writeFile(join(root, 'org/o4/untyped'), 'bytes');
    const logo = await h.storage().get('org/o4/logo');
    expect([(await buffer(logo.stream)).toString(), logo.contentType, logo.size]).toEqual([
      'PNG bytes',
      'image/png',
      9,
    ]);
    const untyped = await h.storage().get('org/o4/untyped');
    untyped.stream.destroy(); // closes the file; only its type is looked at
    expect(untyped.contentType).toBe('application/octet-stream');
    const url = await h.storage().signedUrl('org/o4/logo', { expiresInSeconds: 60 });
    expect(await h.download(url)).toMatchObject({ status: 200, contentType: 'image/png' });
    await h.storage().delete('org/o4/logo');
    expect([await readdir(join(root, 'org/o4')), await readdir(join(root, '.meta/org/o4'))]).toEqual([
      ['untyped'],
      [],
    ]);
  });

  it('writes on when its folders were removed behind its back, a stream as well as bytes', async () => {
    await h.storage().put('org/o2/a', Buffer.from('first'), { contentType: 'text/plain' });
    await rm(join(root, 'org'), { recursive: true });
    await rm(join(root, '.tmp'), { recursive: true });
    await h
      .storage()
      .put('org/o2/b', Readable.from([Buffer.from('streamed')]), { contentType: 'text/plain' });
    await rm(join(root, '.tmp'), { recursive: true });
    await h.storage().put('org/o2/c', Buffer.from('bytes'), { contentType: 'text/plain' });
    const b = await h.storage().get('org/o2/b');
    expect((await buffer(b.stream)).toString()).toBe('streamed');
    const c = await h.storage().get('org/o2/c');
    expect([(await buffer(c.stream)).toString(), c.contentType]).toEqual(['bytes', 'text/plain']);
    expect(await readdir(join(root, '.tmp'))).toEqual([]);
  });
});

describe('the disk storage carrier in memory (DATA_DIR memory://)', () => {
  storageContract(harness((signer) => Promise.resolve(createMemoryStorageCarrier(signer))));
});

describe('the signed URLs of the disk vendor', () => {
  it('expire at their time, and only verify with the secret that signed them', () => {
    let now = 1_700_000_000_000;
    const signer = urlSigner('secret-one-secret-one-secret-one', BASE, () => now);
    const other = urlSigner('secret-two-secret-two-secret-two', BASE, () => now);
    const query = Object.fromEntries(new URL(signer.sign('org/o/a', 60)).searchParams);
    expect(query.expires).toBe(String(1_700_000_060));
    expect(signer.verify(query)).toBe('org/o/a');
    expect(other.verify(query)).toBeNull();
    expect(signer.verify({ ...query, expires: String(1_700_000_999) })).toBeNull();
    expect(signer.verify({ ...query, signature: `${query.signature}A` })).toBeNull();
    expect(signer.verify({ key: query.key, expires: query.expires })).toBeNull();
    now += 60_000;
    expect(signer.verify(query)).toBe('org/o/a');
    now += 1;
    expect(signer.verify(query)).toBeNull();
  });
});
