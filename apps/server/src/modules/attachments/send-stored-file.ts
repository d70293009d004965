import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply } from 'fastify';
import type { StoredFile } from '../../carriers/storage/storage-carrier';

/**
 * A stored file as an answer that runs nothing: its sniffed type, `nosniff`, a CSP that allows
 * no script, no plugin, no frame and sandboxes the document, private caching, and
 * `Content-Disposition: attachment` with its name unless a picture is viewed in place.
 * `cacheControl` replaces the private 5-minute caching (a secure file is never kept: `no-store`).
 */
export function sendStoredFile(
  reply: FastifyReply,
  file: StoredFile,
  served: { contentType: string; name: string; inline: boolean; cacheControl?: string },
) {
  return reply
    .type(served.contentType)
    .header('content-length', file.size)
    .header('cache-control', served.cacheControl ?? 'private, max-age=300')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox")
    .header('cross-origin-resource-policy', 'same-origin')
    .header(
      'content-disposition',
      contentDisposition(served.name, { type: served.inline ? 'inline' : 'attachment' }),
    )
    .send(file.stream);
}
