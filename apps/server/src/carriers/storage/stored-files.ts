import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import type { FastifyBaseLogger } from 'fastify';
import type { StorageCarrier } from './storage-carrier';
import { organizationFileKey } from './storage-key';

/**
 * A new key for one of an organisation's files: `org/<organizationId>/<folder>/<random uuid>`.
 * Every write takes a new key (never overwrites one a row names), so a row always names whole
 * bytes: the file is put, then the row is written; the file the row named before is deleted
 * after the commit (`deleteStoredFile`).
 * @throws RangeError when `folder` is unfit for a key.
 */
export function newOrganizationFileKey(organizationId: string, folder: string): string {
  return organizationFileKey(organizationId, folder, randomUUID());
}

/** The whole file under `key`, as bytes. @throws StorageNotFoundError, CarrierError. */
export async function readStoredFile(storage: StorageCarrier, key: string): Promise<Buffer> {
  return buffer((await storage.get(key)).stream);
}

/**
 * Deletes the file under `key` (nothing for null), once no committed row names it any more. A
 * failure is logged, not thrown: the row is already gone, and a file nothing names is harmless
 * (it costs space, it is never served).
 */
export async function deleteStoredFile(
  deps: { storage: StorageCarrier; log: FastifyBaseLogger },
  key: string | null | undefined,
): Promise<void> {
  if (!key) return;
  await deps.storage.delete(key).catch((error: unknown) => {
    deps.log.warn({ err: error, key }, 'A stored file no row names could not be deleted');
  });
}

/**
 * A storage carrier that forwards to `carrier()`, read at each call: what the carriers' own
 * deps hold (`HostDeps.storage`) before the storage carrier is built along with them.
 */
export function storageOnceBuilt(carrier: () => StorageCarrier): StorageCarrier {
  return {
    get name() {
      return carrier().name;
    },
    put: (key, body, info) => carrier().put(key, body, info),
    get: (key) => carrier().get(key),
    delete: (key) => carrier().delete(key),
    signedUrl: (key, options) => carrier().signedUrl(key, options),
  };
}
