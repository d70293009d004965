import { randomUUID } from 'node:crypto';
import { readStoredFile } from '../../storage/stored-files';
import { checkStorageKey } from '../../storage/storage-key';
import { StorageNotFoundError, type StorageCarrier } from '../../storage/storage-carrier';
import type { FetchedMedia } from '../messaging-carrier';

/**
 * The address of a picture a simulated phone sent: `sandbox-media:<key>`, its bytes kept in the
 * storage carrier under `sandbox/phones/<uuid>` until the app fetched them (the sandbox's
 * counterpart of Twilio's media URL, read by `fetchMedia` like Twilio's).
 */
export const SANDBOX_MEDIA_SCHEME = 'sandbox-media:';
const SANDBOX_MEDIA_FOLDER = 'sandbox/phones';

/** A new storage key for a picture a simulated phone sends. */
export function newSandboxMediaKey(): string {
  return checkStorageKey(`${SANDBOX_MEDIA_FOLDER}/${randomUUID()}`);
}

/** The address an inbound text carries for the picture kept under `key`. */
export function sandboxMediaUrl(key: string): string {
  return `${SANDBOX_MEDIA_SCHEME}${key}`;
}

/**
 * The bytes of a simulated phone's picture, or null when `url` is not one of the sandbox's
 * (another carrier's address, a key outside the phones' folder) or the file is gone.
 */
export async function fetchSandboxMedia(
  storage: StorageCarrier,
  media: { url: string; contentType: string },
): Promise<FetchedMedia | null> {
  if (!media.url.startsWith(SANDBOX_MEDIA_SCHEME)) return null;
  const key = media.url.slice(SANDBOX_MEDIA_SCHEME.length);
  if (!key.startsWith(`${SANDBOX_MEDIA_FOLDER}/`)) return null;
  try {
    return { bytes: await readStoredFile(storage, checkStorageKey(key)), contentType: media.contentType };
  } catch (error) {
    if (error instanceof StorageNotFoundError || error instanceof RangeError) return null;
    throw error;
  }
}
