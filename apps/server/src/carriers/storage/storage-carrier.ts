import type { Readable } from 'node:stream';
import { CarrierError, type CarrierErrorKind } from '../messaging/messaging-carrier';

// One closed set of failures for every carrier (docs/behaviour/carriers.md): a storage vendor's
// errors map to the same four kinds as a messaging vendor's; a missing file is its own error.
export { CarrierError, type CarrierErrorKind };

/**
 * What `put` is told about the bytes: their media type and, when known, their length in bytes.
 * `signal` stops a stream's upload: a vendor that sends the bytes elsewhere (S3) aborts its
 * request when the signal fires (a stream that fails mid-way would otherwise leave the store
 * waiting for the bytes it was promised); the write is then not kept.
 */
export type StoredFileInfo = { contentType: string; contentLength?: number; signal?: AbortSignal };

/** A kept file as `get` answers it: its bytes as a stream (read it once), media type and size in bytes. */
export type StoredFile = { stream: Readable; contentType: string; size: number };

/** `get` of a key that holds nothing (never written, or deleted). */
export class StorageNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No file kept under ${key}`);
    this.name = 'StorageNotFoundError';
  }
}

/**
 * Where the app keeps files (logos, greetings' audio, import files, call recordings), by key.
 * Each vendor lives in its own folder (`disk/`, `s3/`). Keys are storage names only (see
 * storage-key.ts: `org/<organizationId>/…`); which organisation may read a file is decided by
 * the row that names its key, in a use case, never by the store. Like every carrier it never
 * reads the environment or the database: what it needs is passed at construction.
 *
 * Every method rejects with `RangeError` on a key refused by `checkStorageKey` (before any I/O),
 * and with `CarrierError` (temporary, permanent, auth, rate-limited) when the store fails.
 */
export interface StorageCarrier {
  /** The vendor's name (`disk`, `s3`), as the configuration names it. */
  readonly name: string;
  /**
   * Keeps `body` under `key`, replacing any file there; a reader sees the old file or the new
   * one whole, never a part. A stream body is read to its end.
   */
  put(key: string, body: Buffer | Readable, info: StoredFileInfo): Promise<void>;
  /** The file kept under `key`. @throws StorageNotFoundError when none is. */
  get(key: string): Promise<StoredFile>;
  /** Forgets the file under `key` (nothing when none is kept). */
  delete(key: string): Promise<void>;
  /**
   * An absolute URL that downloads the file under `key` without signing in, for
   * `expiresInSeconds` (1 s to 7 days, S3's limit; `RangeError` outside). Hand it only to a
   * caller a use case has let read the file. It does not check that the file exists.
   */
  signedUrl(key: string, options: { expiresInSeconds: number }): Promise<string>;
  /**
   * Asks the vendor cheaply whether it answers and takes our credentials, for the operators'
   * health panel (docs/behaviour/operations.md, "Carriers"): S3: a HEAD of the bucket; disk: the folder can be written. Absent: nothing to ask (a
   * vendor inside this process, the sandbox's), always up. The caller bounds how long it waits.
   * @throws CarrierError (or the vendor's error) when it does not answer or refuses us.
   */
  probe?(): Promise<void>;
}

/** The longest life of a signed URL: 7 days (S3's presigned URL limit). */
export const MAX_SIGNED_URL_SECONDS = 7 * 24 * 3600;

/** @throws RangeError when `expiresInSeconds` is not a whole number from 1 to `MAX_SIGNED_URL_SECONDS`. */
export function checkExpiry(expiresInSeconds: number): number {
  if (
    !Number.isInteger(expiresInSeconds) ||
    expiresInSeconds < 1 ||
    expiresInSeconds > MAX_SIGNED_URL_SECONDS
  )
    throw new RangeError(`signed URL life out of range: ${expiresInSeconds} s`);
  return expiresInSeconds;
}
