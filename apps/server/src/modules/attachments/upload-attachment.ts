import { type Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AppError,
  attachmentMaxBytes,
  cleanAttachmentName,
  tooLargeRefusal,
  type Attachment,
  type AttachmentKind,
} from '@accueil/domain';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { deleteStoredFile, newOrganizationFileKey } from '../../carriers/storage/stored-files';
import type { Database } from '../../db/client';
import { attachments } from '../../db/schema/attachments';
import type { RequestContext } from '../../http/request-context';
import { peekHead, UploadGuard } from './attachment-bytes';
import { presentAttachment } from './attachments.presenter';
import { keepPicture } from './picture';
import { sniffAttachmentType } from './sniff-type';

/**
 * Whose upload it is: a signed-in user's (a `RequestContext` fits), or a contact's at
 * `/send-file` (`userId` null: no user uploaded it).
 */
export type UploadOwner = Pick<RequestContext, 'organizationId'> & { userId: string | null };

/** One uploaded file: its bytes (read once), its name as sent, the length the browser declared, the user's resize agreement. */
export type UploadAttachmentInput = { file: Readable; name?: string; size: number; resize: boolean };

const TOO_LARGE_TEXT: Record<AttachmentKind, string> = {
  image: 'Image size must not exceed 200 kilobytes.',
  pdf: 'The PDF file must be less than 600 kilobytes.',
  media: 'Your file must be 2 megabytes or less.',
};

/** The refusal of a file of `kind` over its limit, with the spec's message. */
export function tooLarge(kind: AttachmentKind): AppError {
  return new AppError(tooLargeRefusal(kind), TOO_LARGE_TEXT[kind]);
}

/**
 * Why reading an upload failed: the guard's refusal when it made one, an `AppError` as it came,
 * anything else from the client's side (a cut connection, a multipart form that ends early) as
 * `upload-incomplete`.
 */
function upstreamFailure(guard: UploadGuard, error: unknown): unknown {
  if (guard.failure) return guard.failure;
  if (error instanceof AppError) return error;
  return new AppError('upload-incomplete', 'The upload was cut before its end');
}

/** Reads a guarded picture into memory: at most its limit (200 KB, or 20 MB when the user agreed to a resize). */
async function readGuarded(whole: Readable, guard: UploadGuard): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  await pipeline(whole, guard, sink).catch((error: unknown) => {
    throw upstreamFailure(guard, error);
  });
  return Buffer.concat(chunks);
}

/**
 * Streams guarded bytes to the storage carrier under `key`: the guard is the store's body, so the
 * bytes go socket → multipart parser → guard → store with no stage of ours between (never held
 * whole); the guard's refusal wins over what the store says of it.
 */
async function streamGuarded(
  deps: Pick<AppDeps, 'storage'>,
  whole: Readable,
  guard: UploadGuard,
  key: string,
  info: { contentType: string; contentLength: number },
): Promise<void> {
  // A refusal or a cut upload mid-way stops the store's write (S3 would wait for the promised bytes).
  const abort = new AbortController();
  const piping = pipeline(whole, guard).catch((error: unknown) => {
    abort.abort();
    throw error;
  });
  let storeFailedFirst = false;
  const storing = deps.storage.put(key, guard, { ...info, signal: abort.signal }).catch((error: unknown) => {
    // The store gave up: stop reading the upload, so the pipe does not wait on a reader forever.
    storeFailedFirst = !abort.signal.aborted;
    whole.destroy();
    throw error;
  });
  const [piped, stored] = await Promise.allSettled([piping, storing]);
  if (stored.status === 'rejected' && storeFailedFirst) throw guard.failure ?? stored.reason;
  if (piped.status === 'rejected') throw upstreamFailure(guard, piped.reason);
  if (stored.status === 'rejected') throw guard.failure ?? stored.reason;
}

/** The columns an upload writes (the others take their defaults). */
type AttachmentRowValues = Pick<
  typeof attachments.$inferInsert,
  | 'organizationId'
  | 'uploadedBy'
  | 'name'
  | 'kind'
  | 'storageKey'
  | 'thumbnailKey'
  | 'contentType'
  | 'size'
  | 'width'
  | 'height'
  | 'resized'
>;

