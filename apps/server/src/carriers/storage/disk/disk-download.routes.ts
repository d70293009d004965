import { AppError } from '@accueil/domain';
import type { AppInstance } from '../../../http/types';
import { StorageNotFoundError, type StorageCarrier } from '../storage-carrier';
import { SIGNED_DOWNLOAD_PATH, type SignedDownload, type UrlSigner } from './signed-url';

/**
 * The disk vendor's signed downloads (`GET /storage/download?key&expires&signature`), outside
 * `/api`: an `<audio>` or a link sends no bearer token, the signature (of a URL a use case handed
 * out after checking the row) is the proof. A forged, altered or expired URL answers 404
 * `not-found`, as a missing file does: the answer tells nothing about other keys. Private,
 * never cached by shared caches, never run as a page (a stored file could be HTML).
 */
export async function diskDownloadRoutes(
  app: AppInstance,
  storage: StorageCarrier,
  signer: UrlSigner,
): Promise<void> {
  app.get<{ Querystring: Partial<SignedDownload> }>(
    SIGNED_DOWNLOAD_PATH,
    { schema: { hide: true } },
    async (request, reply) => {
      const key = signer.verify(request.query);
      if (!key) throw new AppError('not-found', 'This download link is invalid or has expired');
      try {
        const file = await storage.get(key);
        return await reply
          .type(file.contentType)
          .header('content-length', file.size)
          .header('cache-control', 'private, max-age=60')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(file.stream);
      } catch (error) {
        if (error instanceof StorageNotFoundError) throw new AppError('not-found', 'No such file');
        throw error;
      }
    },
  );
  return Promise.resolve();
}
