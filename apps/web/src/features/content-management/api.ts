import type { PostImage } from '@accueil/domain';
import { apiRequest } from '../../lib/api';

/**
 * POST /api/posts/images: a multipart form with the picture (the endpoint table has no body for
 * it: JSON bodies only). Answers where the kept picture is served. Marketing only.
 */
export function uploadPostImage(file: File): Promise<PostImage> {
  const form = new FormData();
  form.append('file', file);
  return apiRequest<PostImage>('POST', 'posts/images', { body: form });
}
