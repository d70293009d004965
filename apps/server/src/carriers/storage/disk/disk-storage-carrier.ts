import { randomUUID } from 'node:crypto';
import { createWriteStream, constants as fsConstants } from 'node:fs';
import { access, mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CarrierError,
  StorageNotFoundError,
  type CarrierErrorKind,
  type StorageCarrier,
} from '../storage-carrier';
import { checkStorageKey } from '../storage-key';
import type { UrlSigner } from './signed-url';

export const DISK_CARRIER_NAME = 'disk';

/** File system failures another try may get past (a full disk, too many open files, a busy file). */
const TEMPORARY_CODES = new Set(['ENOSPC', 'EMFILE', 'ENFILE', 'EBUSY', 'EAGAIN', 'EIO']);

/** Opening failures that mean nothing is kept under the key. */
const NOT_FOUND_CODES = new Set(['ENOENT', 'ENOTDIR']);

/** A file system failure as the carriers' closed set: permissions → auth, passing shortages → temporary. */
function toCarrierError(error: unknown): CarrierError {
  const code = (error as NodeJS.ErrnoException).code;
  const kind: CarrierErrorKind =
    code === 'EACCES' || code === 'EPERM'
      ? 'auth'
      : code && TEMPORARY_CODES.has(code)
        ? 'temporary'
        : 'permanent';
  return new CarrierError(kind, (error as Error).message, code);
}

/**
 * What opens each file the disk vendor keeps, before its media type: NUL first, which no text and
 * no media format's signature starts with, so a file of the earlier layout (bare bytes, the media
 * type in `.meta/<key>`) is never read as one of these.
 */
const HEAD_MARK = Buffer.from('\0accueil-file 1 ', 'latin1');
/** The longest head: the mark, a media type (RFC 6838: 127 + 1 + 127 characters, parameters beyond), a newline. */
const HEAD_MAX_BYTES = 512;

/**
 * The head of a kept file: the mark, the media type, a newline.
 * @throws RangeError when the media type holds a control character or makes the head too long.
 */
export function diskFileHead(contentType: string): Buffer {
  // Any control character (a newline first) would break the head's one line.
  if (/\p{Cc}/u.test(contentType)) throw new RangeError('media type refused: a control character');
  const head = Buffer.concat([HEAD_MARK, Buffer.from(`${contentType}\n`, 'utf8')]);
  if (head.length > HEAD_MAX_BYTES) throw new RangeError('media type refused: too long');
  return head;
}

/** The media type and head length of a file's first bytes, or null when they hold no head (the earlier layout). */
function readDiskFileHead(first: Buffer): { contentType: string; length: number } | null {
  if (!first.subarray(0, HEAD_MARK.length).equals(HEAD_MARK)) return null;
  const end = first.indexOf(0x0a, HEAD_MARK.length);
  if (end < 0) return null;
  return { contentType: first.toString('utf8', HEAD_MARK.length, end), length: end + 1 };
}

/**
 * Files on disk under `root`: each key's file at `root/<key>`, its media type in the file's head
 * (`diskFileHead`) before the bytes. One file per key: a media type in a file beside it (the
 * earlier layout, `root/.meta/<key>`, still read) cost an inode, a 4 KB block and as many file
 * system calls again for a few bytes (docs/benchmarks.md, attachments). Each file is written to
 * `root/.tmp/` then renamed into place (same file system), so a reader sees a whole file or none.
 * Signed URLs are the app's own (`signer`), served by `diskDownloadRoutes`.
 */
