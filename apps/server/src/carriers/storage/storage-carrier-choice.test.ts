import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { loadConfig, storageCarrierName } from '../../config';
import { useTestApp } from '../../test/test-app';

describe('the storage carrier of the app', () => {
  const t = useTestApp();

  it('is the disk vendor by default, whose signed URLs the app serves without a session', async () => {
    expect(t.deps.storage.name).toBe('disk');
    const key = `org/${crypto.randomUUID()}/greetings/welcome`;
    await t.deps.storage.put(key, Buffer.from('ID3-audio'), { contentType: 'audio/mpeg' });
    expect((await buffer((await t.deps.storage.get(key)).stream)).toString()).toBe('ID3-audio');
    const url = new URL(await t.deps.storage.signedUrl(key, { expiresInSeconds: 300 }));
    const res = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect([res.statusCode, res.headers['content-type'], res.body]).toEqual([200, 'audio/mpeg', 'ID3-audio']);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const forged = await t.app.inject({
      method: 'GET',
      url: `${url.pathname}?key=${encodeURIComponent(key)}&expires=9999999999&signature=AAAA`,
    });
    expect(forged.statusCode).toBe(404);
    expect(forged.body).not.toContain('ID3-audio');
  });
});

describe('which storage carrier the configuration names', () => {
  it('is s3 when S3_BUCKET is set, disk otherwise, and STORAGE_CARRIER wins', () => {
    expect(storageCarrierName({ STORAGE_CARRIER: undefined, S3_BUCKET: undefined })).toBe('disk');
    expect(storageCarrierName({ STORAGE_CARRIER: undefined, S3_BUCKET: 'files' })).toBe('s3');
    expect(storageCarrierName({ STORAGE_CARRIER: 'disk', S3_BUCKET: 'files' })).toBe('disk');
  });

  it('refuses STORAGE_CARRIER=s3 without S3_BUCKET, and half an access key', () => {
    expect(() => loadConfig({ STORAGE_CARRIER: 's3' })).toThrow(
      /S3_BUCKET is required when STORAGE_CARRIER=s3/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(/go together/);
    expect(loadConfig({ S3_BUCKET: 'files', S3_FORCE_PATH_STYLE: 'true' }).S3_FORCE_PATH_STYLE).toBe(true);
  });
});
