import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { StorageNotFoundError, type StorageCarrier } from '../storage-carrier';
import { checkStorageKey } from '../storage-key';
import { DISK_CARRIER_NAME } from './disk-storage-carrier';
import type { UrlSigner } from './signed-url';

/**
 * The disk vendor's files in memory, for DATA_DIR `memory://` (the tests): kept for the life of
 * this carrier (one per app), with the same contract, signed URLs and download route as on disk.
 */
export function createMemoryStorageCarrier(signer: UrlSigner): StorageCarrier {
  const files = new Map<string, { bytes: Buffer; contentType: string }>();
  return {
    name: DISK_CARRIER_NAME,
    async put(key, body, { contentType }) {
      checkStorageKey(key);
      // Copied: the caller may reuse its buffer.
      const bytes = Buffer.isBuffer(body) ? Buffer.from(body) : await buffer(body);
      files.set(key, { bytes, contentType });
    },
    // eslint-disable-next-line @typescript-eslint/require-await
    async get(key) {
      const file = files.get(checkStorageKey(key));
      if (!file) throw new StorageNotFoundError(key);
      return { stream: Readable.from([file.bytes]), contentType: file.contentType, size: file.bytes.length };
    },
    // eslint-disable-next-line @typescript-eslint/require-await
    async delete(key) {
      files.delete(checkStorageKey(key));
    },
    // eslint-disable-next-line @typescript-eslint/require-await
    async signedUrl(key, { expiresInSeconds }) {
      return signer.sign(key, expiresInSeconds);
    },
  };
}