const placeholders = Object.fromEntries(
  (
    [
      'organizationId',
      'uploadedBy',
      'name',
      'kind',
      'storageKey',
      'thumbnailKey',
      'contentType',
      'size',
      'width',
      'height',
      'resized',
    ] as const
  ).map((column) => [column, sql.placeholder(column)]),
) as unknown as AttachmentRowValues;

/** Per database: the upload's INSERT, built once (see `insertAttachmentRow`). */
const insertStatements = new WeakMap<Database, ReturnType<typeof prepareInsert>>();

function prepareInsert(db: Database) {
  return db.insert(attachments).values(placeholders).returning().prepare('accueil_attachment_insert_v1');
}

/**
 * Writes an uploaded file's row and returns it. The statement is built once per database and
 * runs as a named prepared statement (parsed once per connection): building Drizzle's INSERT of
 * 15 columns for each upload was about a sixth of the JavaScript an upload allocated
 * (docs/benchmarks.md, attachments).
 */
async function insertAttachmentRow(db: Database, values: AttachmentRowValues) {
  let statement = insertStatements.get(db);
  if (!statement) {
    statement = prepareInsert(db);
    insertStatements.set(db, statement);
  }
  const [row] = await statement.execute(values);
  return row!;
}

/**
 * POST /api/attachments: keeps one file for a message the user is composing
 * (docs/behaviour/attachments.md). The type is sniffed from the first bytes (`sniffAttachmentType`),
 * the declared size checked against the class's limit before anything is stored, then the bytes
 * go through a guard that stops them at the limit, refuses a PDF holding a ZIP archive and a
 * body shorter or longer than declared. Media and PDFs stream to the storage carrier; a picture
 * (at most 200 KB, or 20 MB with `resize`) is re-encoded without its metadata and given a
 * thumbnail (`keepPicture`). The row is written once the bytes are whole; on any failure the
 * stored objects are deleted, so a refused or cut upload leaves neither row nor object.
 * @throws AppError `file-unexpected`, `image-too-large`, `file-too-large`, `pdf-too-large`,
 *   `upload-incomplete`, `validation-failed` (a longer body than declared); CarrierError when the store fails.
 */
export async function uploadAttachment(
  deps: Pick<AppDeps, 'db' | 'storage' | 'log'>,
  ctx: UploadOwner,
  input: UploadAttachmentInput,
): Promise<Attachment> {
  const name = cleanAttachmentName(input.name);
  const { head, whole } = await peekHead(input.file).catch((error: unknown) => {
    throw error instanceof AppError
      ? error
      : new AppError('upload-incomplete', 'The upload was cut before its end');
  });
  const { contentType, kind } = await sniffAttachmentType(head, name);
  if (input.size > attachmentMaxBytes(kind, { resize: input.resize })) throw tooLarge(kind);
  const guard = new UploadGuard({
    max: input.size,
    tooLarge: new AppError('validation-failed', 'The file is longer than its declared size', [
      { location: 'query', path: 'size', message: 'too-small' },
    ]),
    expected: input.size,
    refuseZip: kind === 'pdf',
  });
  const storageKey = newOrganizationFileKey(ctx.organizationId, 'attachments');
  const thumbnailKey = kind === 'image' ? `${storageKey}.thumbnail` : null;
  try {
    let kept: {
      contentType: string;
      size: number;
      width: number | null;
      height: number | null;
      resized: boolean;
    };
    if (kind === 'image') {
      const picture = await keepPicture(await readGuarded(whole, guard), contentType);
      await deps.storage.put(storageKey, picture.content, {
        contentType: picture.contentType,
        contentLength: picture.content.length,
      });
      await deps.storage.put(thumbnailKey!, picture.thumbnail, {
        contentType: 'image/webp',
        contentLength: picture.thumbnail.length,
      });
      kept = { ...picture, size: picture.content.length };
    } else {
      await streamGuarded(deps, whole, guard, storageKey, { contentType, contentLength: input.size });
      kept = { contentType, size: guard.bytes, width: null, height: null, resized: false };
    }
    const row = await insertAttachmentRow(deps.db, {
      organizationId: ctx.organizationId,
      uploadedBy: ctx.userId,
      name,
      kind,
      storageKey,
      thumbnailKey,
      ...kept,
    });
    return presentAttachment(row);
  } catch (error) {
    whole.destroy();
    await deleteStoredFile(deps, storageKey);
    await deleteStoredFile(deps, thumbnailKey);
    throw error;
  }
}
