import type { MultipartFile } from '@fastify/multipart';
import { AppError } from '@accueil/domain';
import type { FastifyRequest } from 'fastify';
import pLimit, { type LimitFunction } from 'p-limit';

/**
 * Upload bodies one server process reads at once (docs/behaviour/attachments.md, «Memory»). Each
 * upload being read holds a few chunks of up to 64 KB in its stream stages; past this number the
 * others wait their turn with their bodies unread, in their sockets' kernel buffers (TCP slows
 * their clients), so the server's memory stays bounded whatever the number of uploads. A waiting
 * upload still has the request time limit (30 s, `REQUEST_TIMEOUT_MS`) for its whole body.
 */
export const UPLOAD_BODIES_AT_ONCE = 32;

/** The process's gate for upload bodies (`UPLOAD_BODIES_AT_ONCE` at once). */
const uploadBodies: LimitFunction = pLimit(UPLOAD_BODIES_AT_ONCE);

/** Uploads whose bodies are being read now, and those waiting their turn (tests, diagnostics). */
export function uploadBodiesInFlight(): { reading: number; waiting: number } {
  return { reading: uploadBodies.activeCount, waiting: uploadBodies.pendingCount };
}

/**
 * The `file` part of a multipart upload (the fields sent before it in `part.fields`), once the
 * route's parser is registered. Waits its turn among the uploads read at once
 * (`UPLOAD_BODIES_AT_ONCE`) before reading the body; runs `use` with the part, then reads a
 * refused upload to its end (bounded by the parser's limit), so the answer goes out on a
 * connection in a known state.
 * @throws AppError `unsupported-media-type` (not multipart), `payload-too-large` (more parts
 *   than allowed), `validation-failed` (no well-formed form, or no `file` part),
 *   `upload-incomplete` (the client went away while the upload waited); what `use` throws.
 */
export async function withUploadPart<T>(
  request: FastifyRequest,
  use: (part: MultipartFile) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart())
    throw new AppError('unsupported-media-type', 'Send the file as multipart/form-data (field "file")');
  return uploadBodies(async () => {
    // Gone while it waited (closed, or cut at the request time limit): nothing to read.
    if (request.raw.destroyed) throw new AppError('upload-incomplete', 'The upload was cut before its end');
    const part = await request.file().catch((error: unknown) => {
      // A body that is no well-formed multipart form (cut, no boundary, bad headers) is the client's fault.
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 413) throw new AppError('payload-too-large', 'Send one file and nothing else');
      throw new AppError('validation-failed', 'The multipart form could not be read', [
        { location: 'body', path: 'file', message: 'invalid' },
      ]);
    });
    if (!part || part.fieldname !== 'file')
      throw new AppError('validation-failed', 'Send the file in the "file" field', [
        { location: 'body', path: 'file', message: 'required' },
      ]);
    try {
      return await use(part);
    } finally {
      part.file.resume();
    }
  });
}
