import { mkdtemp, readdir, rm } from 'node:fs/promises';
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
import { createDiskStorageCarrier } from './disk-storage-carrier';
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

  it('writes on when its folders were removed behind its back, a stream as well as bytes', async () => {
    await h.storage().put('org/o2/a', Buffer.from('first'), { contentType: 'text/plain' });
    await rm(join(root, 'org'), { recursive: true });
    await rm(join(root, '.tmp'), { recursive: true });
    await h
      .storage()
      .put('org/o2/b', Readable.from([Buffer.from('streamed')]), { contentType: 'text/plain' });
    await rm(join(root, '.meta'), { recursive: true });
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
