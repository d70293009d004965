import type { MultipartFile } from '@fastify/multipart';
import { AppError } from '@accueil/domain';
import type { FastifyRequest } from 'fastify';

/**
 * The `file` part of a multipart upload (the fields sent before it in `part.fields`), once the
 * route's parser is registered. Runs `use` with it, then reads a refused upload to its end
 * (bounded by the parser's limit), so the answer goes out on a connection in a known state.
 * @throws AppError `unsupported-media-type` (not multipart), `payload-too-large` (more parts
 *   than allowed), `validation-failed` (no well-formed form, or no `file` part); what `use` throws.
 */
export async function withUploadPart<T>(
  request: FastifyRequest,
  use: (part: MultipartFile) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart())
    throw new AppError('unsupported-media-type', 'Send the file as multipart/form-data (field "file")');
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
}