export function createDiskStorageCarrier(root: string, signer: UrlSigner): StorageCarrier {
  const tmpDir = join(root, '.tmp');
  const dataPath = (key: string) => join(root, checkStorageKey(key));
  const metaPath = (key: string) => join(root, '.meta', checkStorageKey(key));

  // Folders this carrier made or found, not made again at every write: a file's folder is its
  // organisation's area (`org/<id>/attachments`), the same for thousands of files, and two
  // recursive mkdirs per write were an eighth of an upload's CPU (docs/benchmarks.md, attachments).
  // A folder removed behind the carrier's back shows as ENOENT: it is made again, and the write
  // goes on (the body is not read before the temporary file is open).
  const folders = new Set<string>();
  async function ensureFolder(path: string, again = false): Promise<void> {
    if (folders.has(path) && !again) return;
    await mkdir(path, { recursive: true });
    folders.add(path);
  }
  const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

  async function writeAtomically(target: string, head: Buffer, body: Buffer | Readable): Promise<void> {
    const tmp = join(tmpDir, randomUUID());
    await Promise.all([ensureFolder(tmpDir), ensureFolder(dirname(target))]);
    const handle = await open(tmp, 'w').catch(async (error: unknown) => {
      if (!missing(error)) throw error;
      await ensureFolder(tmpDir, true);
      return open(tmp, 'w');
    });
    try {
      // A stream is written through the file's descriptor with the callback API, as `fs`'s own
      // write streams do: the handle's promise-based stream took about 15 % more CPU (200 files
      // of 2 MB in 64 KB chunks: 1.04–1.20 s against 0.90–0.97 s). The handle owns the
      // descriptor and closes it.
      // The head first; the bytes follow it from the descriptor's position.
      await handle.write(head);
      if (Buffer.isBuffer(body)) await handle.writeFile(body);
      else await pipeline(body, createWriteStream('', { fd: handle.fd, autoClose: false }));
      await handle.close();
      await rename(tmp, target).catch(async (error: unknown) => {
        if (!missing(error)) throw error;
        await ensureFolder(dirname(target), true);
        await rename(tmp, target);
      });
    } catch (error) {
      await handle.close().catch(() => undefined);
      await rm(tmp, { force: true });
      throw error;
    }
  }

  return {
    name: DISK_CARRIER_NAME,
    async probe() {
      // Every write goes through the temporary folder: it must exist (or be made) and be writable.
      try {
        await mkdir(tmpDir, { recursive: true });
        await access(tmpDir, fsConstants.W_OK);
      } catch (error) {
        throw toCarrierError(error);
      }
    },
    async put(key, body, { contentType }) {
      const [data, head] = [dataPath(key), diskFileHead(contentType)];
      try {
        await writeAtomically(data, head, body);
      } catch (error) {
        throw toCarrierError(error);
      }
    },
    async get(key) {
      const data = dataPath(key);
      let handle;
      try {
        handle = await open(data, 'r');
      } catch (error) {
        // ENOTDIR: a part of the key is a file (`a` is kept, `a/b` is asked): nothing under it.
        if (NOT_FOUND_CODES.has((error as NodeJS.ErrnoException).code ?? ''))
          throw new StorageNotFoundError(key);
        throw toCarrierError(error);
      }
      try {
        const stats = await handle.stat();
        // A folder of other keys (`a` asked while `a/b` is kept) is no file.
        if (!stats.isFile()) throw new StorageNotFoundError(key);
        const first = await handle.read(Buffer.alloc(HEAD_MAX_BYTES), 0, HEAD_MAX_BYTES, 0);
        const head = readDiskFileHead(first.buffer.subarray(0, first.bytesRead));
        const contentType =
          head?.contentType ??
          (await readFile(metaPath(key), 'utf8').catch(() => 'application/octet-stream'));
        const start = head?.length ?? 0;
        // The stream owns the open file from here, and closes it when read or destroyed.
        return { stream: handle.createReadStream({ start }), contentType, size: stats.size - start };
      } catch (error) {
        await handle.close();
        throw error instanceof StorageNotFoundError ? error : toCarrierError(error);
      }
    },
    async delete(key) {
      const [data, meta] = [dataPath(key), metaPath(key)];
      try {
        await rm(data, { force: true });
        // A file of the earlier layout has its media type beside it.
        await rm(meta, { force: true });
      } catch (error) {
        throw toCarrierError(error);
      }
    },
    // eslint-disable-next-line @typescript-eslint/require-await
    async signedUrl(key, { expiresInSeconds }) {
      return signer.sign(key, expiresInSeconds);
    },
  };
}
